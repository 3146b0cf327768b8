import type { FastifyInstance } from 'fastify'
import { lobbiesRequests, type Lobby, type LobbyRole, type LobbyStage, type LobbySummary } from '../../contract/socket/lobbies'
import { createKeyedQueue } from '../../lib/keyed-queue'
import { takeSocketLimit, type BindRequests } from '../../lib/socket-handler'
import { userRoom, type AppServer, type AppSocket } from '../../plugins/socket-io'
import type { ChatsModule } from '../chats'
import { spectatorRoom, stageOfState, type GameModule } from '../game'
import { createTableConnections, type ClosedBy } from './connections.service'
import { createStageChanges, type LobbiesService, type LobbyChange } from './lobbies.service'
import type { LadderSeating, Matchmaking } from './matchmaking.service'

/** Sockets that asked for the list: they hear of new, changed and closed tables. */
export const lobbiesRoom = 'lobbies'
/** Everyone at one table (players, judge, spectators): they hear of its seat changes. */
export const lobbyRoom = (lobbyId: number) => `lobby:${lobbyId}`

/**
 * The realtime side of table changes: sockets join and leave the table's rooms and its game chat,
 * and the list and the table hear of it.
 */
export function createLobbyBroadcasts(app: FastifyInstance, service: LobbiesService, chats: ChatsModule) {
  const io: AppServer = app.io

  /**
   * The table's summary to the list and to everyone at it; a closed table leaves the list. `known`:
   * the summary as it stands now, when the caller has it (the deal's), else the table is read.
   */
  async function publish(lobbyId: number, created = false, known: LobbySummary | null = null): Promise<void> {
    const summary = known ?? (await service.summary(lobbyId))
    if (!summary) return
    const live = summary.status === 'open' || summary.status === 'running'
    io.to(lobbyRoom(lobbyId)).emit('mafia:lobby:updated', summary)
    if (live) io.to(lobbiesRoom).except(lobbyRoom(lobbyId)).emit(created ? 'mafia:lobby:listed' : 'mafia:lobby:updated', summary)
    else io.to(lobbiesRoom).except(lobbyRoom(lobbyId)).emit('mafia:lobby:removed', { id: lobbyId, status: summary.status })
  }

  function enterRooms(userId: number, lobbyId: number, as: LobbyRole): void {
    const sockets = io.in(userRoom(userId))
    sockets.socketsJoin(lobbyRoom(lobbyId))
    if (as === 'spectator') sockets.socketsJoin(spectatorRoom(lobbyId))
    else sockets.socketsLeave(spectatorRoom(lobbyId))
  }

  async function leaveTable(userId: number, lobbyId: number): Promise<void> {
    io.in(userRoom(userId)).socketsLeave([lobbyRoom(lobbyId), spectatorRoom(lobbyId)])
    await chats.leaveGameChat(userId, lobbyId)
  }

  const changesInOrder = createKeyedQueue<number>()

  /**
   * A running game's new stage, to the list only and on its own: nothing else of the summary changed
   * (a summary is about 2 KB, its stage 50 bytes, and it costs no read of the table). Everyone at the
   * table holds the phase, day and night in their game view already; whoever of them also looks at
   * the list hears it there.
   */
  function publishStage(lobbyId: number, stage: LobbyStage): void {
    io.to(lobbiesRoom).emit('mafia:lobby:stage', { id: lobbyId, stage })
  }

  return {
    publish,
    publishStage,
    enterRooms,

    /**
     * Applies a change: rooms and game chats first, then the table's and the list's updates. Changes
     * run in order for each user they move: a join is applied after the ack that answers it, so a
     * leave sent at once must wait for it, or the join would put the user back in the game chat.
     */
    apply(change: LobbyChange, options: { created?: boolean } = {}): Promise<void> {
      const userIds = [...(change.joined ?? []).map((joined) => joined.userId), ...(change.left ?? [])]
      return changesInOrder.run(userIds, () => applyNow(change, options))
    },
  }

  async function applyNow(change: LobbyChange, options: { created?: boolean }): Promise<void> {
    if (change.previous) {
      for (const joined of change.joined ?? []) await leaveTable(joined.userId, change.previous)
      await publish(change.previous)
    }
    for (const joined of change.joined ?? []) {
      enterRooms(joined.userId, change.lobbyId, joined.as)
      await chats.joinGameChat(joined.userId, change.lobbyId)
    }
    await publish(change.lobbyId, options.created)
    for (const userId of change.left ?? []) await leaveTable(userId, change.lobbyId)
  }
}

export type LobbyBroadcasts = ReturnType<typeof createLobbyBroadcasts>

/** Socket.IO's reasons for a socket the server closed itself: a shutdown, or `disconnectSockets` (a ban, a sign-out everywhere). */
const serverReasons: ReadonlySet<string> = new Set(['server namespace disconnect', 'server shutting down'])
const closedBy = (reason: string): ClosedBy => (serverReasons.has(reason) ? 'server' : 'user')

/** The lobby events: requests answered through their acks, then the pushes. */
export function registerLobbiesEvents(
  app: FastifyInstance,
  deps: { service: LobbiesService; broadcasts: LobbyBroadcasts; matchmaking: Matchmaking; game: GameModule; bindRequests: BindRequests },
): void {
  const { service, broadcasts, matchmaking } = deps

  /** A socket that asks for its table joins the table's rooms (a reconnecting client gets its pushes back). */
  const attach = (socket: AppSocket, lobby: Lobby | null): Lobby | null => {
    if (!lobby) return null
    void socket.join(lobbyRoom(lobby.id))
    if (lobby.as === 'spectator') void socket.join(spectatorRoom(lobby.id))
    return lobby
  }

  const connections = createTableConnections({ lobbies: service, game: deps.game, matchmaking, connected: (userIds) => connectedUsers(app.io, userIds), logger: app.log })
  const stages = createStageChanges()
  deps.game.onEvents((lobbyId, events, state) => {
    if (!stages.changed(lobbyId, events, state)) return
    broadcasts.publishStage(lobbyId, stageOfState(state))
  })

  // One listener of each kind for every socket (Socket.IO calls them with the socket as `this`):
  // a connected socket holds no closure of its own for tables.
  function socketClosed(this: AppSocket, reason: string): void {
    const viewer = this.data.viewer
    if (viewer) void connections.closed(viewer.user.id, closedBy(reason))
  }

  function leaveTable(this: AppSocket): void {
    const viewer = this.data.viewer
    if (!viewer) return
    // Limited like every request; with no ack to answer, a leave over the allowance is dropped.
    takeSocketLimit(app, this, 'mafia:lobby:leave').then(
      () => {
        matchmaking.leave(viewer.user.id).catch((error: unknown) => app.log.error({ err: error }, 'ladder queue leave failed'))
        service
          .leave(viewer.user.id)
          .then((change) => (change ? broadcasts.apply(change) : undefined))
          .catch((error: unknown) => app.log.error({ err: error }, 'lobby leave failed'))
      },
      () => undefined,
    )
  }

  app.io.on('connection', (socket) => {
    const connectedViewer = socket.data.viewer
    if (connectedViewer) void connections.opened(connectedViewer.user.id)
    socket.on('disconnect', socketClosed)
    socket.on('mafia:lobby:leave', leaveTable)
  })

  deps.bindRequests.everySocket(lobbiesRequests, {
    'mafia:lobby:in': async ({ socket: requester, viewer }) => attach(requester, await service.current(viewer.user.id)),

    'mafia:lobby:list': async ({ socket: requester }) => {
      await requester.join(lobbiesRoom)
      return service.list()
    },

    'mafia:create:lobby': async ({ viewer, payload, after }) => {
      const { lobbyId, as, change } = await service.create(viewer, payload)
      await matchmaking.satDown(viewer.user.id, as)
      const lobby = await service.lobbyFor(lobbyId, viewer.user.id, as)
      after(() => broadcasts.apply(change, { created: true }))
      return lobby
    },

    'mafia:join:lobby': async ({ viewer, payload, after }) => {
      const { as, change } = await service.join(viewer, payload.id)
      await matchmaking.satDown(viewer.user.id, as)
      if (change) after(() => broadcasts.apply(change))
      return service.lobbyFor(payload.id, viewer.user.id, as)
    },

    'mafia:watch:lobby': async ({ viewer, payload, after }) => {
      const { as, change } = await service.watch(viewer, payload.id)
      if (change) after(() => broadcasts.apply(change))
      return service.lobbyFor(payload.id, viewer.user.id, as)
    },

    'mafia:moderate:lobby': async ({ viewer, payload, after }) => {
      const { as, change } = await service.moderate(viewer, payload.id)
      await matchmaking.satDown(viewer.user.id, as)
      if (change) after(() => broadcasts.apply(change))
      return service.lobbyFor(payload.id, viewer.user.id, as)
    },

    'mafia:load:lobby': async ({ socket: requester, viewer, payload }) => attach(requester, await service.load(viewer.user.id, payload.id)) as Lobby,

    'mafia:disband:lobby': async ({ viewer, payload, after }) => {
      const change = await service.disband(viewer, payload.id)
      after(() => broadcasts.apply(change))
      return { ok: true as const }
    },

    'ladder:search:start': async ({ viewer, after }) => {
      const { search, seating } = await matchmaking.enter(viewer.user.id, viewer.user.language)
      if (search.status === 'refused') {
        // Those who were seated hear of it even though this search was not among them.
        await seatLadder(seating)
        throw search.error
      }
      after(() => seatLadder(seating))
      if (search.status === 'searching') return search
      return { status: 'seated' as const, lobby: await service.lobbyFor(search.lobbyId, viewer.user.id, 'player') }
    },

    'ladder:search:cancel': async ({ viewer }) => {
      await matchmaking.leave(viewer.user.id)
      return { ok: true as const }
    },
  })

  /**
   * Tells of a seating: the tables its players left on the way, then each new table to the list and
   * its rooms, and `ladder:matched` to each player's room (on whichever server their sockets are).
   */
  async function seatLadder(seating: LadderSeating): Promise<void> {
    for (const change of seating.left) await broadcasts.apply(change)
    for (const table of seating.tables) {
      await broadcasts.apply({ lobbyId: table.lobbyId, joined: table.players.map((userId) => ({ userId, as: 'player' as const })) }, { created: true })
      for (const userId of table.players) app.io.to(userRoom(userId)).emit('ladder:matched', await service.lobbyFor(table.lobbyId, userId, 'player'))
    }
  }
}

/** Which of these users have a socket on any app server (the adapter asks every node). */
export async function connectedUsers(io: AppServer, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set()
  const sockets = await io.in(userIds.map(userRoom)).fetchSockets()
  return new Set(sockets.flatMap((socket) => (socket.data.viewer ? [socket.data.viewer.user.id] : [])))
}
