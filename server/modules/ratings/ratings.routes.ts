import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ratingLimits, ratingsRoutes } from '../../contract/http/ratings'
import { viewerOf } from '../../plugins/auth'
import type { RatingsService } from './ratings.service'
import type { Recompute } from './recompute'

/** Admins only (role 3). */
const adminRole = 3

/** /api/ratings/* for signed-in users; /api/statistic/recalc for admins. */
export async function registerRatingsRoutes(app: FastifyInstance, options: { service: RatingsService; recompute: Recompute }): Promise<void> {
  const { service, recompute } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()

  typed.route({
    ...ratingsRoutes.tabs,
    preHandler: app.requireUser,
    handler: async () => ({ items: await service.tabs(), minGames: service.minGames }),
  })

  typed.route({
    ...ratingsRoutes.ladder,
    preHandler: app.requireUser,
    handler: (request) => {
      const search = request.query.search?.trim() ?? ''
      return service.ladder(
        request.params.id,
        {
          page: request.query.page ?? 1,
          itemsPerPage: request.query.itemsPerPage ?? ratingLimits.itemsPerPageDefault,
          search: search === '' ? null : search,
        },
        viewerOf(request).user.id,
      )
    },
  })

  typed.route({
    ...ratingsRoutes.recalc,
    preHandler: [app.requireUser, app.requireRole(adminRole)],
    handler: () => recompute.start(),
  })

  typed.route({
    ...ratingsRoutes.recalcStatus,
    preHandler: [app.requireUser, app.requireRole(adminRole)],
    handler: () => recompute.progress(),
  })
}
