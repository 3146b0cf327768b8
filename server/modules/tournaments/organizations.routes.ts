import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { organizationLimits, organizationRoutes } from '../../contract/http/tournaments-organizations'
import { viewerOf } from '../../plugins/auth'
import { perUserRateLimit } from '../../plugins/rate-limit'
import { adminGuard } from '../admin'
import type { OrganizationsService } from './organizations.service'

/** /api/admin/organizations: admins list, create, edit and delete organisations (rules and audit in the service). */
export async function registerOrganizationsRoutes(app: FastifyInstance, options: { service: OrganizationsService }): Promise<void> {
  const { service } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  const admin = adminGuard(app, 'admin')
  const changes = perUserRateLimit(app, 'organizations-change', { max: organizationLimits.changesPerMinute, windowMs: 60_000 })

  typed.route({ ...organizationRoutes.adminOrganizations, preHandler: admin, handler: (request) => service.page(request.query) })
  typed.route({
    ...organizationRoutes.adminCreateOrganization,
    preHandler: [admin, changes],
    handler: async (request) => ({ organization: await service.create(viewerOf(request).user.id, request.body) }),
  })
  typed.route({
    ...organizationRoutes.adminUpdateOrganization,
    preHandler: [admin, changes],
    handler: async (request) => ({ organization: await service.update(viewerOf(request).user.id, request.params.id, request.body) }),
  })
  typed.route({
    ...organizationRoutes.adminDeleteOrganization,
    preHandler: [admin, changes],
    handler: async (request) => {
      await service.remove(viewerOf(request).user.id, request.params.id)
      return { ok: true as const }
    },
  })
}
