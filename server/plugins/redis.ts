import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createClient } from 'redis'
import type { RedisClient } from '../lib/rate-limiter'
import { createInvalidationHub, type InvalidationBus, type InvalidationHub } from '../lib/revocable-cache'
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
    /** Tells the in-process caches of every app server what changed (sessions revoked, settings saved). */
    invalidations: InvalidationBus
  }
}

/**
 * One Redis client for commands when REDIS_URL is set. Commands sent while the connection is down
 * fail at once instead of queueing, so a caller that fails open (the limits) does not wait for Redis.
 */
async function redisPlugin(app: FastifyInstance, options: { redisUrl?: string }): Promise<void> {
  if (!options.redisUrl) {
    app.decorate('redis', null)
    app.decorate('invalidations', createInvalidationHub())
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
  const prefix = `${key}:`
  app.decorate('redis', { client, prefix })

  const invalidations = await subscribeToInvalidations(app, client, `${prefix}cache-invalidations`)
  app.decorate('invalidations', invalidations.hub)
  app.addHook('onClose', async () => {
    // Nothing is pending on a subscriber worth waiting for, and it may be mid-reconnect: cut it.
    if (invalidations.subscriber.isOpen) invalidations.subscriber.destroy()
    await client.quit().catch(() => undefined)
  })
}

/**
 * The cache invalidations between app servers: each one is published on `channel` and applied by every
 * other node's subscriber (a connection of its own: a subscribed connection takes no other command).
 * A node skips its own messages, already applied. When the subscriber reconnects, whatever was
 * published while it was away is lost, so the node empties its caches instead.
 */
async function subscribeToInvalidations(app: FastifyInstance, client: RedisClient, channel: string): Promise<{ hub: InvalidationHub; subscriber: RedisClient }> {
  const hub: InvalidationHub = createInvalidationHub((tag) => {
    // With Redis down the other nodes' subscribers are down too: they empty their caches when they reconnect.
    client.publish(channel, JSON.stringify({ origin: hub.origin, tag })).catch((error: unknown) => app.log.warn({ err: error }, 'cache invalidation not published'))
  })
  // Named after its channel, so an operator (or a test) can find this connection in CLIENT LIST.
  const subscriber: RedisClient = client.duplicate({ name: channel.replace(/\s/g, '_') })
  let connectedBefore = false
  subscriber.on('error', () => undefined) // the command client reports outages; this one reconnects by itself
  subscriber.on('ready', () => {
    if (connectedBefore) hub.forgetEverything()
    connectedBefore = true
  })
  await subscriber.connect()
  await subscriber.subscribe(channel, (message) => {
    const parsed = parseInvalidation(message)
    if (parsed && parsed.origin !== hub.origin) hub.receive(parsed.tag)
  })
  return { hub, subscriber }
}

function parseInvalidation(message: string): { origin: string; tag: string } | null {
  try {
    const value: unknown = JSON.parse(message)
    if (typeof value !== 'object' || value === null) return null
    const { origin, tag } = value as { origin?: unknown; tag?: unknown }
    return typeof origin === 'string' && typeof tag === 'string' ? { origin, tag } : null
  } catch {
    return null
  }
}

export default fp(redisPlugin, { name: 'redis' })
