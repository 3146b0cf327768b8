import type { FastifyInstance } from 'fastify'
import type { OnlineCount } from '../../contract/socket/events'
import type { AppSocket } from '../../plugins/socket-io'

/**
 * The online count: distinct signed-in users connected to any node. fetchSockets goes through the
 * adapter, so with Redis it sums every node.
 */
export async function countOnline(app: FastifyInstance): Promise<OnlineCount> {
  const sockets = await app.io.fetchSockets()
  const users = new Set<number>()
  for (const socket of sockets) {
    if (socket.data.viewer) users.add(socket.data.viewer.user.id)
  }
  return { count: users.size }
}

/** Answers `getOnline` and pushes the new count to everyone when users come and go (at most every 500 ms). */
export function registerPresenceEvents(app: FastifyInstance): void {
  let pending: NodeJS.Timeout | null = null
  const broadcastSoon = () => {
    if (pending) return
    pending = setTimeout(() => {
      pending = null
      countOnline(app)
        .then((payload) => app.io.emit('online-count', payload))
        .catch((error: unknown) => app.log.warn({ err: error }, 'online count failed'))
    }, 500)
  }
  app.addHook('onClose', async () => {
    if (pending) clearTimeout(pending)
  })

  app.io.on('connection', (socket: AppSocket) => {
    if (socket.data.viewer) broadcastSoon()
    socket.on('disconnect', () => {
      if (socket.data.viewer) broadcastSoon()
    })
    socket.on('getOnline', (ack) => {
      countOnline(app)
        .then((payload) => {
          socket.emit('online-count', payload)
          if (typeof ack === 'function') ack(payload)
        })
        .catch(() => {
          if (typeof ack === 'function') ack({ error: 'errors.internal' })
        })
    })
  })
}
