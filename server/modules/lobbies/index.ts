import type { FastifyInstance } from 'fastify'
import type { Lobby, LobbySummary } from '../../contract/socket/lobbies'
import type { Viewer } from '../../plugins/auth'
import type { Clock } from '../../lib/clock'
import type { BindRequests } from '../../lib/socket-handler'
import type { ChatsModule } from '../chats'
import type { FriendsModule } from '../friends'
import { stageOfState, type GameModule } from '../game'
import { createLobbiesRepository } from './lobbies.repository'
import { createLobbiesService, type LobbiesService } from './lobbies.service'
import { connectedUsers, createLobbyBroadcasts, registerLobbiesEvents } from './lobbies.socket'
import { createMatchmakingRepository } from './matchmaking.repository'
import { createMatchmaking } from './matchmaking.service'

export { lobbiesRoom, lobbyRoom } from './lobbies.socket'

/** What other modules may use of the lobbies: the table a user is at (the table's media asks it). */
export interface LobbiesModule {
  membershipOf: LobbiesService['membershipOf']
  /** A table as the list shows it; null for an unknown id. */
  summary: LobbiesService['summary']
  /** A table's members by role, as user ids (the table's media names who may be in its room). */
  membersOf(lobbyId: number): Promise<{ players: number[]; judge: number | null; spectators: number[] }>
  /**
   * Runs after users sat down, moved, left or were sent away, with their ids and the tables they
   * left or joined (the streamer's page follows its streamer; the table's media closes who left).
   */
  onMembersMoved(listener: (userIds: readonly number[], lobbyIds: readonly number[]) => void): void
  /**
   * Runs after a table closed before its end and its members were sent away: an admin disbanded it,
   * or its last player or judge left it before the deal (a tournament's watchers see its table closed).
   */
  onDisbanded(listener: (lobbyId: number) => void): void
  /** The admin panel's tables (its routes check the role): the live ones, coming in, watching, closing one. */
  admin: {
    list(): Promise<LobbySummary[]>
    join(viewer: Viewer, lobbyId: number): Promise<Lobby>
    watch(viewer: Viewer, lobbyId: number): Promise<Lobby>
    /** Closes a table for everyone (an unknown id is errors.not_found); `notice` runs once it is closed, while its members are still in its rooms. */
    disband(lobbyId: number, notice: () => void): Promise<void>
  }
  /**
   * Seats a tournament table (players in seat order, the judge in the chair), tells the list and
   * the rooms, and answers its id; refused when one of them is seated or judging at a live table.
   */
  seatTournamentTable(spec: Parameters<LobbiesService['createTournamentTable']>[0]): Promise<number>
}

/**
 * Tables over the socket: create, list, join, watch, judge, leave, the ladder queue and the admins'
 * disband. Seat changes run in the table's queue of the game host; the host asks this module how a
 * table sits when its game starts. Game chats are open to the table's members only, and finished
 * tables suggest table-mates as friends.
 */
export function registerLobbiesModule(app: FastifyInstance, options: { clock: Clock; bindRequests: BindRequests; game: GameModule; chats: ChatsModule; friends: FriendsModule }): LobbiesModule {
  const { game, chats, friends } = options
  const service = createLobbiesService({ repository: createLobbiesRepository(app.db), game })
  const movedListeners: Array<(userIds: readonly number[], lobbyIds: readonly number[]) => void> = []
  const disbandedListeners: Array<(lobbyId: number) => void> = []
  const tableBroadcasts = createLobbyBroadcasts(app, service, chats)
  // Every seat change goes through apply: once its rooms and pushes are done, those who moved are named.
  const broadcasts: typeof tableBroadcasts = {
    ...tableBroadcasts,
    async apply(change, options) {
      await tableBroadcasts.apply(change, options)
      const moved = [...(change.joined ?? []).map((joined) => joined.userId), ...(change.left ?? [])]
      const tables = change.previous ? [change.lobbyId, change.previous] : [change.lobbyId]
      if (moved.length > 0) for (const listener of movedListeners) listener(moved, tables)
      if (change.closed) for (const listener of disbandedListeners) listener(change.lobbyId)
    },
  }
  game.setTableSource({ setupOf: (lobbyId) => service.setupOf(lobbyId), isMember: (userId, lobbyId) => service.isMember(userId, lobbyId) })
  chats.setGameChatPolicy((userId, lobbyId) => service.isMember(userId, lobbyId))
  friends.addSuggestionSource({
    reason: 'table_mate',
    suggest: async (userId, limit) => (await service.tableMates(userId, limit)).map((row) => ({ userId: row.user_id, score: row.games })),
  })
  // The deal and the end change a table's status: the list and the table hear of it (of the deal
  // as the deal read the table).
  game.onEvents((lobbyId, events, state) => {
    const dealt = events.some((event) => event.type === 'roles_dealt')
    if (!dealt && !events.some((event) => event.type === 'game_ended')) return
    const known = dealt ? service.dealtSummary(lobbyId, stageOfState(state)) : null
    broadcasts.publish(lobbyId, false, known).catch((error: unknown) => app.log.error({ err: error, lobbyId }, 'lobby update failed'))
  })
  const matchmaking = createMatchmaking({ repository: createMatchmakingRepository(app.db), lobbies: service, connected: (userIds) => connectedUsers(app.io, userIds) })
  registerLobbiesEvents(app, { service, broadcasts, matchmaking, game, bindRequests: options.bindRequests })
  return {
    membershipOf: (userId) => service.membershipOf(userId),
    summary: (lobbyId) => service.summary(lobbyId),
    membersOf: (lobbyId) => service.membersOf(lobbyId),
    onMembersMoved: (listener) => movedListeners.push(listener),
    onDisbanded: (listener) => disbandedListeners.push(listener),
    async seatTournamentTable(spec) {
      const { lobbyId, left } = await service.createTournamentTable(spec)
      for (const change of left) await broadcasts.apply(change)
      const joined = [...spec.players.map((userId) => ({ userId, as: 'player' as const })), ...(spec.judge === null ? [] : [{ userId: spec.judge, as: 'judge' as const }])]
      await broadcasts.apply({ lobbyId, joined }, { created: true })
      return lobbyId
    },
    admin: {
      list: () => service.list(),
      async join(viewer, lobbyId) {
        const { as, change } = await service.join(viewer, lobbyId)
        await matchmaking.satDown(viewer.user.id, as)
        if (change) await broadcasts.apply(change)
        return service.lobbyFor(lobbyId, viewer.user.id, as)
      },
      async watch(viewer, lobbyId) {
        const { as, change } = await service.watch(viewer, lobbyId)
        if (change) await broadcasts.apply(change)
        return service.lobbyFor(lobbyId, viewer.user.id, as)
      },
      async disband(lobbyId, notice) {
        const change = await service.close(lobbyId)
        notice()
        await broadcasts.apply(change)
      },
    },
  }
}
