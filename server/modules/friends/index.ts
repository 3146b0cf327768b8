import type { FastifyInstance } from 'fastify'
import type { BindRequests } from '../../lib/socket-handler'
import { createFriendsRepository } from './friends.repository'
import { createFriendsService, type SuggestionSource } from './friends.service'
import { createSocketPresence, registerFriendsEvents } from './friends.socket'

export type { SuggestionSource } from './friends.service'
/** Block and row-lock queries other modules run in their own transactions (blocks are this module's). */
export { blockedEitherWay, lockUser } from './friends.repository'

/** What other modules may use of friends. */
export interface FriendsModule {
  /** Adds a source of people worth adding (the lobbies module: recent table-mates). */
  addSuggestionSource(source: SuggestionSource): void
  /** The ids of a user's friends. */
  friendIds(userId: number): Promise<number[]>
}

/** Friends over the socket: search, suggestions, requests, the list with live online state. */
export function registerFriendsModule(app: FastifyInstance, options: { bindRequests: BindRequests }): FriendsModule {
  const service = createFriendsService(createFriendsRepository(app.db), createSocketPresence(app))
  registerFriendsEvents(app, service, options.bindRequests)
  return { addSuggestionSource: service.addSuggestionSource, friendIds: service.friendIds }
}
