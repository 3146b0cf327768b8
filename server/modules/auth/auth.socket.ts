import type { FastifyInstance } from 'fastify'
import type { ServerToClientEvents } from '../../contract/socket/events'
import { userRoom } from '../../plugins/socket-io'

export type RevokedReason = Parameters<ServerToClientEvents['auth:revoked']>[0]['reason']

/**
 * Tells the sockets of sessions that just ended why, then disconnects them, so an open tab signs
 * out at once instead of acting with a dead token. Goes through the adapter, so with Redis it
 * reaches sockets on every node.
 */
export async function endSocketSessions(app: FastifyInstance, userId: number, ended: (sessionId: number) => boolean, reason: RevokedReason): Promise<void> {
  const sockets = await app.io.in(userRoom(userId)).fetchSockets()
  for (const socket of sockets) {
    const viewer = socket.data.viewer
    if (!viewer || !ended(viewer.sessionId)) continue
    socket.emit('auth:revoked', { reason })
    socket.disconnect(true)
  }
}
