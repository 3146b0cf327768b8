import type { FastifyInstance } from 'fastify'
import type { OnlineCount } from '../../contract/socket/events'
import { takeSocketLimit, toAckError } from '../../lib/socket-handler'
import type { AppSocket } from '../../plugins/socket-io'
import { createPresenceRegistry, type PresenceRegistry } from './presence.registry'

/**
 * Presence over the sockets: every signed-in socket is counted while it is open (the online count,
 * a user's open sockets), a user at the cap of open sockets is refused at the handshake, and
 * `getOnline` is answered from the count. Its pushes go to everyone when users come and go, at
 * most every 500 ms.
 */
export function registerPresenceEvents(app: FastifyInstance): PresenceRegistry {
  const registry = createPresenceRegistry({ redis: app.redis, logger: app.log })
  const countOnline = async (): Promise<OnlineCount> => ({ count: await registry.onlineCount() })

  let pending: NodeJS.Timeout | null = null
  let closing = false
  const broadcastSoon = () => {
    if (pending || closing) return
    pending = setTimeout(() => {
      pending = null
      countOnline()
        .then((payload) => app.io.emit('online-count', payload))
        .catch((error: unknown) => app.log.warn({ err: error }, 'online count failed'))
    }, 500)
  }
  app.addHook('onClose', async () => {
    closing = true
    if (pending) clearTimeout(pending)
    await registry.close()
  })

  // The cap on a user's open sockets over every node: one more tab, device or script is refused.
  app.io.use((socket, next) => {
    const viewer = socket.data.viewer
    if (!viewer) return next()
    registry.socketsOf(viewer.user.id).then(
      (open) => next(open >= app.limiter.sockets.socketsPerUser ? new Error('errors.rate_limited') : undefined),
      () => next(),
    )
  })

  // One listener of each kind for every socket (Socket.IO calls them with the socket as `this`):
  // a connected socket holds no closure of its own for presence.
  function socketClosed(this: AppSocket): void {
    if (this.data.userId === null) return
    registry.closed(this.data.userId)
    broadcastSoon()
  }

  function answerGetOnline(this: AppSocket, ...args: unknown[]): void {
    answerOnlineCount(this, args)
  }

  function answerOnlineCount(socket: AppSocket, args: unknown[]): void {
    // Whatever a client sends before it, the last argument is the ack when it is a function.
    const last = args.at(-1)
    const ack = typeof last === 'function' ? (last as (result: unknown) => void) : undefined
    takeSocketLimit(app, socket, 'getOnline')
      .then(countOnline)
      .then((payload) => {
        socket.emit('online-count', payload)
        ack?.(payload)
      })
      .catch((error: unknown) => {
        ack?.(toAckError(error, app.log, 'getOnline'))
      })
  }

  app.io.on('connection', (socket: AppSocket) => {
    // Counted under the user it connected as, even if the session ends while it is open.
    const userId = socket.data.userId
    if (userId !== null) {
      registry.opened(userId)
      broadcastSoon()
      socket.on('disconnect', socketClosed)
    }
    ;(socket as unknown as { on(event: string, listener: (...args: unknown[]) => void): void }).on('getOnline', answerGetOnline)
  })

  return registry
}
