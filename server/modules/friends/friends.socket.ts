import type { FastifyInstance } from 'fastify'
import { friendsRequests } from '../../contract/socket/friends'
import type { BindRequests } from '../../lib/socket-handler'
import { userRoom, type AppSocket } from '../../plugins/socket-io'
import type { FriendsService, Presence } from './friends.service'

/** Online state from the socket rooms: one adapter round trip for all the ids, so it sums every node. */
export function createSocketPresence(app: FastifyInstance): Presence {
  return {
    async onlineAmong(userIds) {
      if (userIds.length === 0) return new Set()
      const sockets = await app.io.in(userIds.map(userRoom)).fetchSockets()
      const online = new Set<number>()
      for (const socket of sockets) if (socket.data.viewer) online.add(socket.data.viewer.user.id)
      return online
    },
  }
}

/** The friends events: requests answered through their acks, and the pushes that keep friend lists live. */
export function registerFriendsEvents(app: FastifyInstance, service: FriendsService, bindRequests: BindRequests): void {
  const io = app.io

  /** Tells the user's friends, wherever they are connected, that the user came or went. */
  const announce = async (userId: number, online: boolean) => {
    const friendIds = await service.friendIds(userId)
    if (friendIds.length > 0) io.to(friendIds.map(userRoom)).emit('friends:online', { id: userId, online })
  }

  // Bound once for every socket: each handler finds its socket in its context.
  bindRequests.everySocket(friendsRequests, {
    'friends:search': async ({ viewer, payload }) => service.search(viewer.user.id, payload),

    'friends:search:new': async ({ viewer }) => ({ items: await service.suggestions(viewer.user.id) }),

    'friends:request:create': async ({ socket, viewer, payload, after }) => {
      const outcome = await service.createRequest(viewer.user.id, payload.id)
      if (outcome.status === 'requested') {
        after(() => {
          io.to(userRoom(outcome.to.id)).emit('friends:requested', { ...outcome.from, requestId: outcome.requestId, createdAt: outcome.createdAt.toISOString() })
        })
        return { status: 'requested', requestId: outcome.requestId, user: outcome.to }
      }
      const [friend] = await service.withOnline([outcome.other])
      after(() => {
        io.to(userRoom(outcome.other.id)).emit('friends:added', { ...outcome.user, online: true })
        if (friend) io.to(userRoom(viewer.user.id)).except(socket.id).emit('friends:added', friend)
      })
      return { status: 'accepted', friend: friend ?? { ...outcome.other, online: false } }
    },

    'friends:request:accept': async ({ socket, viewer, payload, after }) => {
      const { friend, viewer: me } = await service.accept(viewer.user.id, payload)
      after(() => {
        io.to(userRoom(friend.id)).emit('friends:added', { ...me, online: true })
        io.to(userRoom(viewer.user.id)).except(socket.id).emit('friends:added', friend)
      })
      return friend
    },

    'friends:request:reject': async ({ viewer, payload }) => {
      await service.reject(viewer.user.id, payload)
      return { ok: true }
    },

    'friends:remove': async ({ socket, viewer, payload, after }) => {
      await service.remove(viewer.user.id, payload.id)
      after(() => {
        io.to(userRoom(payload.id)).emit('friends:removed', { id: viewer.user.id })
        io.to(userRoom(viewer.user.id)).except(socket.id).emit('friends:removed', { id: payload.id })
      })
      return { ok: true }
    },

    'friends:request:check': async ({ viewer }) => {
      const { incoming, outgoing } = await service.pending(viewer.user.id)
      return { items: incoming, outgoing }
    },

    'friends:list': async ({ viewer }) => ({ items: await service.list(viewer.user.id) }),

    'friends:block': async ({ socket, viewer, payload, after }) => {
      const { user, unfriended } = await service.block(viewer.user.id, payload.id)
      // A block is not announced to the blocked user; an ended friendship is, as a removal would be.
      if (unfriended) {
        after(() => {
          io.to(userRoom(payload.id)).emit('friends:removed', { id: viewer.user.id })
          io.to(userRoom(viewer.user.id)).except(socket.id).emit('friends:removed', { id: payload.id })
        })
      }
      return user
    },

    'friends:unblock': async ({ viewer, payload }) => {
      await service.unblock(viewer.user.id, payload.id)
      return { ok: true }
    },

    'friends:block:list': async ({ viewer }) => ({ items: await service.blocked(viewer.user.id) }),
  })

  /**
   * A signed-in user's friends hear that they went offline once their last socket on any node is
   * gone. One listener for every socket (Socket.IO calls it with the socket as `this`), so a socket
   * holds no closure of its own for it.
   */
  function announceLeaving(this: AppSocket): void {
    const userId = this.data.userId
    if (userId === null) return
    setImmediate(() => {
      // Shutting down (Socket.IO closed the HTTP server): nobody is left to tell, and the database is closing.
      if (!app.server.listening) return
      // The socket has left its rooms by now: any socket still in the user's room is another tab or device.
      io.in(userRoom(userId))
        .fetchSockets()
        .then((remaining) => (remaining.length === 0 ? announce(userId, false) : undefined))
        .catch((error: unknown) => app.log.warn({ err: error }, 'friends offline announce failed'))
    })
  }

  io.on('connection', (socket: AppSocket) => {
    const userId = socket.data.userId
    if (userId === null) return
    announce(userId, true).catch((error: unknown) => app.log.warn({ err: error }, 'friends online announce failed'))
    socket.on('disconnect', announceLeaving)
  })
}
