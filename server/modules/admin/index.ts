import type { FastifyInstance } from 'fastify'
import { settingsChangedEvent, tableDisbandedEvent } from '../../contract/http/admin'
import type { Clock } from '../../lib/clock'
import type { LobbiesModule } from '../lobbies'
import { lobbyRoom } from '../lobbies'
import { createAdminRepository } from './admin.repository'
import { registerAdminRoutes } from './admin.routes'
import { createAdminService } from './admin.service'
import { createAuditRepository } from './audit.repository'

export { adminAreaAccess, adminGuard, adminAccessRoles, guardAdminArea, type AdminAccess } from './guard'
export { recordAudit, type AuditEntry } from './audit.repository'

export interface AdminModuleOptions {
  clock: Clock
  lobbies: Pick<LobbiesModule, 'admin' | 'summary'>
  /** Where each table's media room is (the table media module's `placedOn`). */
  mediaNodesOf(lobbyIds: readonly number[]): Promise<Map<number, string>>
  /** Signed-in users online on every node (the presence registry's count). */
  onlineNow(): Promise<number>
}

/**
 * The admin panel's core (`/api/admin/*`): users, bans, live tables, the dashboard, the site switches
 * and the audit trail. Bans go through `app.accounts.banUser` (sessions end and sockets close on
 * every node); pushes go through the Socket.IO adapter, so they reach every node.
 */
export function registerAdminModule(app: FastifyInstance, options: AdminModuleOptions): Promise<void> {
  const service = createAdminService({
    db: app.db,
    repository: createAdminRepository(app.db),
    audit: createAuditRepository(app.db),
    clock: options.clock,
    banUser: (userId, reason, until, createdBy) => app.accounts.banUser(userId, reason, until, createdBy),
    forgetUser: (userId) => app.invalidations.invalidate(`user:${userId}`),
    lobbies: {
      list: () => options.lobbies.admin.list(),
      summary: (lobbyId) => options.lobbies.summary(lobbyId),
      join: (viewer, lobbyId) => options.lobbies.admin.join(viewer, lobbyId),
      watch: (viewer, lobbyId) => options.lobbies.admin.watch(viewer, lobbyId),
      disband: (lobbyId, notice) => options.lobbies.admin.disband(lobbyId, notice),
    },
    mediaNodesOf: options.mediaNodesOf,
    tellTable: (lobbyId, reason) => app.io.to(lobbyRoom(lobbyId)).emit(tableDisbandedEvent, { id: lobbyId, reason }),
    broadcastSettings: (settings) => app.io.emit(settingsChangedEvent, settings),
    onlineNow: options.onlineNow,
  })
  return registerAdminRoutes(app, { service })
}
