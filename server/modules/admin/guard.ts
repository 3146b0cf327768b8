import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { Role } from '../../contract/http/auth'

/**
 * Who may call an admin-area route. `moderation`: moderators (role 2) and admins (role 3), for the
 * moderation calls (users, bans, games, bug reports); `admin`: admins only, for everything else.
 */
export type AdminAccess = 'moderation' | 'admin'

export const adminAccessRoles: Record<AdminAccess, readonly number[]> = {
  moderation: [Role.moderator, Role.admin],
  admin: [Role.admin],
}

/**
 * The one guard of every admin-area call, as a preHandler: anonymous 401 `errors.unauthorized`, a
 * role outside `access` 403 `errors.forbidden`. Put it first in the route's preHandler (before any
 * per-user limit): `preHandler: [adminGuard(app, 'admin'), ...]`.
 */
export function adminGuard(app: FastifyInstance, access: AdminAccess): preHandlerAsyncHookHandler {
  return app.requireRole(...adminAccessRoles[access])
}
