import type { FastifyBaseLogger } from 'fastify'
import type { createClient } from 'redis'

/** At most `max` calls per `windowMs` milliseconds. */
export interface RateLimit {
  max: number
  windowMs: number
}

/** The answer to one call. */
export interface Take {
  allowed: boolean
  /** Refused: milliseconds until the next call is allowed; 0 when allowed. */
  retryAfterMs: number
  /** Calls of the allowance spent now, this one included when allowed (0 to max). */
  used: number
  /** Milliseconds until the whole allowance is back. */
  resetMs: number
}

/**
 * Allowances by key, as a generic cell rate (GCRA, a token bucket kept as one timestamp per key):
 * `max` calls may come at once, then one more every `windowMs / max`. Unlike fixed windows there is
 * no boundary at which the count starts again, so the (max+1)-th call of a burst is always refused
 * and the wait it is told is the real one.
 */
export interface RateLimitStore {
  take(key: string, limit: RateLimit): Promise<Take>
  /** The allowance of a key now, spending nothing. */
  peek(key: string, limit: RateLimit): Promise<Pick<Take, 'used' | 'resetMs'>>
  close(): void
}

/** How much of the allowance is spent while it takes `busyMs` to come back in full. */
const spent = (busyMs: number, limit: RateLimit) => Math.max(0, Math.min(limit.max, Math.ceil((busyMs * limit.max) / limit.windowMs - 1e-9)))

/**
 * The rule itself, shared by both stores: `busyUntil` is when the key's spent allowance will have
 * come back in full (the "theoretical arrival time").
 */
export function gcra(busyUntil: number, now: number, limit: RateLimit): { allowed: boolean; busyUntil: number; take: Take } {
  const interval = limit.windowMs / limit.max
  const from = Math.max(busyUntil, now)
  const next = from + interval
  const allowAt = next - limit.windowMs
  // No closure here: every socket request comes through, and tsx (which runs the server) names each closure made.
  if (allowAt > now) return { allowed: false, busyUntil: from, take: { allowed: false, retryAfterMs: Math.ceil(allowAt - now), used: spent(from - now, limit), resetMs: Math.ceil(from - now) } }
  return { allowed: true, busyUntil: next, take: { allowed: true, retryAfterMs: 0, used: spent(next - now, limit), resetMs: Math.ceil(next - now) } }
}

/** Allowances in this process's memory: what one app server needs. */
export function createMemoryStore(now: () => number = () => performance.timeOrigin + performance.now()): RateLimitStore {
  const busy = new Map<string, number>()
  let sweptAt = now()

  // Keys whose allowance is back in full are dropped now and then, so a stream of one-off addresses cannot grow the map for ever.
  const sweep = (time: number) => {
    if (time - sweptAt < 10_000 && busy.size < 50_000) return
    sweptAt = time
    for (const [key, until] of busy) if (until <= time) busy.delete(key)
  }

  return {
    async take(key, limit) {
      const time = now()
      sweep(time)
      const result = gcra(busy.get(key) ?? time, time, limit)
      busy.set(key, result.busyUntil)
      return result.take
    },
    async peek(key, limit) {
      const time = now()
      const until = Math.max(busy.get(key) ?? time, time)
      return { used: spent(until - time, limit), resetMs: Math.ceil(until - time) }
    },
    close() {
      busy.clear()
    },
  }
}

export type RedisClient = ReturnType<typeof createClient>

// The same rule in one step on Redis's own clock, so every app server sees one allowance. The key
// holds `busyUntil` and lives until it has passed.
const takeScript = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local interval = window / max
local from = tonumber(redis.call('GET', KEYS[1]) or '0')
if from < now then from = now end
local nextUntil = from + interval
local allowAt = nextUntil - window
if allowAt > now then
  return {0, math.ceil(allowAt - now), math.min(max, math.ceil((from - now) / interval - 1e-9)), math.ceil(from - now)}
end
redis.call('SET', KEYS[1], string.format('%.3f', nextUntil), 'PX', math.max(1, math.ceil(nextUntil - now)))
return {1, 0, math.min(max, math.ceil((nextUntil - now) / interval - 1e-9)), math.ceil(nextUntil - now)}
`

const peekScript = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local interval = tonumber(ARGV[2]) / tonumber(ARGV[1])
local from = tonumber(redis.call('GET', KEYS[1]) or '0')
if from < now then return {0, 0} end
return {math.min(tonumber(ARGV[1]), math.ceil((from - now) / interval - 1e-9)), math.ceil(from - now)}
`

/**
 * Allowances in Redis, shared by every app server. Redis being unreachable must not take the app
 * down with it: a call that cannot be counted goes through (fail open), logged once until Redis
 * answers again.
 */
export function createRedisStore(options: { client: RedisClient; prefix: string; logger: FastifyBaseLogger }): RateLimitStore {
  const { client, prefix, logger } = options
  let failing = false

  const run = async (script: string, key: string, limit: RateLimit): Promise<number[] | null> => {
    try {
      const reply = (await client.eval(script, { keys: [prefix + key], arguments: [String(limit.max), String(limit.windowMs)] })) as number[]
      if (failing) {
        failing = false
        logger.info('rate limits: Redis answers again')
      }
      return reply.map(Number)
    } catch (error) {
      if (!failing) {
        failing = true
        logger.error({ err: error }, 'rate limits: Redis failed, calls pass uncounted until it answers')
      }
      return null
    }
  }

  return {
    async take(key, limit) {
      const reply = await run(takeScript, key, limit)
      if (!reply) return { allowed: true, retryAfterMs: 0, used: 0, resetMs: 0 }
      const [allowed = 1, retryAfterMs = 0, used = 0, resetMs = 0] = reply
      return { allowed: allowed === 1, retryAfterMs, used, resetMs }
    },
    async peek(key, limit) {
      const [used = 0, resetMs = 0] = (await run(peekScript, key, limit)) ?? []
      return { used, resetMs }
    },
    close() {},
  }
}

/** A refusal: how long until the key may call again. */
export interface Refusal {
  retryAfterMs: number
}

/** Counts a call of `key` against `limit`: null when it may go ahead, else how long to wait. */
export async function takeLimit(store: RateLimitStore, key: string, limit: RateLimit): Promise<Refusal | null> {
  const take = await store.take(key, limit)
  return take.allowed ? null : { retryAfterMs: Math.max(1, take.retryAfterMs) }
}
