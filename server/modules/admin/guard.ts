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

/**
 * The admin area by path: every route here is guarded before its input is even validated, so an
 * anonymous client or a user learns nothing from a validation message and changes nothing. A few
 * are open to every signed-in user (filing a bug report, reading one's own). The rest are for
 * moderators and admins (`moderation`) or admins only.
 */
const adminAreaPaths = [/^\/api\/admin(\/|$)/, /^\/api\/bugs(\/|$)/, /^\/api\/i18n\/(groups|list|set|load|syncToProd|syncFromProd)$/, /^\/api\/statistic(\/|$)/]
const signedInRoutes = new Set(['POST /api/bugs', 'GET /api/bugs', 'GET /api/bugs/:id/image'])
const moderationPaths = [/^\/api\/admin\/(users|bans)(\/|$)/, /^\/api\/admin\/lobby\/(list|join|watch|disband)$/, /^\/api\/bugs(\/|$)/]

/** Who may reach a route of the admin area; null for a route outside it. */
export function adminAreaAccess(method: string, url: string): AdminAccess | 'signedIn' | null {
  if (!adminAreaPaths.some((path) => path.test(url))) return null
  if (signedInRoutes.has(`${method} ${url}`)) return 'signedIn'
  return moderationPaths.some((path) => path.test(url)) ? 'moderation' : 'admin'
}

/**
 * Puts the guard before validation on every admin-area route registered after this call (register
 * it before the modules). The routes keep their own `adminGuard` in their preHandler as well.
 */
export function guardAdminArea(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const accesses = methods.filter((method) => method !== 'HEAD').map((method) => adminAreaAccess(method, route.url))
    const access = accesses.includes('admin') ? 'admin' : accesses.includes('moderation') ? 'moderation' : accesses.includes('signedIn') ? 'signedIn' : null
    if (access === null) return
    const guard = access === 'signedIn' ? app.requireUser : adminGuard(app, access)
    const existing = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : []
    route.preValidation = [guard, ...existing]
  })
}
