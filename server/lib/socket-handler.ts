import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { TSchema } from 'typebox'
import { Compile, type Validator } from 'typebox/compile'
import type { TLocalizedValidationError } from 'typebox/error'
import type { AckError, ErrorCode } from '../contract/errors'
import { rateLimitError } from '../plugins/rate-limit'
import { NoPayload, type RequestDefinition, type RequestMap, type RequestPayload, type RequestResult } from '../contract/socket/common'
import type { ServerToClientEvents } from '../contract/socket/events'
import type { Viewer } from '../plugins/auth'
import { sessionRoom, userRoom, type AppServer, type AppSocket } from '../plugins/socket-io'
import { AppError } from './app-error'
import { nulCharacterPath } from './payload-text'
import type { Clock } from './clock'

/** What a request handler gets: the socket, its signed-in viewer and the validated payload. */
export interface RequestContext<P> {
  socket: AppSocket
  viewer: Viewer
  payload: P
  /**
   * Runs `work` after the ack went out: broadcasts go here, so a handler is validate, save, ack,
   * broadcast. A failure in `work` is logged; the requester already has their answer.
   */
  after(work: () => void | Promise<void>): void
}

export type RequestHandler<D extends RequestDefinition> = (context: RequestContext<RequestPayload<D>>) => Promise<RequestResult<D>>

/** One handler per event of a request map; the compiler checks none is missing. */
export type RequestHandlers<M extends RequestMap> = { [E in keyof M]: RequestHandler<M[E]> }

export interface SocketRequestsOptions {
  clock: Clock
  /** How long a socket's session is trusted before its next request checks it again (ban, logout elsewhere). */
  sessionRecheckMs?: number
}

export type RevokeReason = Parameters<ServerToClientEvents['auth:revoked']>[0]['reason']

/** What else a user's disconnection cuts, by server (the table media registers its media peers here). */
const disconnectListeners = new WeakMap<AppServer, Array<(userId: number) => void>>()

/** Runs `listener` whenever `disconnectUser` is called on this app server (it spreads the cut to the others itself). */
export function onUserDisconnected(io: AppServer, listener: (userId: number) => void): void {
  const listeners = disconnectListeners.get(io) ?? []
  listeners.push(listener)
  disconnectListeners.set(io, listeners)
}

/**
 * Ends every socket of a user on every node (the adapter carries it), telling them why first, so the
 * client signs out instead of reconnecting, and cuts what `onUserDisconnected` registered (the
 * user's media peers). Call it on a ban, a logout everywhere or a password change.
 */
export function disconnectUser(io: AppServer, userId: number, reason: RevokeReason, options: { exceptSessionId?: number } = {}): void {
  // The asker's own session stays (sign out everywhere else, a password change) with its sockets.
  const kept = options.exceptSessionId === undefined ? [] : [sessionRoom(options.exceptSessionId)]
  io.to(userRoom(userId)).except(kept).emit('auth:revoked', { reason })
  io.in(userRoom(userId)).except(kept).disconnectSockets(true)
  // Media peers belong to the user, not to one session: they go when none of the user's sessions stays.
  if (kept.length === 0) for (const listener of disconnectListeners.get(io) ?? []) listener(userId)
}

/**
 * Ends the sockets of one session on every node, telling them why first: signing out, or ending that
 * session from another device's Devices list. The user's other sessions keep their sockets.
 */
export function disconnectSession(io: AppServer, sessionId: number, reason: RevokeReason): void {
  io.to(sessionRoom(sessionId)).emit('auth:revoked', { reason })
  io.in(sessionRoom(sessionId)).disconnectSockets(true)
}

const validators = new WeakMap<TSchema, Validator>()

/** Compiles a schema once and keeps the validator for every later request. */
function validatorOf(schema: TSchema): Validator {
  let validator = validators.get(schema)
  if (!validator) {
    validator = Compile(schema) as unknown as Validator
    validators.set(schema, validator)
  }
  return validator
}

const keywordCodes: Record<string, ErrorCode> = {
  required: 'errors.required',
  minLength: 'errors.too_short',
  maxLength: 'errors.too_long',
  pattern: 'errors.invalid_format',
  format: 'errors.invalid_format',
}

/** Maps TypeBox's validation errors to the ack error of the first violation: a code and the field it is about. */
export function validationAckError(errors: TLocalizedValidationError[]): AckError {
  const extra = errors.find((error) => error.keyword === 'additionalProperties')
  if (extra && extra.keyword === 'additionalProperties') return { error: 'errors.unknown_field', field: extra.params.additionalProperties[0] ?? '' }
  const first = errors.find((error) => error.keyword !== 'boolean' && error.keyword !== 'anyOf') ?? errors[0]
  if (!first) return { error: 'errors.validation' }
  let field = first.instancePath.split('/').filter(Boolean).join('.')
  if (first.keyword === 'required') field = [field, first.params.requiredProperties[0]].filter(Boolean).join('.')
  if (!field) return { error: 'errors.validation' }
  let code = keywordCodes[first.keyword] ?? 'errors.invalid_value'
  if (first.keyword === 'minLength' && first.params.limit === 1) code = 'errors.required'
  return { error: code, field }
}

/** Why a payload is refused: its first schema violation, or a string holding a NUL character (text the database cannot store). */
function payloadRefusal(schema: TSchema, payload: unknown): AckError | null {
  const validator = validatorOf(schema)
  if (!validator.Check(payload)) return validationAckError(validator.Errors(payload))
  const nulAt = nulCharacterPath(payload)
  if (nulAt === null) return null
  return nulAt ? { error: 'errors.invalid_value', field: nulAt } : { error: 'errors.invalid_value' }
}

/**
 * An error as its ack: AppErrors keep their code, field and the seconds to wait of a limit;
 * anything else is logged and answered errors.internal.
 */
export function toAckError(error: unknown, logger: FastifyBaseLogger, event: string): AckError {
  if (error instanceof AppError) {
    const { field, retryAfter } = error.details
    return { error: error.code, ...(field ? { field } : {}), ...(retryAfter !== undefined ? { retryAfter } : {}) }
  }
  logger.error({ err: error, event }, 'socket request failed')
  return { error: 'errors.internal' }
}

/**
 * Whom a socket's requests count against: its user over all their sockets on every app server; a
 * streamer's page, its streamer over all their pages; an anonymous socket, its address.
 */
export function socketCaller(socket: AppSocket): string {
  const viewer = socket.data.viewer
  if (viewer) return `user:${viewer.user.id}`
  if (socket.data.share) return `share:${socket.data.share.streamer.id}`
  return `ip:${socket.data.address}`
}

/**
 * Counts one `event` request of the socket's caller against its allowance (the contract's, or the
 * app's override); over it, throws errors.rate_limited with the seconds to wait.
 */
export async function takeSocketLimit(app: FastifyInstance, socket: AppSocket, event: string): Promise<void> {
  const limit = app.limiter.request(event)
  const refusal = await app.limiter.take(`${limit.bucket}:${socketCaller(socket)}`, limit)
  if (refusal) throw rateLimitError(refusal.retryAfterMs)
}

/** The sockets to cut when a request finds its session gone: that session's, or all the user's for a ban. */
type Revocation = { userId: number; sessionId: number; reason: RevokeReason }
type Authentication = { viewer: Viewer } | { error: ErrorCode; revoke?: Revocation }

/**
 * Binds request events for every socket of the server. Every request is authenticated (anonymous sockets get
 * errors.unauthorized), counted against its caller's allowance (`takeSocketLimit`: over it,
 * errors.rate_limited with `retryAfter`), validated against its contract schema, run, and answered through its ack:
 * the result on success, `{ error, field? }` on failure, never a stack. A request without an ack
 * function still runs; its answer is dropped. Every `sessionRecheckMs` the session is looked up
 * again, so a banned or signed-out user's sockets are told (`auth:revoked`) and disconnected.
 */
export function createSocketRequests(app: FastifyInstance, options: SocketRequestsOptions) {
  const recheckMs = options.sessionRecheckMs ?? 30_000
  const checkedAt = new WeakMap<AppSocket, number>()

  async function authenticate(socket: AppSocket): Promise<Authentication> {
    const viewer = socket.data.viewer
    if (!viewer) return { error: 'errors.unauthorized' }
    const now = options.clock.now().getTime()
    // The handshake checked the session when the socket connected.
    if (now - (checkedAt.get(socket) ?? socket.handshake.issued) < recheckMs) return { viewer }
    try {
      const fresh = await app.resolveSession(viewer.token)
      if (!fresh) {
        socket.data.viewer = null
        return { error: 'errors.unauthorized', revoke: { userId: viewer.user.id, sessionId: viewer.sessionId, reason: 'logout' } }
      }
      checkedAt.set(socket, now)
      socket.data.viewer = fresh
      return { viewer: fresh }
    } catch (error) {
      if (error instanceof AppError && error.code === 'errors.banned') {
        socket.data.viewer = null
        return { error: 'errors.banned', revoke: { userId: viewer.user.id, sessionId: viewer.sessionId, reason: 'banned' } }
      }
      throw error
    }
  }

  async function run(socket: AppSocket, event: string, definition: RequestDefinition, handler: RequestHandler<RequestDefinition>, payload: unknown, ack: ((result: unknown) => void) | undefined) {
    const afterAck: Array<() => void | Promise<void>> = []
    let result: unknown
    let revoke: Revocation | undefined
    try {
      const authentication = await authenticate(socket)
      if ('error' in authentication) {
        result = { error: authentication.error } satisfies AckError
        revoke = authentication.revoke
      } else {
        // Counted before the payload is even looked at: a flood of bad payloads spends the allowance too.
        await takeSocketLimit(app, socket, event)
        const refusal = definition.payload === NoPayload ? null : payloadRefusal(definition.payload, payload)
        if (refusal) {
          result = refusal
        } else {
          // A bound `push`, not an arrow: the server runs under tsx, which names every closure made at
          // run time (`Object.defineProperty`), and this one was made for every request.
          const after: RequestContext<unknown>['after'] = afterAck.push.bind(afterAck)
          result = await handler({ socket, viewer: authentication.viewer, payload: definition.payload === NoPayload ? undefined : payload, after })
        }
      }
    } catch (error) {
      afterAck.length = 0
      result = toAckError(error, app.log, event)
    }
    if (ack) {
      try {
        ack(result)
      } catch (error) {
        app.log.warn({ err: error, event }, 'socket ack failed')
      }
    }
    for (const work of afterAck) {
      try {
        await work()
      } catch (error) {
        app.log.error({ err: error, event }, 'socket broadcast failed')
      }
    }
    if (revoke?.reason === 'banned') disconnectUser(app.io, revoke.userId, revoke.reason)
    else if (revoke) disconnectSession(app.io, revoke.sessionId, revoke.reason)
  }

  type Binding = { definition: RequestDefinition; handler: RequestHandler<RequestDefinition> }
  /** Requests bound once for the whole server: their handlers find the socket in their context. */
  const bindings = new Map<string, Binding>()

  /**
   * The one listener of every socket's requests (Socket.IO calls it with the socket as `this`, the
   * event name first). Shared, so a connected socket holds no listener or closure per request
   * event: with thousands of sockets those were most of the memory each one cost.
   */
  function dispatch(this: AppSocket, event: unknown, ...args: unknown[]): void {
    if (typeof event !== 'string') return
    const binding = bindings.get(event)
    if (!binding) return
    // Listener arguments come from the network: whatever they are, the last function is the ack.
    const last = args.at(-1)
    const ack = typeof last === 'function' ? (last as (result: unknown) => void) : undefined
    const payload = ack ? args.slice(0, -1)[0] : args[0]
    void run(this, event, binding.definition, binding.handler, payload, ack)
  }
  app.io.on('connection', (socket) => socket.onAny(dispatch))

  return {
    /**
     * Binds a request map's handlers once, for every socket of this server, present and future.
     * There is no binding per socket: a handler that needs its socket takes it from its context,
     * so thousands of connected sockets cost no closures.
     */
    everySocket<M extends RequestMap>(requests: M, handlers: NoInfer<RequestHandlers<M>>): void {
      for (const event of Object.keys(requests)) {
        if (bindings.has(event)) throw new Error(`socket request ${event} is bound twice`)
        bindings.set(event, { definition: requests[event] as RequestDefinition, handler: (handlers as Record<string, RequestHandler<RequestDefinition>>)[event] as RequestHandler<RequestDefinition> })
      }
    },
  }
}

export type BindRequests = ReturnType<typeof createSocketRequests>
