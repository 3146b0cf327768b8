import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { AppRedis } from '../../plugins/redis'

/**
 * Who is connected: each user's open sockets over every app server, and how many distinct users
 * that makes. Kept up to date as sockets come and go, so reading it costs one lookup, never a
 * question to every node.
 */
export interface PresenceRegistry {
  /** A signed-in socket of this user connected to this node. */
  opened(userId: number): void
  /** One of this node's sockets of this user disconnected. */
  closed(userId: number): void
  /** The user's open sockets on every node. */
  socketsOf(userId: number): Promise<number>
  /** Distinct signed-in users with a socket on any node. */
  onlineCount(): Promise<number>
  close(): Promise<void>
}

/** How often a node says it is alive and sets its counts again, and how long after its last word a silent node's sockets stop counting. */
export const presenceHeartbeatMs = 10_000
export const presenceNodeTtlMs = 30_000

/**
 * The totals: `sockets` (user id to open sockets, over every node; HLEN is the online count). A
 * node keeps its own share in `node:<id>` and its deadline in the `nodes` sorted set. A node that
 * stops renewing its deadline (it crashed) has its share taken off the totals by the next node that
 * renews, so a dead node's users neither stay online nor keep holding their socket allowance.
 */
const changeScript = `
local mine = redis.call('HINCRBY', KEYS[2], ARGV[1], ARGV[2])
if mine <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) end
local total = redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2])
if total <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return total
`

// KEYS: totals, nodes. ARGV: node key prefix, this node's id, now, this node's new deadline (0: it leaves), then user id and count pairs.
const heartbeatScript = `
local function takeOff(nodeKey)
  local entries = redis.call('HGETALL', nodeKey)
  for i = 1, #entries, 2 do
    local total = redis.call('HINCRBY', KEYS[1], entries[i], -tonumber(entries[i + 1]))
    if total <= 0 then redis.call('HDEL', KEYS[1], entries[i]) end
  end
  redis.call('DEL', nodeKey)
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])) do
  if id ~= ARGV[2] then
    takeOff(ARGV[1] .. id)
    redis.call('ZREM', KEYS[2], id)
  end
end
-- This node's share is set afresh from its own counts: a change lost while Redis was away heals here.
local mine = ARGV[1] .. ARGV[2]
takeOff(mine)
if ARGV[4] == '0' then
  redis.call('ZREM', KEYS[2], ARGV[2])
  return 0
end
for i = 5, #ARGV, 2 do
  redis.call('HSET', mine, ARGV[i], ARGV[i + 1])
  redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1])
end
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[2])
return 1
`

/**
 * The registry of one app server: in memory alone, or with the totals in Redis when REDIS_URL is
 * set. Redis being away must not refuse anyone: reads then answer from this node's own counts, and
 * the next heartbeat sets its share again.
 */
export function createPresenceRegistry(options: { redis: AppRedis | null; logger: FastifyBaseLogger; now?: () => number }): PresenceRegistry {
  const local = new Map<number, number>()
  const redis = options.redis
  const now = options.now ?? Date.now

  const opened = (userId: number) => local.set(userId, (local.get(userId) ?? 0) + 1)
  const closed = (userId: number) => {
    const left = (local.get(userId) ?? 0) - 1
    if (left > 0) local.set(userId, left)
    else local.delete(userId)
  }

  if (!redis) {
    return {
      opened,
      closed,
      socketsOf: async (userId) => local.get(userId) ?? 0,
      onlineCount: async () => local.size,
      close: async () => local.clear(),
    }
  }

  const { client } = redis
  const prefix = `${redis.prefix}presence:`
  const totals = `${prefix}sockets`
  const nodes = `${prefix}nodes`
  const nodeId = randomUUID()
  const mine = `${prefix}node:${nodeId}`

  let failing = false
  const failed = (error: unknown) => {
    if (!failing) options.logger.error({ err: error }, 'presence: Redis failed, counting this node alone until it answers')
    failing = true
  }
  const answered = <T>(value: T): T => {
    failing = false
    return value
  }

  const change = (userId: number, delta: 1 | -1) => {
    client.eval(changeScript, { keys: [totals, mine], arguments: [String(userId), String(delta)] }).then(answered, failed)
  }

  const heartbeat = (leaving = false): Promise<unknown> => {
    const time = now()
    const counts = leaving ? [] : [...local].flatMap(([userId, count]) => [String(userId), String(count)])
    return client
      .eval(heartbeatScript, { keys: [totals, nodes], arguments: [`${prefix}node:`, nodeId, String(time), leaving ? '0' : String(time + presenceNodeTtlMs), ...counts] })
      .then(answered, failed)
  }

  void heartbeat()
  const timer = setInterval(() => void heartbeat(), presenceHeartbeatMs)
  timer.unref()

  return {
    opened(userId) {
      opened(userId)
      change(userId, 1)
    },
    closed(userId) {
      closed(userId)
      change(userId, -1)
    },
    async socketsOf(userId) {
      try {
        return answered(Number((await client.hGet(totals, String(userId))) ?? 0))
      } catch (error) {
        failed(error)
        return local.get(userId) ?? 0
      }
    },
    async onlineCount() {
      try {
        return answered(await client.hLen(totals))
      } catch (error) {
        failed(error)
        return local.size
      }
    },
    async close() {
      clearInterval(timer)
      local.clear()
      await heartbeat(true)
    },
  }
}
