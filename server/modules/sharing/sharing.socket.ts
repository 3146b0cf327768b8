import type { FastifyInstance } from 'fastify'
import { Compile, type Validator } from 'typebox/compile'
import type { UserCard } from '../../contract/socket/common'
import type { SocketAuth, SocketRequestName } from '../../contract/socket/events'
import { TableSyncRequest } from '../../contract/socket/game'
import type { ShareEndReason } from '../../contract/socket/sharing'
import { takeSocketLimit, toAckError, validationAckError } from '../../lib/socket-handler'
import type { AppServer, AppSocket } from '../../plugins/socket-io'
import type { SharingService, StreamerFollowing, StreamerPages } from './sharing.service'

/** Every streamer's page open for one streamer, on any node: they move together when the streamer does. */
export const shareRoom = (streamerId: number) => `share:${streamerId}`

/**
 * How many pages one share key keeps open at once, over every app server: a streaming setup needs
 * one or two (a browser source, a preview); each page holds a media peer, so a leaked link must not
 * open hundreds.
 */
export const sharePageLimit = 3

/** A streamer's pages through the adapter: found in their share room on every node, told there. */
export function sharePagesOf(io: AppServer): StreamerPages {
  return {
    async of(streamerId) {
      const pages = await io.in(shareRoom(streamerId)).fetchSockets()
      const streamer = pages.find((page) => page.data.share)?.data.share?.streamer
      return streamer ? { streamer, pages } : null
    },
    show(streamerId, view) {
      io.to(shareRoom(streamerId)).emit('share:moved', view)
    },
  }
}

/** The page's requests, each answered through its ack. */
type SharePageRequest = Extract<SocketRequestName, `share:${string}`>

const syncRequest = Compile(TableSyncRequest) as unknown as Validator

/**
 * The streamer's page over the socket. The handshake's `auth.shareKey` is checked here (the socket
 * plugin lets such a socket through without a session, and refuses one that carries both); the
 * socket then belongs to no user, so every request but the page's own refuses it. Each of the
 * page's requests is checked, limited, handed to the following rules, and answered.
 */
export function registerSharingEvents(app: FastifyInstance, deps: { service: SharingService; following: StreamerFollowing }): { end(streamerId: number, reason: ShareEndReason): void } {
  const { service, following } = deps

  app.io.use((socket, next) => {
    const { shareKey } = (socket.handshake.auth ?? {}) as SocketAuth
    if (shareKey === undefined) return next()
    if (typeof shareKey !== 'string' || socket.data.viewer) return next(new Error('errors.share.key_invalid'))
    service
      .streamerOf(shareKey)
      .then(async (streamer) => {
        if (!streamer) return next(new Error('errors.share.key_invalid'))
        // The pages already open for this streamer, on every node (through the adapter).
        if ((await app.io.in(shareRoom(streamer.id)).fetchSockets()).length >= sharePageLimit) return next(new Error('errors.share.too_many_pages'))
        socket.data.share = { streamer }
        void socket.join(shareRoom(streamer.id))
        next()
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'share key check failed')
        next(new Error('errors.internal'))
      })
  })

  // Pages that open at the same moment (on two nodes) may each count fewer than the limit before the
  // other is connected. Once connected, a page that finds more than the limit open leaves; its
  // reconnection is then refused at the handshake while the others stay.
  app.io.on('connection', (socket: AppSocket) => {
    const share = socket.data.share
    if (!share) return
    app.io
      .in(shareRoom(share.streamer.id))
      .fetchSockets()
      .then(
        (pages) => {
          if (pages.length > sharePageLimit) socket.disconnect(true)
        },
        (error: unknown) => app.log.warn({ err: error }, 'share page count failed'),
      )
  })

  /**
   * One request of the page: refused for a socket opened without a share key, then its payload
   * checked, then limited (the contract's allowance, counted per streamer over all their pages),
   * then run; answered through its ack, never with a stack. The returned listener is shared by
   * every socket (Socket.IO calls it with the socket as `this`), so a socket holds no closure of its own.
   */
  function pageRequest(event: SharePageRequest, request: { payload?: Validator; run(streamer: UserCard, page: AppSocket, payload: unknown): Promise<unknown> }) {
    return function answerPageRequest(this: AppSocket, ...args: unknown[]): void {
      answerPage(this, args)
    }

    function answerPage(socket: AppSocket, args: unknown[]): void {
      // Listener arguments come from the network: whatever they are, the last function is the ack.
      const last = args.at(-1)
      const answer = typeof last === 'function' ? (last as (result: unknown) => void) : () => undefined
      const payload = typeof last === 'function' ? args.slice(0, -1)[0] : args[0]
      // Only a page opened with a share key follows a streamer; a signed-in user's socket has none.
      const share = socket.data.share
      if (!share) return answer({ error: 'errors.unauthorized' })
      if (request.payload && !request.payload.Check(payload)) return answer(validationAckError(request.payload.Errors(payload)))
      takeSocketLimit(app, socket, event)
        .then(() => request.run(share.streamer, socket, payload))
        .then(answer, (error: unknown) => answer(toAckError(error, app.log, event)))
    }
  }

  const pageRequests: Array<[SharePageRequest, (this: AppSocket, ...args: unknown[]) => void]> = [
    ['share:watch', pageRequest('share:watch', { run: (streamer, page) => following.watch(streamer, page) })],
    ['share:sync', pageRequest('share:sync', { payload: syncRequest, run: (streamer, _page, position) => following.sync(streamer, position as TableSyncRequest) })],
    ['share:media', pageRequest('share:media', { run: (streamer, page) => following.mediaTicket(streamer, page.id) })],
  ]

  /** A page that is gone is no longer let into its table's media room. */
  function pageClosed(this: AppSocket): void {
    if (this.data.share) following.pageClosed(this.data.share.streamer.id, this.id)
  }

  app.io.on('connection', (socket: AppSocket) => {
    for (const [event, listener] of pageRequests) (socket as unknown as { on(event: string, listener: (...args: unknown[]) => void): void }).on(event, listener)
    // Only a page has a share, from its handshake on: other sockets need no listener for its end.
    if (socket.data.share) socket.on('disconnect', pageClosed)
  })

  return {
    /** The key stopped working: its pages are told why, then disconnected, on every node. */
    end(streamerId: number, reason: ShareEndReason): void {
      app.io.to(shareRoom(streamerId)).emit('share:ended', { reason })
      app.io.in(shareRoom(streamerId)).disconnectSockets(true)
      following.ended(streamerId)
    },
  }
}
