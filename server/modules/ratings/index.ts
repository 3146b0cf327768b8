import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock'
import type { GameModule } from '../game'
import { createRatingsRepository } from './ratings.repository'
import { registerRatingsRoutes } from './ratings.routes'
import { createRatingsService, type RatingsService } from './ratings.service'
import { createRecompute, type Recompute } from './recompute'

export type { RatingsService, Recompute }

export { displayRating, ratingParameters } from './rating-model'
export { fixedLadderIds, seasonOf, trendGames } from './ladders'
export type { RatingTables } from './ratings.tables'

declare module 'fastify' {
  interface FastifyInstance {
    /** The ladders' service and recompute (the statistics and the tests read through them). */
    ratings: RatingsModule
  }
}

export interface RatingsModuleOptions {
  clock: Clock
  game: Pick<GameModule, 'onEvents'>
  /** Games a player needs on a ladder to appear on it (default 5). */
  minGames?: number
}

export interface RatingsModule {
  service: RatingsService
  recompute: Recompute
}

/**
 * The rating ladders: every final rated game is rated once, when the game host reports its result
 * final (and at start, for any the server missed), the ladders are read over HTTP, and admins
 * recompute them from the stored games.
 */
export async function registerRatingsModule(app: FastifyInstance, options: RatingsModuleOptions): Promise<RatingsModule> {
  const repository = createRatingsRepository(app.db, { withClient: app.dbClient })
  const service = createRatingsService({ repository, logger: app.log, ...(options.minGames !== undefined ? { minGames: options.minGames } : {}) })
  const recompute = createRecompute({ repository, service, clock: options.clock, logger: app.log })
  options.game.onEvents((_lobbyId, events, state) => {
    // The result is final once the judge closes the protocol (at once at a judge-less table).
    if (state.phase === 'ended' && state.finalised && events.some((event) => event.type === 'game_finalised' || event.type === 'game_ended')) service.noticeFinished()
  })
  app.addHook('onReady', () => service.noticeFinished())
  app.addHook('onClose', async () => {
    await service.close()
    await recompute.settled()
  })
  await registerRatingsRoutes(app, { service, recompute })
  const module = { service, recompute }
  app.decorate('ratings', module)
  return module
}
