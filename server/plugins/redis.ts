import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createClient } from 'redis'
import type { RedisClient } from '../lib/rate-limiter'
import { redisAdapterSettings } from './socket-io'

/** The app's own Redis connection for counters and presence (the adapter keeps its two apart), with the deployment's key prefix. */
export interface AppRedis {
  client: RedisClient
  /** Starts every key this app writes: `<REDIS_URL's key, or socket.io>:`, so deployments sharing one Redis stay apart. */
  prefix: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null on a single app server (no REDIS_URL): counters and presence then live in memory. */
    redis: AppRedis | null
  }
}

/**
 * One Redis client for commands when REDIS_URL is set. Commands sent while the connection is down
 * fail at once instead of queueing, so a caller that fails open (the limits) does not wait for Redis.
 */
async function redisPlugin(app: FastifyInstance, options: { redisUrl?: string }): Promise<void> {
  if (!options.redisUrl) {
    app.decorate('redis', null)
    return
  }
  // The adapter's channel prefix (REDIS_URL's `key`) also starts every key, so deployments sharing one Redis stay apart.
  const { url, key } = redisAdapterSettings(options.redisUrl)
  const client: RedisClient = createClient({ url, disableOfflineQueue: true })
  let reported = false
  client.on('error', (error) => {
    // The client reconnects by itself; one line per outage is enough.
    if (!reported) app.log.error({ err: error }, 'redis error')
    reported = true
  })
  client.on('ready', () => {
    reported = false
  })
  await client.connect()
  app.decorate('redis', { client, prefix: `${key}:` })
  app.addHook('onClose', async () => {
    await client.quit().catch(() => undefined)
  })
}

export default fp(redisPlugin, { name: 'redis' })
