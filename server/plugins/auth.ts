import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import type { UserRow } from '../../db/schema'
import { AppError, unauthorized } from '../lib/app-error'

/** Who is calling: the signed-in user and the session the token belongs to. */
export interface Viewer {
  user: UserRow
  sessionId: number
  token: string
}

/**
 * Finds the live session of a raw token; null when unknown, revoked, expired or idle too long; throws
 * AppError 403 for a banned user. `seen.address` is where the token is used from now (kept as the
 * session's last address).
 */
export type SessionResolver = (token: string, seen?: { address: string | null }) => Promise<Viewer | null>

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null
  }
  interface FastifyInstance {
    resolveSession: SessionResolver
    /** preHandler: 401 unless a live session comes with the request. */
    requireUser: preHandlerAsyncHookHandler
    /** preHandler: 401 when anonymous, 403 unless the user's role is one of these. */
    requireRole: (...roles: number[]) => preHandlerAsyncHookHandler
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1] ?? null
}

/** The signed-in viewer of a request that passed requireUser. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized()
  return request.viewer
}

/**
 * Authentication by `Authorization: Bearer <token>` only. The renderer keeps the token in a cookie
 * named `token` and sends it as this header; the server never reads the cookie, so a cross-site
 * request cannot act with the user's session.
 */
async function authPlugin(app: FastifyInstance, options: { resolveSession: SessionResolver }): Promise<void> {
  app.decorate('resolveSession', options.resolveSession)
  app.decorateRequest('viewer', null)

  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    const token = bearerToken(request)
    if (!token) throw unauthorized()
    const viewer = await options.resolveSession(token, { address: request.ip })
    if (!viewer) throw unauthorized()
    request.viewer = viewer
  }
  app.decorate('requireUser', requireUser)
  app.decorate('requireRole', (...roles: number[]): preHandlerAsyncHookHandler => async function (this: FastifyInstance, request, reply) {
    await requireUser.call(this, request, reply)
    if (!request.viewer || !roles.includes(request.viewer.user.role_id)) throw new AppError(403, 'errors.forbidden')
  })
}

export default fp(authPlugin, { name: 'auth' })
