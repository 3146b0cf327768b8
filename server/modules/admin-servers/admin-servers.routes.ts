import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { adminServersRoutes } from '../../contract/http/admin-servers'
import { viewerOf } from '../../plugins/auth'
import { adminGuard } from '../admin'
import type { AdminServersService } from './admin-servers.service'

/** /api/admin/servers and /api/admin/lobby/serverList: admins only. */
export async function registerAdminServersRoutes(app: FastifyInstance, options: { service: AdminServersService }): Promise<void> {
  const { service } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  const admins = [adminGuard(app, 'admin')]

  typed.route({ ...adminServersRoutes.listServers, preHandler: admins, handler: (request) => service.list(request.query.page, request.query.limit) })
  typed.route({ ...adminServersRoutes.createServer, preHandler: admins, handler: (request) => service.create(viewerOf(request).user.id, request.body) })
  typed.route({ ...adminServersRoutes.updateServer, preHandler: admins, handler: (request) => service.update(viewerOf(request).user.id, request.params.id, request.body) })
  typed.route({
    ...adminServersRoutes.removeServer,
    preHandler: admins,
    handler: async (request) => {
      await service.remove(viewerOf(request).user.id, request.params.id)
      return { ok: true as const }
    },
  })
  typed.route({ ...adminServersRoutes.serverRooms, preHandler: admins, handler: (request) => service.rooms(request.params.id) })
  typed.route({ ...adminServersRoutes.findRoom, preHandler: admins, handler: (request) => service.findRoom(request.body.roomId) })
}
