import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock'
import type { GameModule } from '../game'
import type { LobbiesModule } from '../lobbies'
import { createSharingRepository } from './sharing.repository'
import { registerSharingRoutes } from './sharing.routes'
import { createSharingService } from './sharing.service'
import { registerSharingEvents, type ViewerTickets } from './sharing.socket'

export { shareRoom, type ViewerTickets } from './sharing.socket'

/**
 * The streamer's page (/obs-share): the user's share key over HTTP, and a page's socket opened with
 * that key, which follows the streamer from table to table and receives what spectators receive.
 */
export function registerSharingModule(app: FastifyInstance, options: { clock: Clock; publicUrl: string; lobbies: LobbiesModule; game: GameModule; media: ViewerTickets }): Promise<void> {
  const { lobbies } = options
  const service = createSharingService({ repository: createSharingRepository(app.db), clock: options.clock, publicUrl: options.publicUrl })
  const tables = {
    placeOf: async (userId: number) => {
      const membership = await lobbies.membershipOf(userId)
      return membership ? { lobbyId: membership.lobby.id, as: membership.role } : null
    },
    summary: lobbies.summary,
    onMembersMoved: lobbies.onMembersMoved,
  }
  const pages = registerSharingEvents(app, { service, tables, game: options.game, media: options.media })
  return registerSharingRoutes(app, { service, endPages: pages.end })
}
