import rateLimit, { type FastifyRateLimitOptions, type FastifyRateLimitStore } from '@fastify/rate-limit'
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { socketRequestLimit } from '../contract/socket/limits'
import { AppError } from '../lib/app-error'
import { viewerOf } from './auth'
import { createMemoryStore, createRedisStore, takeLimit, type RateLimit, type RateLimitStore, type Refusal } from '../lib/rate-limiter'

/** The socket side's caps; windows in milliseconds. */
export interface SocketLimits {
  /** Handshakes from one address, counted before any database query. */
  handshakePerAddress: RateLimit
  /** Handshakes of one user, counted once their session resolved. */
  handshakePerUser: RateLimit
  /** Sockets one user may hold open over every app server. */
  socketsPerUser: number
  /**
   * Allowances by request event, or by the bucket events share (`chat:send`), in place of the
   * contract's (server/contract/socket/limits.ts).
   */
  requests: Partial<Record<string, RateLimit>>
}

/** Request caps; tests lower or raise them. Windows are in milliseconds. */
export interface RateLimits {
  /** Every request from one address. */
  global: { max: number; window: number }
  /** Sign-in, sign-up and forgot, per address. */
  authPerIp: { max: number; window: number }
  /** Sign-in per (email, address), sign-up and forgot per email, change-password per user. */
  authPerAccount: { max: number; window: number }
  /**
   * Wrong passwords for one email from one address before that address waits, and the longest wait
   * (each further failure doubles it from 1 s); see server/modules/auth/sign-in-guard.ts.
   */
  lockout: { failures: number; duration: number }
  /** The socket side; what is left out keeps its default. */
  sockets?: Partial<SocketLimits>
}

export const defaultSocketLimits: SocketLimits = {
  // A club or an office behind one address reconnecting at once after a network blip still gets in.
  handshakePerAddress: { max: 30, windowMs: 10_000 },
  handshakePerUser: { max: 20, windowMs: 10_000 },
  socketsPerUser: 12,
  requests: {},
}

export const defaultRateLimits: RateLimits = {
  global: { max: 600, window: 60_000 },
  authPerIp: { max: 30, window: 10 * 60_000 },
  authPerAccount: { max: 10, window: 10 * 60_000 },
  lockout: { failures: 5, duration: 15 * 60_000 },
  sockets: defaultSocketLimits,
}

/**
 * Keyed allowances shared by every app server (in Redis when REDIS_URL is set, else in memory).
 * Keys name who is counted and for what: `chat:send:user:7`, `handshake:ip:10.0.0.1`.
 */
export interface Limiter {
  /** The socket caps in force (the defaults with the app's overrides). */
  sockets: Omit<SocketLimits, 'requests'>
  /** A request's allowance and the budget it spends: the override, else the contract's. */
  request(event: string): RateLimit & { bucket: string }
  /** Counts one call of `key`: null when it may go ahead, else how long to wait. */
  take(key: string, limit: RateLimit): Promise<Refusal | null>
  store: RateLimitStore
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits
    limiter: Limiter
  }
}

/** Every 429 carries Retry-After and the seconds left as `retryAfter` in its JSON body. */
export function rateLimitError(ttlMilliseconds: number): AppError {
  return new AppError(429, 'errors.rate_limited', { retryAfter: Math.max(1, Math.ceil(ttlMilliseconds / 1000)) })
}

/**
 * A per-user allowance for an HTTP route, placed after `app.requireUser` in its preHandler: counted
 * over all the user's sessions and app servers (the global per-address cap still applies before it).
 * `name` keeps each allowance apart; a refusal is a 429 with Retry-After, like every other limit.
 */
export function perUserRateLimit(app: FastifyInstance, name: string, limit: { max: number; windowMs: number }): preHandlerAsyncHookHandler {
  const limiter = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => `${name}:${viewerOf(request).user.id}` })
  return async (request, reply) => {
    const result = await limiter(request)
    if (result.isAllowed || !result.isExceeded) return
    const error = rateLimitError(result.ttl)
    void reply.header('retry-after', String(error.details.retryAfter))
    throw error
  }
}

/**
 * @fastify/rate-limit's store over ours, so HTTP limits hold across app servers with the same Redis
 * connection, rule and fail-open as the sockets'. Each route counts apart, as the plugin's own Redis
 * store does. The plugin compares a count with its max: a refusal is told as one over the max.
 */
function httpStore(store: RateLimitStore) {
  return class CounterStore implements FastifyRateLimitStore {
    readonly prefix: string
    constructor(_options: FastifyRateLimitOptions, prefix = 'http:') {
      this.prefix = prefix
    }
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      store.take(this.prefix + key, { max, windowMs: timeWindow }).then(
        (take) => callback(null, take.allowed ? { current: take.used, ttl: take.resetMs } : { current: max + 1, ttl: take.retryAfterMs }),
        (error: Error) => callback(error),
      )
    }
    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      store.peek(this.prefix + key, { max, windowMs: timeWindow }).then(
        ({ used, resetMs }) => callback(null, { current: used, ttl: resetMs }),
        (error: Error) => callback(error),
      )
    }
    child(options: FastifyRateLimitOptions & { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string }): FastifyRateLimitStore {
      const route = options.groupId ?? `${String(options.routeInfo?.method ?? '')}${options.routeInfo?.url ?? ''}`
      return new CounterStore(options, `${this.prefix}${route}-`)
    }
  }
}

async function rateLimitPlugin(app: FastifyInstance, options: { limits: RateLimits }): Promise<void> {
  const limits = options.limits
  const sockets: SocketLimits = { ...defaultSocketLimits, ...limits.sockets, requests: { ...limits.sockets?.requests } }
  const store = app.redis ? createRedisStore({ client: app.redis.client, prefix: `${app.redis.prefix}limits:`, logger: app.log }) : createMemoryStore()
  app.addHook('onClose', async () => store.close())

  app.decorate('rateLimits', limits)
  // Every socket request asks for its allowance, which is fixed once the app is built: worked out once per event.
  const requestLimits = new Map<string, RateLimit & { bucket: string }>()
  app.decorate('limiter', {
    sockets,
    store,
    request(event: string) {
      let limit = requestLimits.get(event)
      if (!limit) {
        const contract = socketRequestLimit(event)
        const override = sockets.requests[contract.bucket] ?? sockets.requests[event]
        limit = Object.freeze(override ? { ...override, bucket: contract.bucket } : contract)
        requestLimits.set(event, limit)
      }
      return limit
    },
    take: (key: string, limit: RateLimit) => takeLimit(store, key, limit),
  } satisfies Limiter)

  await app.register(rateLimit, {
    global: true,
    max: limits.global.max,
    timeWindow: limits.global.window,
    // Static files and uploads are not worth counting; the API is.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => rateLimitError(context.ttl),
    // With several app servers every limit is counted in Redis, so an address gets one allowance in all.
    ...(app.redis ? { store: httpStore(store) } : {}),
  })
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['redis'] })
