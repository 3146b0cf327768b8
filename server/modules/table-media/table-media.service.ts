import type { FastifyBaseLogger } from 'fastify'
import type { LobbyRow } from '../../../db/schema'
import type { MediaRole } from '../../contract/rtc'
import type { MediaTicket } from '../../contract/socket/media'
import { AppError } from '../../lib/app-error'
import { createKeyedQueue } from '../../lib/keyed-queue'
import type { GameState } from '../game'
import type { PeerRevocation } from '../../media'
import { roomControlOf, type RoomControl, type TableMembers } from './microphones'

/** The media room of a table: one per lobby. */
export const tableRoomId = (lobbyId: number) => `lobby-${lobbyId}`

/** The lobby of a table's room id, or null for a room that is not a table's. */
export function lobbyOfRoom(roomId: string): number | null {
  const match = /^lobby-([1-9][0-9]{0,15})$/.exec(roomId)
  return match ? Number(match[1]) : null
}

/** Where a table's media room lives: the media server built into this app, or a registered media node. */
export interface MediaHome {
  /** `builtin`, or the node's id. */
  readonly id: string
  /** The signalling URL a ticket names: a path on the app's origin, or an absolute `ws(s):` URL. */
  readonly url: string
  issueToken(claims: { roomId: string; peerId: string; role: MediaRole }): string
  /**
   * Applies the game's microphones and speaker to a room. `create`: open the room if it does not
   * exist (a ticket is about to be used); otherwise a room nobody joined is left alone.
   */
  control(roomId: string, control: RoomControl, options: { create: boolean }): Promise<void>
}

/** Which home a table's room is at. */
export interface MediaPlacement {
  /** The table's home, choosing one (and keeping it) when it has none yet, or moving it off a node gone or disabled. */
  place(lobbyId: number): Promise<MediaHome>
  /** The table's home as this app server knows it (the built-in media server until it placed the table elsewhere). */
  homeOf(lobbyId: number): MediaHome | null
  /** The table's home failed it (a node that did not answer): the built-in media server takes it. */
  fallback(lobbyId: number): Promise<MediaHome>
  /** Members moved at these tables: those that ended (disbanded, nobody left) lose their placement. */
  ended(lobbyIds: readonly number[]): Promise<void>
  /** Cuts a peer off on the built-in media server and every live media node of this app server. */
  revoke(target: PeerRevocation): Promise<void>
}

/** What this module needs of the lobbies: a table's members by role (user ids). */
export type MembersOf = (lobbyId: number) => Promise<{ players: readonly number[]; judge: number | null; spectators: readonly number[] }>

/** What this module needs of the lobbies: the table a user is at. */
export type MembershipOf = (userId: number) => Promise<{ lobby: Pick<LobbyRow, 'id' | 'status'>; role: 'player' | 'judge' | 'spectator' } | undefined>

/** What this module needs of the game host: the table's state, read in the table's queue. */
export interface GameStates {
  /** Runs work in the table's queue, where its state is read without a command slipping between. */
  withTable<T>(lobbyId: number, work: (table: { state(): Promise<GameState | null> }) => Promise<T>): Promise<T>
}

/**
 * Media tickets, who may be in a table's media room, and the game's hold on cameras and
 * microphones. A ticket is issued to a member of a live table only: seated players and the judge
 * publish, spectators receive. Every ticket, every stored game event and every membership change
 * pushes the table's room control (its peers, whose cameras reach whom, the microphones, the
 * speaker) to its room when it changed, so the media server forwards only what the game allows and
 * closes whoever is no longer at the table, whatever their browser does.
 */
export function createTableMediaService(deps: { membershipOf: MembershipOf; membersOf: MembersOf; game: GameStates; placement: MediaPlacement; logger: FastifyBaseLogger }) {
  const { membershipOf, game, placement, logger } = deps
  const stateOf = (lobbyId: number) => game.withTable(lobbyId, (table) => table.state())
  /** The lobby's members of each table with a room here, so a game event costs no query. */
  const members = new Map<number, { publishers: number[]; spectators: number[] }>()
  /** The share pages given a ticket, by table: peer id → their streamer. */
  const viewers = new Map<number, Map<string, number>>()
  /** The last control sent to each table's room (as JSON): an unchanged one is not sent again. Only tables given a ticket here are followed. */
  const lastSent = new Map<number, string>()

  async function loadMembers(lobbyId: number): Promise<{ publishers: number[]; spectators: number[] }> {
    const found = await deps.membersOf(lobbyId)
    const entry = { publishers: [...found.players, ...(found.judge === null ? [] : [found.judge])], spectators: [...found.spectators] }
    members.set(lobbyId, entry)
    return entry
  }

  async function controlOf(lobbyId: number, state: GameState | null, fresh: boolean): Promise<RoomControl> {
    const lobby = (fresh ? undefined : members.get(lobbyId)) ?? (await loadMembers(lobbyId))
    const table: TableMembers = { ...lobby, viewers: [...(viewers.get(lobbyId)?.keys() ?? [])] }
    return roomControlOf(state, table)
  }

  /** One control at a time per table, in order, so an older state never lands after a newer one. */
  const queue = createKeyedQueue<number>()
  const serial = <T>(lobbyId: number, work: () => Promise<T>): Promise<T> => queue.run(lobbyId, work)

  /** Sends the control to the table's room unless it is the one sent last (a ticket's `create` always goes). */
  async function push(lobbyId: number, home: MediaHome, control: RoomControl, create: boolean): Promise<void> {
    const text = JSON.stringify(control)
    if (!create && lastSent.get(lobbyId) === text) return
    lastSent.set(lobbyId, text)
    try {
      await home.control(tableRoomId(lobbyId), control, { create })
    } catch (error) {
      lastSent.set(lobbyId, '')
      throw error
    }
  }

  /** A ticket for the table's room, on the home the table is placed at (the built-in one if that fails). */
  async function issue(lobbyId: number, peerId: string, role: MediaRole): Promise<MediaTicket> {
    const roomId = tableRoomId(lobbyId)
    return serial(lobbyId, async () => {
      const control = await controlOf(lobbyId, await stateOf(lobbyId), true)
      // The room learns who may enter and the game's cameras and microphones before anyone can join it (also after it idled out).
      let home = await placement.place(lobbyId)
      try {
        await push(lobbyId, home, control, true)
      } catch (error) {
        logger.warn({ err: error, lobbyId, home: home.id }, 'media home did not take the table: the built-in media server does')
        home = await placement.fallback(lobbyId)
        await push(lobbyId, home, control, true)
      }
      return { url: home.url, token: home.issueToken({ roomId, peerId, role }), peerId, role, roomId }
    })
  }

  /** Pushes a table's current control to its room, if it has one. */
  async function refresh(lobbyId: number, fresh: boolean): Promise<void> {
    await serial(lobbyId, async () => {
      const home = placement.homeOf(lobbyId)
      if (home) await push(lobbyId, home, await controlOf(lobbyId, await stateOf(lobbyId), fresh), false)
    })
  }

  return {
    async ticket(userId: number, lobbyId: number): Promise<MediaTicket> {
      const membership = await membershipOf(userId)
      if (membership?.lobby.id !== lobbyId) throw new AppError(409, 'errors.lobby.not_member', { field: 'id' })
      // A finished table stays open for the post-game talk (the game then opens every camera and
      // microphone) until its members leave it; only a disbanded one is closed.
      if (membership.lobby.status === 'disbanded') throw new AppError(409, 'errors.lobby.closed')
      return issue(lobbyId, String(userId), membership.role === 'spectator' ? 'subscriber' : 'publisher')
    },
    /**
     * A receive-only ticket for a viewer who is no member of the table: the streamer's page, which
     * the sharing module lets watch its streamer's table. The caller names a peer id that is no user
     * id; the page is allowed in the room while its streamer is at the table (and its key lives).
     */
    viewerTicket(lobbyId: number, peerId: string, streamerId: number): Promise<MediaTicket> {
      for (const [otherLobby, pages] of viewers) if (otherLobby !== lobbyId) pages.delete(peerId)
      const pages = viewers.get(lobbyId) ?? new Map<string, number>()
      pages.set(peerId, streamerId)
      viewers.set(lobbyId, pages)
      return issue(lobbyId, peerId, 'subscriber')
    },
    /** After a stored game event: the table's room (if it has one) follows the new state. */
    gameChanged(lobbyId: number, state: GameState): void {
      const home = placement.homeOf(lobbyId)
      if (!home || !lastSent.has(lobbyId)) return
      serial(lobbyId, async () => push(lobbyId, home, await controlOf(lobbyId, state, false), false)).catch((error: unknown) => {
          logger.warn({ err: error, lobbyId, home: home.id }, 'media room control failed')
        })
    },
    /**
     * Users sat down, moved or left (a disband included): each table they touched gets its members
     * again, share pages whose streamer is no longer there are dropped, and the room closes whoever
     * it no longer names. A page is dropped by who is at the table now, not by who moved: this news
     * comes after the move's answer, so a page may already hold a ticket for the table its streamer
     * has just sat down at, and it stays let in.
     */
    async membersChanged(lobbyIds: readonly number[], userIds: readonly number[]): Promise<void> {
      await placement.ended([...new Set(lobbyIds)])
      for (const lobbyId of new Set(lobbyIds)) {
        if (!lastSent.has(lobbyId) && !viewers.has(lobbyId)) {
          members.delete(lobbyId)
          continue
        }
        await serial(lobbyId, async () => {
          const now = await loadMembers(lobbyId)
          const atTable = (userId: number) => now.publishers.includes(userId) || now.spectators.includes(userId)
          const pages = viewers.get(lobbyId)
          if (pages) for (const [peerId, streamerId] of pages) if (userIds.includes(streamerId) && !atTable(streamerId)) pages.delete(peerId)
          // A page's ticket still on its way (in this queue after this) brings the room its control itself.
          const home = placement.homeOf(lobbyId)
          if (home && lastSent.has(lobbyId)) await push(lobbyId, home, await controlOf(lobbyId, await stateOf(lobbyId), false), false)
        })
        const left = members.get(lobbyId)
        if (left && left.publishers.length + left.spectators.length === 0 && (viewers.get(lobbyId)?.size ?? 0) === 0) {
          // Nobody is at the table any more (a disband): its room has been emptied; forget it.
          members.delete(lobbyId)
          viewers.delete(lobbyId)
          lastSent.delete(lobbyId)
        }
      }
    },
    /** A user's sessions were ended (ban, deletion, sign-out everywhere): their media peers close everywhere here. */
    revokeUser: (userId: number) => placement.revoke({ peerId: String(userId) }),
    /** A share page closed: it is no longer named, so its media peer closes. */
    viewerGone(peerId: string): void {
      for (const [lobbyId, pages] of viewers) {
        if (!pages.delete(peerId)) continue
        refresh(lobbyId, false).catch((error: unknown) => logger.warn({ err: error, lobbyId }, 'media room control after a share page closed failed'))
      }
    },
    /** A streamer's share key was revoked or replaced: their pages' media peers close, and are no longer named. */
    async revokeSharePages(streamerId: number): Promise<void> {
      const touched: number[] = []
      for (const [lobbyId, pages] of viewers) {
        for (const [peerId, owner] of pages) {
          if (owner !== streamerId) continue
          pages.delete(peerId)
          touched.push(lobbyId)
        }
      }
      await placement.revoke({ prefix: sharePagePrefix(streamerId) })
      for (const lobbyId of new Set(touched)) await refresh(lobbyId, false)
    },
    /** A home (a media node that registered again) holds this table's room: tell it the current state. */
    async resync(lobbyId: number, home: MediaHome): Promise<void> {
      const control = await controlOf(lobbyId, await stateOf(lobbyId), true)
      lastSent.set(lobbyId, JSON.stringify(control))
      await home.control(tableRoomId(lobbyId), control, { create: false })
    },
  }
}

/** The peer ids of a streamer's share pages start with this. */
export const sharePagePrefix = (streamerId: number) => `share-${streamerId}-`

export type TableMediaService = ReturnType<typeof createTableMediaService>
