import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify'
import { sharingRoutes } from '../../contract/http/sharing'
import { badRequest } from '../../lib/app-error'
import { viewerOf } from '../../plugins/auth'
import { perUserRateLimit } from '../../plugins/rate-limit'
import type { ShareEndReason } from '../../contract/socket/sharing'
import type { SharingService } from './sharing.service'

/** These calls take no input: a query parameter or a body with fields is a client mistake worth knowing about. */
const refuseInput: preValidationAsyncHookHandler = async (request) => {
  const queryField = request.query && typeof request.query === 'object' ? Object.keys(request.query)[0] : undefined
  if (queryField !== undefined) throw badRequest('errors.unknown_field', queryField)
  const body = request.body
  if (body === undefined || body === null) return
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('errors.validation')
  const bodyField = Object.keys(body)[0]
  if (bodyField !== undefined) throw badRequest('errors.unknown_field', bodyField)
}

/** Making and revoking keys: twenty in ten minutes per user is plenty for a person, and stops a loop. */
export const keyChangeLimit = { max: 20, windowMs: 10 * 60_000 }

/** /api/auth/shareKey: the signed-in user's own key, read, made (shown once) and revoked. */
export async function registerSharingRoutes(app: FastifyInstance, options: { service: SharingService; endPages(streamerId: number, reason: ShareEndReason): void }): Promise<void> {
  const { service, endPages } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()

  const perUser = perUserRateLimit(app, 'share-key', keyChangeLimit)
  const keyChanges = [app.requireUser, perUser]

  typed.route({
    ...sharingRoutes.shareKey,
    preValidation: refuseInput,
    preHandler: app.requireUser,
    handler: (request) => service.stateOf(viewerOf(request).user.id),
  })

  typed.route({
    ...sharingRoutes.createShareKey,
    preValidation: refuseInput,
    preHandler: keyChanges,
    handler: async (request) => {
      const userId = viewerOf(request).user.id
      const created = await service.create(userId)
      // Pages opened with the old key close now; the new link opens them again.
      endPages(userId, 'regenerated')
      return created
    },
  })

  typed.route({
    ...sharingRoutes.revokeShareKey,
    preValidation: refuseInput,
    preHandler: keyChanges,
    handler: async (request) => {
      const userId = viewerOf(request).user.id
      if (await service.revoke(userId)) endPages(userId, 'revoked')
      return { ok: true as const }
    },
  })
}
