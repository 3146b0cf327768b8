import { shareLink, type NewShareKey, type ShareKeyState } from '../../contract/http/sharing'
import type { UserCard } from '../../contract/socket/common'
import type { TableSync, TableSyncRequest } from '../../contract/socket/game'
import type { LobbyRole, LobbySummary } from '../../contract/socket/lobbies'
import type { MediaTicket } from '../../contract/socket/media'
import type { ShareView } from '../../contract/socket/sharing'
import { AppError } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import { hashToken, randomToken } from '../../lib/ids'
import { createKeyedQueue } from '../../lib/keyed-queue'
import { spectatorRoom, type GameModule } from '../game'
import { lobbyRoom } from '../lobbies'
import type { SharingRepository } from './sharing.repository'

/** Keys are 256-bit random strings; anything far longer is not one, and is not even hashed. */
const keyMaxLength = 128

/**
 * The streamer's share keys. A key grants one thing: watching the streamer's table as a spectator
 * would. It is random, kept only as its SHA-256 (a leaked table opens no page), shown once when
 * made, replaced by regenerating and ended by revoking.
 */
export function createSharingService(options: { repository: SharingRepository; clock: Clock; publicUrl: string }) {
  const { repository, clock, publicUrl } = options

  return {
    async stateOf(userId: number): Promise<ShareKeyState> {
      const row = await repository.find(userId)
      return { active: row !== undefined, createdAt: row ? row.created_at.toISOString() : null }
    },

    /** A new key in place of any old one; the only moment the key itself is known. */
    async create(userId: number): Promise<NewShareKey> {
      const key = randomToken()
      const row = await repository.replace(userId, hashToken(key), clock.now())
      return { key, link: shareLink(publicUrl, key), createdAt: row.created_at.toISOString() }
    },

    /** Ends the user's key; true when there was one. */
    revoke: (userId: number) => repository.remove(userId),

    /** The streamer whose page a key opens; null for an unknown, revoked or replaced key, or a banned streamer. */
    async streamerOf(key: string): Promise<UserCard | null> {
      if (key.length === 0 || key.length > keyMaxLength) return null
      const row = await repository.ownerOf(hashToken(key), clock.now())
      if (!row) return null
      return { id: row.id, nickname: row.nickname, officialNickname: row.official_nickname, avatar: row.avatar, isPremium: row.is_premium }
    },
  }
}

export type SharingService = ReturnType<typeof createSharingService>

/** What following a streamer needs of the tables: where a user is, and a table's summary. */
export interface StreamerTables {
  /** The table a user is at and how (player, judge, spectator); null at none. */
  placeOf(userId: number): Promise<{ lobbyId: number; as: LobbyRole } | null>
  summary(lobbyId: number): Promise<LobbySummary | null>
}

/**
 * What the sharing module needs of the table's media: a receive-only ticket for someone who is no
 * member of the table (the streamer's page), for the table's room wherever it lives, given while the
 * streamer is there; and cutting a streamer's pages off when their key stops working.
 */
export interface ViewerTickets {
  viewerTicket(lobbyId: number, peerId: string, streamerId: number): Promise<MediaTicket>
  revokeSharePages(streamerId: number): void
  /** A page closed: its media peer is no longer let in. */
  viewerGone(peerId: string): void
}

/** One open page of a streamer, on this app server or another: what moving it between rooms needs. */
export interface SharePage {
  readonly rooms: ReadonlySet<string>
  join(room: string): unknown
  leave(room: string): unknown
}

/** The socket side of a streamer's pages: finds them on every app server, and tells them all what they show. */
export interface StreamerPages {
  /** Every page open for this streamer, on any app server, with the streamer their key named; null when none is open. */
  of(streamerId: number): Promise<{ streamer: UserCard; pages: readonly SharePage[] } | null>
  /** Tells every page of this streamer, on every app server, what it shows now. */
  show(streamerId: number, view: ShareView): void
}

/** The rooms of a table a page sits in: the table's updates and the spectators' stream. */
const tableRooms = (lobbyId: number) => [lobbyRoom(lobbyId), spectatorRoom(lobbyId)]
const isTableRoom = (room: string) => room.startsWith('lobby:')

const notAtTable = (field: string) => new AppError(409, 'errors.lobby.not_member', { field })

/**
 * Following a streamer: their pages sit in the rooms of the table the streamer is at (sitting,
 * judging or watching), exactly where a spectator of it would sit, and show it as a spectator sees
 * it. The socket layer finds the pages and moves them; the rules of where they belong and what they
 * show are here.
 */
export function createStreamerFollowing(options: {
  tables: StreamerTables
  game: Pick<GameModule, 'spectatorSnapshot' | 'spectatorSync'>
  media: ViewerTickets
  pages: StreamerPages
}) {
  const { tables, game, media, pages } = options

  /**
   * Puts the pages in the rooms of the streamer's table (leaving any other) and returns what they
   * show. Rooms first, then the view, read in the table's queue at the spectators' stream position:
   * a push that falls in between is older than the view, and the page drops it.
   */
  async function follow(streamer: UserCard, followers: readonly SharePage[]): Promise<ShareView> {
    const place = await tables.placeOf(streamer.id)
    const wanted = place ? tableRooms(place.lobbyId) : []
    for (const follower of followers) {
      for (const room of [...follower.rooms]) if (isTableRoom(room) && !wanted.includes(room)) await follower.leave(room)
      for (const room of wanted) if (!follower.rooms.has(room)) await follower.join(room)
    }
    if (!place) return { streamer, lobby: null }
    const summary = await tables.summary(place.lobbyId)
    if (!summary) return { streamer, lobby: null }
    return { streamer, lobby: { id: place.lobbyId, member: false, as: place.as, lobby: summary, game: await game.spectatorSnapshot(place.lobbyId) } }
  }

  // One follow at a time per streamer on this app server, so two quick moves cannot leave a page behind.
  const queue = createKeyedQueue<number>()
  const serialised = <T>(streamerId: number, work: () => Promise<T>): Promise<T> => queue.run(streamerId, work)

  /** The streamer moved: every page of theirs, on every app server, follows and is told. */
  async function moveAll(streamerId: number): Promise<void> {
    const open = await pages.of(streamerId)
    if (!open) return
    pages.show(streamerId, await follow(open.streamer, open.pages))
  }

  return {
    /** A page asks for its streamer's table (every connect, a refused resume): it joins that table's rooms and gets what it shows. */
    watch(streamer: UserCard, page: SharePage): Promise<ShareView> {
      return serialised(streamer.id, () => follow(streamer, [page]))
    },

    /** Users sat down, moved or left: the pages of each of them follow. */
    moved(userId: number): Promise<void> {
      return serialised(userId, () => moveAll(userId))
    },

    /**
     * Resumes the spectators' stream of the table the page shows, from the position it holds. Only
     * while the streamer is still at that table: otherwise the page asks for the table afresh.
     */
    async sync(streamer: UserCard, from: TableSyncRequest): Promise<TableSync> {
      const place = await tables.placeOf(streamer.id)
      if (!place || place.lobbyId !== from.id) throw notAtTable('id')
      return game.spectatorSync(place.lobbyId, { stream: from.stream, seq: from.seq })
    },

    /**
     * The page's ticket for the media room of the streamer's table: only while the streamer is at a
     * live one. The peer id names the page, never a user, so no seat's stream is ever taken for it.
     */
    async mediaTicket(streamer: UserCard, pageId: string): Promise<MediaTicket> {
      const place = await tables.placeOf(streamer.id)
      const summary = place ? await tables.summary(place.lobbyId) : null
      if (!place || !summary || (summary.status !== 'open' && summary.status !== 'running')) throw notAtTable('lobby')
      return media.viewerTicket(place.lobbyId, `share-${streamer.id}-${pageId}`, streamer.id)
    },

    /** A page's socket closed: its media peer (named after the socket) goes too. */
    pageClosed(streamerId: number, pageId: string): void {
      media.viewerGone(`share-${streamerId}-${pageId}`)
    },

    /** The streamer's key was revoked or replaced: their pages' media connections close at once. */
    ended(streamerId: number): void {
      media.revokeSharePages(streamerId)
    },
  }
}

export type StreamerFollowing = ReturnType<typeof createStreamerFollowing>
