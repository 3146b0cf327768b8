import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { advertisingRoutes } from '../../contract/http/advertising'
import { viewerOf } from '../../plugins/auth'
import { adminGuard } from '../admin'
import type { AdvertisingService } from './advertising.service'

/** The public advert lists and the admins' calls under /api/admin/advertising. */
export async function registerAdvertisingRoutes(app: FastifyInstance, options: { service: AdvertisingService }): Promise<void> {
  const { service } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  const admin = adminGuard(app, 'admin')

  typed.route({ ...advertisingRoutes.streams, handler: () => service.streams() })
  typed.route({ ...advertisingRoutes.public, handler: () => service.tournaments() })
  typed.route({ ...advertisingRoutes.list, preHandler: admin, handler: (request) => service.list(request.query) })
  typed.route({ ...advertisingRoutes.create, preHandler: admin, handler: (request) => service.create(viewerOf(request).user.id, request.body) })
  typed.route({ ...advertisingRoutes.update, preHandler: admin, handler: (request) => service.update(viewerOf(request).user.id, request.params.id, request.body) })
  typed.route({ ...advertisingRoutes.remove, preHandler: admin, handler: (request) => service.remove(viewerOf(request).user.id, request.params.id) })
}
