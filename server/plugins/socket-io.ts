import { createAdapter } from '@socket.io/redis-adapter'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createClient } from 'redis'
import { Server, type Socket } from 'socket.io'
import type { UserCard } from '../contract/socket/common'
import type { ClientToServerEvents, ServerToClientEvents, SocketAuth } from '../contract/socket/events'
import { AppError } from '../lib/app-error'
import { withGuardedPublish } from '../lib/guarded-publisher'
import type { Refusal } from '../lib/rate-limiter'
import { rateLimitError } from './rate-limit'
import { socketParser } from './socket-parser'
import { coalesceWebSocketWrites } from './socket-writes'
import type { Viewer } from './auth'

export interface SocketData {
  viewer: Viewer | null
  /**
   * The user the socket signed in as at its handshake. It stays when the session ends while the
   * socket is open, so what counted the socket in on connect counts it out on disconnect.
   */
  userId: number | null
  /** A streamer's page (handshake `auth.shareKey`, checked by the sharing module): whose table it follows. Never with a viewer. */
  share: { streamer: UserCard } | null
  /** The client's address, as the handshake saw it: what an anonymous socket's limits count by. */
  address: string
}

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>

declare module 'fastify' {
  interface FastifyInstance {
    io: AppServer
  }
}

/** The room every socket of one user joins, so an event can reach all their tabs and devices. */
export const userRoom = (userId: number) => `user:${userId}`

/** The room of the sockets of one session (one signed-in browser or app), so ending that session cuts only them. */
export const sessionRoom = (sessionId: number) => `session:${sessionId}`

/**
 * The Redis connection URL and the adapter's channel prefix. `REDIS_URL` may name the prefix with a
 * `key` query parameter (`redis://host:6379?key=mafia-a`), so several deployments or test runs share
 * one Redis without hearing each other; without it the prefix is the adapter's default, "socket.io".
 */
export function redisAdapterSettings(redisUrl: string): { url: string; key: string } {
  const url = new URL(redisUrl)
  const key = url.searchParams.get('key') || 'socket.io'
  url.searchParams.delete('key')
  return { url: url.toString(), key }
}

/**
 * Socket.IO on the app server's port. A socket authenticates with `auth.token` in its handshake;
 * without one it is anonymous (it may ask for public data only). A socket with `auth.shareKey` is a
 * streamer's page: it passes here without a session and the sharing module checks its key. With
 * REDIS_URL, the Redis adapter carries rooms and broadcasts across every node.
 */
async function socketIoPlugin(app: FastifyInstance, options: { redisUrl?: string; corsOrigins?: readonly string[] }): Promise<void> {
  // The desktop app's pages (app://mafia and DESKTOP_ORIGINS) connect from another origin; no cookies are involved.
  const cors = options.corsOrigins && options.corsOrigins.length > 0 ? { cors: { origin: [...options.corsOrigins], credentials: false } } : {}
  coalesceWebSocketWrites()
  const io: AppServer = new Server(app.server, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 64 * 1024, parser: socketParser, ...cors })
  const redisClients: Array<ReturnType<typeof createClient>> = []
  if (options.redisUrl) {
    const { url, key } = redisAdapterSettings(options.redisUrl)
    const publisher = createClient({ url })
    const subscriber = publisher.duplicate()
    publisher.on('error', (error) => app.log.error({ err: error }, 'redis publisher error'))
    subscriber.on('error', (error) => app.log.error({ err: error }, 'redis subscriber error'))
    await Promise.all([publisher.connect(), subscriber.connect()])
    redisClients.push(publisher, subscriber)
    // The adapter drops its publish promises: a failed one is logged here rather than ending the process.
    const adapterPublisher = withGuardedPublish(publisher, (error) => app.log.warn({ err: error }, 'redis adapter publish failed'))
    io.adapter(createAdapter(adapterPublisher, subscriber, { key }))
  }

  const limiter = app.limiter
  /** A handshake over a limit: `connect_error` says errors.rate_limited, with the seconds to wait in its `data`. */
  const rateLimited = (refusal: Refusal) =>
    Object.assign(new Error('errors.rate_limited'), { data: { retryAfter: rateLimitError(refusal.retryAfterMs).details.retryAfter } })

  // Handshakes per address, counted before anything else: a flood of them costs no database query.
  io.use((socket, next) => {
    // Behind a trusted proxy, the client's address it forwarded (TRUST_PROXY); else the peer's.
    socket.data.address = app.clientAddress({ request: socket.request })
    limiter.take(`handshake:ip:${socket.data.address}`, limiter.sockets.handshakePerAddress).then(
      (refusal) => next(refusal ? rateLimited(refusal) : undefined),
      () => next(new Error('errors.internal')),
    )
  })

  io.use((socket, next) => {
    const { token, shareKey } = (socket.handshake.auth ?? {}) as SocketAuth
    socket.data.viewer = null
    socket.data.userId = null
    socket.data.share = null
    // Sessions and share keys stay apart: a streamer's page has no session, and a socket with both is refused.
    if (shareKey !== undefined) return next(token === undefined ? undefined : new Error('errors.share.key_invalid'))
    if (typeof token !== 'string' || token === '') return next()
    app
      .resolveSession(token, { address: app.clientAddress({ request: socket.request }) })
      .then((viewer) => {
        if (!viewer) return next(new Error('errors.unauthorized'))
        socket.data.viewer = viewer
        socket.data.userId = viewer.user.id
        void socket.join([userRoom(viewer.user.id), sessionRoom(viewer.sessionId)])
        next()
      })
      .catch((error: unknown) => next(new Error(error instanceof AppError ? error.code : 'errors.internal')))
  })

  // Handshakes per user, once the session resolved: a user's reconnect loop over many addresses stops here.
  io.use((socket, next) => {
    const viewer = socket.data.viewer
    if (!viewer) return next()
    limiter.take(`handshake:user:${viewer.user.id}`, limiter.sockets.handshakePerUser).then(
      (refusal) => next(refusal ? rateLimited(refusal) : undefined),
      () => next(new Error('errors.internal')),
    )
  })

  app.decorate('io', io)
  app.addHook('preClose', async () => {
    // Only this server's sockets: through the Redis adapter a plain disconnectSockets would also
    // close every socket of every other app server.
    io.local.disconnectSockets(true)
    await new Promise<void>((resolve) => io.close(() => resolve()))
    await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)))
  })
}

export default fp(socketIoPlugin, { name: 'socket-io', dependencies: ['auth', 'rate-limit'] })
