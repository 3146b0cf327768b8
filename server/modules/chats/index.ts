import type { FastifyInstance } from 'fastify'
import type { ChatWithMessages } from '../../contract/socket/chats'
import { AppError } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import { createKeyedQueue } from '../../lib/keyed-queue'
import type { BindRequests } from '../../lib/socket-handler'
import type { GameModule } from '../game'
import { createChatsRepository } from './chats.repository'
import { createChatsService, type GameChatPolicy } from './chats.service'
import { createChatBroadcasts, registerChatsEvents } from './chats.socket'
import { createMafiaRoomRepository } from './mafia-room.repository'
import { createMafiaRoomService, roomMembers } from './mafia-room.service'
import { createMafiaRoomBroadcasts } from './mafia-room.socket'

export { chatRoom } from './chats.socket'
export type { GameChatPolicy } from './chats.service'

/** What other modules may use of chats (the lobbies module puts players in and out of game chats). */
export interface ChatsModule {
  /** Puts a user in a lobby's game chat; every socket of theirs joins its room and gets `chat:new`. */
  joinGameChat(userId: number, lobbyId: number): Promise<ChatWithMessages>
  /** Takes a user out of a lobby's game chat; their sockets get `chat:close`. Does nothing when they were not in it. */
  leaveGameChat(userId: number, lobbyId: number): Promise<void>
  /** Sets who may join a lobby's game chat over the socket (until lobbies exist: every signed-in user). */
  setGameChatPolicy(policy: GameChatPolicy): void
  /**
   * Follows the game's stored events for the mafia's room of each game chat: it opens when the
   * zero night starts and closes when it ends; a finished game's record reveals what was said.
   */
  followGame(game: Pick<GameModule, 'onEvents' | 'setMafiaRoomSource'>): void
}

/** The four chats over the socket: one-to-one, general (per language), game (per lobby) and party. */
export function registerChatsModule(app: FastifyInstance, options: { clock: Clock; bindRequests: BindRequests }): ChatsModule {
  let gameChatPolicy: GameChatPolicy = async () => true
  const service = createChatsService({ repository: createChatsRepository(app.db), clock: options.clock, gameChatPolicy: () => gameChatPolicy, cardOf: (userId) => app.accounts.cardOf(userId) })
  const broadcasts = createChatBroadcasts(app.io, service)
  const mafia = { service: createMafiaRoomService({ repository: createMafiaRoomRepository(app.db), clock: options.clock }), broadcasts: createMafiaRoomBroadcasts(app.io) }
  registerChatsEvents(app, service, broadcasts, mafia, options.bindRequests)

  return {
    async joinGameChat(userId, lobbyId) {
      const { view, joined, user } = await service.joinGame(userId, lobbyId, { policy: false })
      if (joined) await broadcasts.memberJoined(view.chat.id, user, { chat: view.chat })
      else broadcasts.join([userId], view.chat.id)
      return view
    },
    async leaveGameChat(userId, lobbyId) {
      try {
        const { chatId } = await service.leaveGame(userId, lobbyId)
        broadcasts.memberLeft(chatId, userId)
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'errors.not_found')) throw error
      }
    },
    setGameChatPolicy(policy) {
      gameChatPolicy = policy
    },
    followGame(game) {
      game.setMafiaRoomSource((lobbyId) => mafia.service.record(lobbyId))
      // Rooms this node opened and has not closed: their table's next phase closes them.
      const openHere = new Set<number>()
      // One table's room changes run in order, so a close never overtakes its open.
      const work = createKeyedQueue<number>()
      const inOrder = (lobbyId: number, task: () => Promise<void>) => {
        work.run(lobbyId, task).catch((error: unknown) => app.log.error({ err: error, lobbyId }, 'mafia room update failed'))
      }
      game.onEvents((lobbyId, events, state) => {
        const started = events.some((event) => event.type === 'zero_night_started')
        // A room opened before a restart or on another server is closed by the event that ends the zero
        // night: the first day, or the game's end before it. Later days and ends have nothing to close.
        const endsZeroNight = events.some((event) => (event.type === 'day_started' && event.day === 1) || (event.type === 'game_ended' && state.day === 0))
        const ended = state.phase !== 'zero_night' && (started || openHere.has(lobbyId) || endsZeroNight)
        if (!started && !ended) return
        if (started) openHere.add(lobbyId)
        if (ended) openHere.delete(lobbyId)
        const members = started ? roomMembers(state) : []
        inOrder(lobbyId, async () => {
          if (started && (await mafia.service.open(lobbyId, members))) {
            mafia.broadcasts.opened(
              lobbyId,
              members.map((member) => member.userId),
            )
          }
          if (!ended) return
          const closed = await mafia.service.close(lobbyId)
          if (closed) mafia.broadcasts.closed(lobbyId, closed)
        })
      })
    },
  }
}
