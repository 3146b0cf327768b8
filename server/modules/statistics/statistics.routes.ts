import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { statisticsLimits, statisticsRoutes } from '../../contract/http/statistics'
import { perUserRateLimit } from '../../plugins/rate-limit'
import type { StatisticsService } from './statistics.service'

/** /api/statistics/*: signed-in users read any player's statistics, limited per user. */
export async function registerStatisticsRoutes(app: FastifyInstance, options: { service: StatisticsService }): Promise<void> {
  const { service } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  const preHandler = [app.requireUser, perUserRateLimit(app, 'statistics-read', { max: statisticsLimits.readsPerMinute, windowMs: 60_000 })]

  typed.route({
    ...statisticsRoutes.players,
    preHandler,
    handler: async (request) => ({ items: await service.search(request.query.search) }),
  })

  typed.route({
    ...statisticsRoutes.player,
    preHandler,
    handler: (request) => service.player(request.params.id),
  })

  typed.route({
    ...statisticsRoutes.games,
    preHandler,
    handler: (request) =>
      service.games(request.params.id, request.query.page ?? 1, request.query.itemsPerPage ?? statisticsLimits.gamesPerPageDefault),
  })

  typed.route({
    ...statisticsRoutes.versus,
    preHandler,
    handler: (request) => service.versus(request.params.id, request.params.otherId),
  })
}
