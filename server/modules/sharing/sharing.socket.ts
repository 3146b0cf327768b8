import type { FastifyInstance } from 'fastify'
import type { SocketAuth } from '../../contract/socket/events'
import type { LobbyRole, LobbySummary } from '../../contract/socket/lobbies'
import type { MediaTicket } from '../../contract/socket/media'
import type { ShareEndReason, ShareView } from '../../contract/socket/sharing'
import type { UserCard } from '../../contract/socket/common'
import { AppError } from '../../lib/app-error'
import { createSocketRateLimiter, toAckError } from '../../lib/socket-handler'
import type { AppSocket } from '../../plugins/socket-io'
import { spectatorRoom, type GameModule } from '../game'
import { lobbyRoom } from '../lobbies'
import type { SharingService } from './sharing.service'

/** Every streamer's page open for one streamer, on any node: they move together when the streamer does. */
export const shareRoom = (streamerId: number) => `share:${streamerId}`

/** What the sharing module needs of the tables: where a user is, a table's summary, and word of every move. */
export interface StreamerTables {
  /** The table a user is at and how (player, judge, spectator); null at none. */
  placeOf(userId: number): Promise<{ lobbyId: number; as: LobbyRole } | null>
  summary(lobbyId: number): Promise<LobbySummary | null>
  /** Runs after users sat down, moved, left or were sent away (a disband), with their ids. */
  onMembersMoved(listener: (userIds: readonly number[]) => void): void
}

/**
 * What the sharing module needs of the table's media: a receive-only ticket for someone who is no
 * member of the table (the streamer's page), for the table's room wherever it lives.
 */
export interface ViewerTickets {
  viewerTicket(lobbyId: number, peerId: string): Promise<MediaTicket>
}

/** A page's socket, here or on another node (`fetchSockets`): what moving it between rooms needs. */
interface Follower {
  readonly rooms: Set<string>
  join(room: string): unknown
  leave(room: string): unknown
}

/** The rooms of a table a page sits in: the table's updates and the spectators' shared game view. */
const tableRooms = (lobbyId: number) => [lobbyRoom(lobbyId), spectatorRoom(lobbyId)]
const isTableRoom = (room: string) => room.startsWith('lobby:')

/**
 * The streamer's page over the socket. The handshake's `auth.shareKey` is checked here (the socket
 * plugin lets such a socket through without a session, and refuses one that carries both); the
 * socket then belongs to no user, so every other request refuses it, and it joins only the
 * streamer's share room and the rooms of the streamer's table that a spectator would be in.
 */
export function registerSharingEvents(
  app: FastifyInstance,
  deps: { service: SharingService; tables: StreamerTables; game: GameModule; media: ViewerTickets },
): { end(streamerId: number, reason: ShareEndReason): void } {
  const { service, tables, game, media } = deps

  app.io.use((socket, next) => {
    const { shareKey } = (socket.handshake.auth ?? {}) as SocketAuth
    if (shareKey === undefined) return next()
    if (typeof shareKey !== 'string' || socket.data.viewer) return next(new Error('errors.share.key_invalid'))
    service
      .streamerOf(shareKey)
      .then((streamer) => {
        if (!streamer) return next(new Error('errors.share.key_invalid'))
        socket.data.share = { streamer }
        void socket.join(shareRoom(streamer.id))
        next()
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'share key check failed')
        next(new Error('errors.internal'))
      })
  })

  /** The game exactly as a spectator sees it, at the spectators' stream position (read in the table's queue, so no push slips between). */
  const spectatorGame = (lobbyId: number) => game.spectatorSnapshot(lobbyId)

  /**
   * Puts the pages in the rooms of the streamer's table (leaving any other) and returns what they
   * show. Rooms first, then the view: an event pushed in between is older than the view and dropped.
   */
  async function follow(streamer: UserCard, followers: readonly Follower[]): Promise<ShareView> {
    const place = await tables.placeOf(streamer.id)
    const wanted = place ? tableRooms(place.lobbyId) : []
    for (const follower of followers) {
      for (const room of [...follower.rooms]) if (isTableRoom(room) && !wanted.includes(room)) await follower.leave(room)
      for (const room of wanted) if (!follower.rooms.has(room)) await follower.join(room)
    }
    if (!place) return { streamer, lobby: null }
    const summary = await tables.summary(place.lobbyId)
    if (!summary) return { streamer, lobby: null }
    return { streamer, lobby: { id: place.lobbyId, member: false, as: place.as, lobby: summary, game: await spectatorGame(place.lobbyId) } }
  }

  // One follow at a time per streamer on this node, so two quick moves cannot leave a page behind.
  const queues = new Map<number, Promise<unknown>>()
  function serialised<T>(streamerId: number, work: () => Promise<T>): Promise<T> {
    const run = (queues.get(streamerId) ?? Promise.resolve()).then(work, work)
    const settled = run.catch(() => undefined)
    queues.set(streamerId, settled)
    void settled.then(() => {
      if (queues.get(streamerId) === settled) queues.delete(streamerId)
    })
    return run
  }

  /** The streamer moved: every page of theirs, on every node, follows and is told. */
  async function moveAll(streamerId: number): Promise<void> {
    const pages = await app.io.in(shareRoom(streamerId)).fetchSockets()
    const streamer = pages.find((page) => page.data.share)?.data.share?.streamer
    if (!streamer) return
    const view = await follow(streamer, pages)
    app.io.to(shareRoom(streamerId)).emit('share:moved', view)
  }

  tables.onMembersMoved((userIds) => {
    for (const userId of new Set(userIds)) {
      serialised(userId, () => moveAll(userId)).catch((error: unknown) => app.log.error({ err: error, userId }, 'streamer page follow failed'))
    }
  })

  /**
   * The page's ticket for the media room of the streamer's table: only while the streamer is at a
   * live one. The peer id names the page, never a user, so no seat's stream is ever taken for it.
   */
  async function mediaTicket(socket: AppSocket, streamer: UserCard): Promise<MediaTicket> {
    const place = await tables.placeOf(streamer.id)
    const summary = place ? await tables.summary(place.lobbyId) : null
    if (!place || !summary || (summary.status !== 'open' && summary.status !== 'running')) throw new AppError(409, 'errors.lobby.not_member', { field: 'lobby' })
    return media.viewerTicket(place.lobbyId, `share-${streamer.id}-${socket.id}`)
  }

  // A page reconnecting or reloading after a gap asks now and then, never in a flood.
  const take = createSocketRateLimiter({ max: 10, windowMs: 10_000 })
  // The media client asks a fresh ticket for every (re)connection, with a backoff.
  const takeTicket = createSocketRateLimiter({ max: 20, windowMs: 10_000 })
  app.io.on('connection', (socket: AppSocket) => {
    socket.on('share:media', (ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined
      const share = socket.data.share
      if (!share) return answer({ error: 'errors.unauthorized' })
      try {
        takeTicket(socket)
      } catch (error) {
        return answer(toAckError(error, app.log, 'share:media'))
      }
      mediaTicket(socket, share.streamer).then(answer, (error: unknown) => answer(toAckError(error, app.log, 'share:media')))
    })

    socket.on('share:watch', (ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined
      // Only a page opened with a share key follows a streamer; a signed-in user's socket has none.
      const share = socket.data.share
      if (!share) return answer({ error: 'errors.unauthorized' })
      try {
        take(socket)
      } catch (error) {
        return answer(toAckError(error, app.log, 'share:watch'))
      }
      serialised(share.streamer.id, () => follow(share.streamer, [socket])).then(answer, (error: unknown) => answer(toAckError(error, app.log, 'share:watch')))
    })
  })

  return {
    /** The key stopped working: its pages are told why, then disconnected, on every node. */
    end(streamerId: number, reason: ShareEndReason): void {
      app.io.to(shareRoom(streamerId)).emit('share:ended', { reason })
      app.io.in(shareRoom(streamerId)).disconnectSockets(true)
    },
  }
}
