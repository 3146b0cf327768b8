import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { referralRules, referralsRoutes } from '../../contract/http/referrals'
import { viewerOf } from '../../plugins/auth'
import { perUserRateLimit } from '../../plugins/rate-limit'
import type { ReferralsService } from './referrals.service'

/** /api/referrals: the signed-in user's own referral page. */
export async function registerReferralsRoutes(app: FastifyInstance, options: { service: ReferralsService }): Promise<void> {
  const { service } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()

  typed.route({
    ...referralsRoutes.overview,
    preHandler: [app.requireUser, perUserRateLimit(app, 'referrals-read', { max: referralRules.readsPerMinute, windowMs: 60_000 })],
    handler: (request) =>
      service.overview(viewerOf(request).user, request.query.page ?? 1, request.query.itemsPerPage ?? referralRules.itemsPerPageDefault),
  })
}
