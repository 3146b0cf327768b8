import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { i18nAdminRoutes } from '../../contract/http/i18n-admin'
import { viewerOf } from '../../plugins/auth'
import { adminGuard } from '../admin'
import type { I18nAdminService } from './i18n-admin.service'

/** The translation editor's calls: admins only. */
export async function registerI18nAdminRoutes(app: FastifyInstance, options: { service: I18nAdminService }): Promise<void> {
  const { service } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  const admin = adminGuard(app, 'admin')
  const actor = (request: Parameters<typeof viewerOf>[0]) => viewerOf(request).user.id

  typed.route({ ...i18nAdminRoutes.groups, preHandler: admin, handler: () => service.groups() })
  typed.route({ ...i18nAdminRoutes.list, preHandler: admin, handler: (request) => service.list(request.query) })
  typed.route({ ...i18nAdminRoutes.set, preHandler: admin, handler: (request) => service.set(actor(request), request.body) })
  typed.route({ ...i18nAdminRoutes.load, preHandler: admin, handler: () => service.load() })
  typed.route({ ...i18nAdminRoutes.syncToProd, preHandler: admin, handler: (request) => service.syncToProd(actor(request)) })
  typed.route({ ...i18nAdminRoutes.syncFromProd, preHandler: admin, handler: (request) => service.syncFromProd(actor(request)) })
}
