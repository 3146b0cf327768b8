import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify'
import { authRoutes } from '../../contract/http/auth'
import type { RouteDefinition } from '../../contract/http/common'
import { AppError, badRequest } from '../../lib/app-error'
import { disconnectSession, disconnectUser } from '../../lib/socket-handler'
import { viewerOf } from '../../plugins/auth'
import { perUserRateLimit, rateLimitError } from '../../plugins/rate-limit'
import type { AccountImage, AuthService } from './auth.service'
import { normalizeEmail } from './auth.service'
import { addressKey } from './sign-in-guard'
import type { SessionsService } from './sessions.service'

/** The route table entry without the renderer-only `multipart` flag. */
function definition<R extends RouteDefinition>(route: R): Omit<R, 'multipart'> {
  const { multipart: _multipart, ...rest } = route
  return rest
}

const userAgentOf = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, 256) ?? null
/** Where a new session is used from: its user agent and address, shown in the owner's Devices list. */
const clientOf = (request: FastifyRequest) => ({ userAgent: userAgentOf(request), address: request.ip })

/** Calls of the Devices list, per signed-in user: listing and ending sessions. */
export const sessionCallsPerUser = { max: 30, window: 60_000 }

/**
 * Calls that take no input refuse any they are sent: a query parameter or a JSON body with fields
 * is a client mistake worth knowing about, as with the schema-checked calls.
 */
const refuseInput: preValidationAsyncHookHandler = async (request) => {
  const query = request.query
  const queryField = query && typeof query === 'object' ? Object.keys(query)[0] : undefined
  if (queryField !== undefined) throw badRequest('errors.unknown_field', queryField)
  const body = request.body
  if (body === undefined || body === null) return
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('errors.validation')
  const bodyField = Object.keys(body)[0]
  if (bodyField !== undefined) throw badRequest('errors.unknown_field', bodyField)
}

/** Reads the one image of an upload: the multipart field "file", nothing else, within the size cap. */
async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('errors.file_required', 'file')
  let image: Buffer | undefined
  let unknownField: string | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file' && image === undefined) {
        image = await part.toBuffer()
        continue
      }
      unknownField ??= part.fieldname
      // Let the rest of the request flow so parsing reaches its end.
      if (part.type === 'file') part.file.resume()
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'errors.file_too_large', { field: 'file' })
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('errors.unknown_field', unknownField)
    if (error instanceof AppError) throw error
    // Anything else is a body that is no well-formed multipart (no end boundary, another boundary).
    throw badRequest('errors.validation', 'file')
  }
  if (unknownField !== undefined) throw badRequest('errors.unknown_field', unknownField)
  if (!image || image.length === 0) throw badRequest('errors.file_required', 'file')
  return image
}

export interface AuthRoutesOptions {
  service: AuthService
  sessions: SessionsService
  /** Runs work after the answer is sent; awaited before the app closes. */
  inBackground(work: () => Promise<void>): void
  /** What follows a new password, before the answer (the share key's revocation). */
  passwordChanged(userId: number): Promise<void>
}

/** The /api/auth calls: validation and limits here, rules in the service. */
export async function registerAuthRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { service, sessions, inBackground } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  const limits = app.rateLimits

  // Per address: counted before the body is even read, and instead of the global cap for these routes.
  const perAddress = { rateLimit: { max: limits.authPerIp.max, timeWindow: limits.authPerIp.window } }

  /**
   * Per account, after validation: the email in the body, or the signed-in user. This uses
   * createRateLimit rather than a second app.rateLimit() hook: the plugin runs only its first hook
   * per request, so a second one after the per-address limit would never count.
   */
  const perAccount = (keyOf: (request: FastifyRequest) => string): preHandlerAsyncHookHandler => {
    const limiter = app.createRateLimit({ max: limits.authPerAccount.max, timeWindow: limits.authPerAccount.window, keyGenerator: keyOf })
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await limiter(request)
      if (result.isAllowed || !result.isExceeded) return
      const error = rateLimitError(result.ttl)
      void reply.header('retry-after', String(error.details.retryAfter))
      throw error
    }
  }
  const emailOf = (request: FastifyRequest) => normalizeEmail((request.body as { email: string }).email)
  const perEmail = (action: string) => perAccount((request) => `${action}:${emailOf(request)}`)

  typed.route({
    ...definition(authRoutes.me),
    preValidation: refuseInput,
    preHandler: app.requireUser,
    handler: (request) => service.presentViewer(viewerOf(request)),
  })

  typed.route({
    ...definition(authRoutes.login),
    config: perAddress,
    // Counted per (email, address), never per email alone: a stranger's tries must not hold the owner back.
    preHandler: perAccount((request) => `login:${emailOf(request)}:${addressKey(request.ip)}`),
    handler: async (request) => {
      const { session } = await service.signIn({ ...request.body, ...clientOf(request) }, limits.lockout)
      return session
    },
  })

  typed.route({
    ...definition(authRoutes.logout),
    preValidation: refuseInput,
    preHandler: app.requireUser,
    handler: async (request) => {
      const viewer = viewerOf(request)
      await service.signOut(viewer)
      disconnectSession(app.io, viewer.sessionId, 'logout')
      return { ok: true as const }
    },
  })

  typed.route({
    ...definition(authRoutes.forgot),
    config: perAddress,
    preHandler: perEmail('forgot'),
    handler: async (request) => {
      const { email } = request.body
      // Answered before any lookup, mail or token is made, so neither the answer nor its timing tells whether the email is registered.
      inBackground(() => service.requestPasswordReset(email))
      return { ok: true as const }
    },
  })

  typed.route({
    ...definition(authRoutes.forgotConfirm),
    handler: async (request) => {
      const change = await service.resetPassword({ ...request.body, ...clientOf(request) })
      disconnectUser(app.io, change.userId, 'password_changed', { exceptSessionId: change.sessionId })
      await options.passwordChanged(change.userId)
      return change.session
    },
  })

  typed.route({
    ...definition(authRoutes.signup),
    config: perAddress,
    preHandler: perEmail('signup'),
    handler: async (request) => {
      const { email } = await service.signUp({ ...request.body, address: request.ip })
      return { ok: true as const, email }
    },
  })

  typed.route({
    ...definition(authRoutes.signupConfirm),
    handler: async (request) => {
      await service.confirmSignUp({ token: request.body.token })
      return { ok: true as const }
    },
  })

  const uploadRoute = (kind: AccountImage) => async (request: FastifyRequest) => service.setImage(viewerOf(request), kind, await readImageUpload(request))
  typed.route({ ...definition(authRoutes.uploadAvatar), preHandler: app.requireUser, handler: uploadRoute('avatar') })
  typed.route({ ...definition(authRoutes.uploadPlaceholder), preHandler: app.requireUser, handler: uploadRoute('placeholder') })

  typed.route({
    ...definition(authRoutes.loadSettings),
    preValidation: refuseInput,
    preHandler: app.requireUser,
    handler: (request) => service.settingsOf(viewerOf(request)),
  })

  typed.route({
    ...definition(authRoutes.saveSettings),
    preHandler: app.requireUser,
    handler: async (request) => {
      const viewer = viewerOf(request)
      return { token: viewer.token, user: await service.saveSettings(viewer, request.body.settings) }
    },
  })

  typed.route({
    ...definition(authRoutes.changePassword),
    // Limited like sign-in: per address, per user, and each wrong current password slows the address down.
    config: perAddress,
    preHandler: [app.requireUser, perAccount((request) => `change_password:${viewerOf(request).user.id}`)],
    handler: async (request) => {
      const viewer = viewerOf(request)
      const user = await service.changePassword(viewer, request.body, { address: request.ip, throttle: limits.lockout })
      disconnectUser(app.io, viewer.user.id, 'password_changed', { exceptSessionId: viewer.sessionId })
      await options.passwordChanged(viewer.user.id)
      return { token: viewer.token, user }
    },
  })

  typed.route({
    ...definition(authRoutes.deleteUser),
    preValidation: refuseInput,
    preHandler: app.requireUser,
    handler: (request) => service.scheduleDeletion(viewerOf(request)),
  })

  typed.route({
    ...definition(authRoutes.cancelDeleteUser),
    preValidation: refuseInput,
    preHandler: app.requireUser,
    handler: (request) => service.cancelDeletion(viewerOf(request)),
  })

  // The Devices list: each signed-in user's sessions, limited per user across their sessions and nodes.
  const signedInAndLimited = [app.requireUser, perUserRateLimit(app, 'sessions', { max: sessionCallsPerUser.max, windowMs: sessionCallsPerUser.window })]

  typed.route({
    ...definition(authRoutes.sessions),
    preValidation: refuseInput,
    preHandler: signedInAndLimited,
    handler: async (request) => ({ items: await sessions.list(viewerOf(request)) }),
  })

  typed.route({
    ...definition(authRoutes.endSession),
    preValidation: refuseInput,
    preHandler: signedInAndLimited,
    handler: async (request) => {
      await sessions.endOwn(viewerOf(request), request.params.id)
      disconnectSession(app.io, request.params.id, 'logout')
      return { ok: true as const }
    },
  })

  typed.route({
    ...definition(authRoutes.endOtherSessions),
    preValidation: refuseInput,
    preHandler: signedInAndLimited,
    handler: async (request) => {
      const viewer = viewerOf(request)
      const ended = await sessions.endAllOf(viewer.user.id, viewer.sessionId)
      disconnectUser(app.io, viewer.user.id, 'logout', { exceptSessionId: viewer.sessionId })
      return { ok: true as const, ended: ended.length }
    },
  })
}
