import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock'
import { onUserDisconnected } from '../../lib/socket-handler'
import type { AuthModule } from '../auth'
import type { GameModule } from '../game'
import type { LobbiesModule } from '../lobbies'
import { createSharingRepository } from './sharing.repository'
import { registerSharingRoutes } from './sharing.routes'
import { createSharingService, createStreamerFollowing, type ViewerTickets } from './sharing.service'
import { registerSharingEvents, shareRoom, sharePagesOf } from './sharing.socket'

export { shareRoom, sharePageLimit } from './sharing.socket'
export type { ViewerTickets } from './sharing.service'

export interface SharingModuleOptions {
  clock: Clock
  publicUrl: string
  lobbies: LobbiesModule
  game: GameModule
  media: ViewerTickets
  /** A new password (reset or change) revokes the user's share key: whoever took over the account, or was shut out, loses the page too. */
  accounts: Pick<AuthModule, 'onPasswordChanged'>
}

/**
 * The streamer's page (/obs-share): the user's share key over HTTP, and a page's socket opened with
 * that key, which follows the streamer from table to table and receives what spectators receive.
 */
export function registerSharingModule(app: FastifyInstance, options: SharingModuleOptions): Promise<void> {
  const { lobbies } = options
  const service = createSharingService({ repository: createSharingRepository(app.db), clock: options.clock, publicUrl: options.publicUrl })
  const tables = {
    placeOf: async (userId: number) => {
      const membership = await lobbies.membershipOf(userId)
      return membership ? { lobbyId: membership.lobby.id, as: membership.role } : null
    },
    summary: lobbies.summary,
  }
  const following = createStreamerFollowing({ tables, game: options.game, media: options.media, pages: sharePagesOf(app.io) })
  // Whoever moved may be a streamer: their pages follow, on every app server.
  lobbies.onMembersMoved((userIds) => {
    for (const userId of new Set(userIds)) following.moved(userId).catch((error: unknown) => app.log.error({ err: error, userId }, 'streamer page follow failed'))
  })
  const pages = registerSharingEvents(app, { service, following })
  options.accounts.onPasswordChanged(async (userId) => {
    if (await service.revoke(userId)) pages.end(userId, 'revoked')
  })
  // A ban or a deletion cuts the user's sockets everywhere: their pages go too, on every node, and a
  // page's retry finds the key refused (a banned streamer's key opens nothing; a deleted one is gone).
  onUserDisconnected(app.io, (userId) => app.io.in(shareRoom(userId)).disconnectSockets(true))
  return registerSharingRoutes(app, { service, endPages: pages.end })
}
