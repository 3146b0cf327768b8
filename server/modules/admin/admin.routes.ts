import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { adminLimits, adminRoutes } from '../../contract/http/admin'
import { viewerOf } from '../../plugins/auth'
import { perUserRateLimit } from '../../plugins/rate-limit'
import type { AdminService } from './admin.service'
import { adminGuard } from './guard'

/** /api/admin/*: wiring only; the guard first, then the staff member's allowance of changes, then the service. */
export async function registerAdminRoutes(app: FastifyInstance, options: { service: AdminService }): Promise<void> {
  const { service } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  const moderation = adminGuard(app, 'moderation')
  const admin = adminGuard(app, 'admin')
  const changes = perUserRateLimit(app, 'admin-changes', { max: adminLimits.changesPerMinute, windowMs: 60_000 })

  typed.route({ ...adminRoutes.users, preHandler: moderation, handler: (request) => service.users(request.query) })
  typed.route({ ...adminRoutes.user, preHandler: moderation, handler: (request) => service.user(request.params.id) })
  typed.route({
    ...adminRoutes.updateUser,
    preHandler: [moderation, changes],
    handler: (request) => service.updateUser(viewerOf(request), request.params.id, request.body),
  })
  typed.route({ ...adminRoutes.ban, preHandler: [moderation, changes], handler: (request) => service.ban(viewerOf(request), request.params.id, request.body) })
  typed.route({ ...adminRoutes.editBans, preHandler: [moderation, changes], handler: (request) => service.editBans(viewerOf(request), request.params.id, request.body.bans) })

  typed.route({ ...adminRoutes.lobbies, preHandler: moderation, handler: () => service.lobbies() })
  typed.route({ ...adminRoutes.joinLobby, preHandler: [moderation, changes], handler: (request) => service.joinLobby(viewerOf(request), request.body.id, 'join') })
  typed.route({ ...adminRoutes.watchLobby, preHandler: [moderation, changes], handler: (request) => service.joinLobby(viewerOf(request), request.body.id, 'watch') })
  typed.route({
    ...adminRoutes.disbandLobby,
    preHandler: [moderation, changes],
    handler: async (request) => {
      await service.disband(viewerOf(request), request.body.id, request.body.reason)
      return { ok: true as const }
    },
  })

  typed.route({ ...adminRoutes.dashboard, preHandler: admin, handler: () => service.dashboard() })
  typed.route({ ...adminRoutes.setSetting, preHandler: [admin, changes], handler: (request) => service.setSetting(viewerOf(request), request.body.name, request.body.value) })
  typed.route({ ...adminRoutes.audit, preHandler: admin, handler: (request) => service.audit(request.query) })
}
