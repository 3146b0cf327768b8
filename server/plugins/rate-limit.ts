import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'

/** Request caps; tests lower or raise them. Windows are in milliseconds. */
export interface RateLimits {
  /** Every request from one address. */
  global: { max: number; window: number }
  /** Sign-in, sign-up and forgot, per address. */
  authPerIp: { max: number; window: number }
  /** Sign-in and forgot, per account (email). */
  authPerAccount: { max: number; window: number }
  /** Failed sign-ins in a row that lock the account, and for how long. */
  lockout: { failures: number; duration: number }
}

export const defaultRateLimits: RateLimits = {
  global: { max: 600, window: 60_000 },
  authPerIp: { max: 30, window: 10 * 60_000 },
  authPerAccount: { max: 10, window: 10 * 60_000 },
  lockout: { failures: 5, duration: 15 * 60_000 },
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits
  }
}

/** Every 429 carries Retry-After and the seconds left as `retryAfter` in its JSON body. */
export function rateLimitError(ttlMilliseconds: number): AppError {
  return new AppError(429, 'errors.rate_limited', { retryAfter: Math.max(1, Math.ceil(ttlMilliseconds / 1000)) })
}

async function rateLimitPlugin(app: FastifyInstance, options: { limits: RateLimits }): Promise<void> {
  app.decorate('rateLimits', options.limits)
  await app.register(rateLimit, {
    global: true,
    max: options.limits.global.max,
    timeWindow: options.limits.global.window,
    // Static files and uploads are not worth counting; the API is.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => rateLimitError(context.ttl),
  })
}

export default fp(rateLimitPlugin, { name: 'rate-limit' })
