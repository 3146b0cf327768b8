import type { FastifyInstance } from 'fastify'
import { createAdminServersRepository } from './admin-servers.repository'
import { registerAdminServersRoutes } from './admin-servers.routes'
import { createAdminServersService, type MediaNodesView } from './admin-servers.service'

export { checkNodeUrl, mediaServersTag, type AdminServersService } from './admin-servers.service'

/**
 * The media servers of the admin panel (`/api/admin/servers`, `/api/admin/lobby/serverList`): added,
 * edited, enabled or disabled and removed by admins; a disabled node takes no new tables.
 */
export async function registerAdminServersModule(app: FastifyInstance, options: { nodes: MediaNodesView }): Promise<void> {
  const service = createAdminServersService({
    repository: createAdminServersRepository(app.db),
    db: app.db,
    nodes: options.nodes,
    builtinRoomPeers: (roomId) => app.media.rooms.get(roomId)?.size ?? null,
    invalidations: app.invalidations,
    logger: app.log,
  })
  await service.reload()
  await registerAdminServersRoutes(app, { service })
}
