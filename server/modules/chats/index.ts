import type { FastifyInstance } from 'fastify'
import type { ChatWithMessages } from '../../contract/socket/chats'
import { AppError } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import type { BindRequests } from '../../lib/socket-handler'
import { createChatsRepository } from './chats.repository'
import { createChatsService, type GameChatPolicy } from './chats.service'
import { createChatBroadcasts, registerChatsEvents } from './chats.socket'

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
}

/** The four chats over the socket: one-to-one, general (per language), game (per lobby) and party. */
export function registerChatsModule(app: FastifyInstance, options: { clock: Clock; bindRequests: BindRequests }): ChatsModule {
  let gameChatPolicy: GameChatPolicy = async () => true
  const service = createChatsService({ repository: createChatsRepository(app.db), clock: options.clock, gameChatPolicy: () => gameChatPolicy })
  const broadcasts = createChatBroadcasts(app.io, service)
  registerChatsEvents(app, service, broadcasts, options.bindRequests)

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
  }
}
