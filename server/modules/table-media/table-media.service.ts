import type { FastifyBaseLogger } from 'fastify'
import type { LobbyRow } from '../../../db/schema'
import type { MediaRole } from '../../contract/rtc'
import type { MediaTicket } from '../../contract/socket/media'
import { AppError } from '../../lib/app-error'
import type { GameState } from '../game'
import { roomControlOf, type RoomControl } from './microphones'

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
  /** The table's home, choosing one (and keeping it) when it has none yet. */
  place(lobbyId: number): MediaHome
  /** The table's home if it has one. */
  homeOf(lobbyId: number): MediaHome | null
  /** The table's home failed it (a node that did not answer): the built-in media server takes it. */
  fallback(lobbyId: number): MediaHome
}

/** What this module needs of the lobbies: the table a user is at. */
export type MembershipOf = (userId: number) => Promise<{ lobby: Pick<LobbyRow, 'id' | 'status'>; role: 'player' | 'judge' | 'spectator' } | undefined>

/** What this module needs of the game host: the table's state, read in the table's queue. */
export interface GameStates {
  /** Runs work in the table's queue, where its state is read without a command slipping between. */
  withTable<T>(lobbyId: number, work: (table: { state(): Promise<GameState | null> }) => Promise<T>): Promise<T>
}

/**
 * Media tickets and the game's hold on the microphones. A ticket is issued to a member of a live
 * table only: seated players and the judge publish, spectators receive. Every stored game event,
 * and every ticket, pushes the table's microphones and speaker to its room, so muting happens on the
 * media server whatever the muted browser does.
 */
export function createTableMediaService(deps: { membershipOf: MembershipOf; game: GameStates; placement: MediaPlacement; logger: FastifyBaseLogger }) {
  const { membershipOf, game, placement, logger } = deps

  const stateOf = (lobbyId: number) => game.withTable(lobbyId, (table) => table.state())

  /** A ticket for the table's room, on the home the table is placed at (the built-in one if that fails). */
  async function issue(lobbyId: number, peerId: string, role: MediaRole): Promise<MediaTicket> {
    const roomId = tableRoomId(lobbyId)
    const control = roomControlOf(await stateOf(lobbyId))
    // The room learns the game's microphones before anyone can join it (also after it idled out).
    let home = placement.place(lobbyId)
    try {
      await home.control(roomId, control, { create: true })
    } catch (error) {
      logger.warn({ err: error, lobbyId, home: home.id }, 'media home did not take the table: the built-in media server does')
      home = placement.fallback(lobbyId)
      await home.control(roomId, control, { create: true })
    }
    return { url: home.url, token: home.issueToken({ roomId, peerId, role }), peerId, role, roomId }
  }

  return {
    async ticket(userId: number, lobbyId: number): Promise<MediaTicket> {
      const membership = await membershipOf(userId)
      if (membership?.lobby.id !== lobbyId) throw new AppError(409, 'errors.lobby.not_member', { field: 'id' })
      if (membership.lobby.status === 'ended' || membership.lobby.status === 'disbanded') throw new AppError(409, 'errors.lobby.closed')
      return issue(lobbyId, String(userId), membership.role === 'spectator' ? 'subscriber' : 'publisher')
    },

    /**
     * A receive-only ticket for a viewer who is no member of the table: the streamer's page, which
     * the sharing module lets watch its streamer's table. The caller names a peer id that is no user id.
     */
    viewerTicket: (lobbyId: number, peerId: string): Promise<MediaTicket> => issue(lobbyId, peerId, 'subscriber'),

    /** After a stored game event: the table's room (if it has one) follows the new state. */
    gameChanged(lobbyId: number, state: GameState): void {
      const home = placement.homeOf(lobbyId)
      home?.control(tableRoomId(lobbyId), roomControlOf(state), { create: false }).catch((error: unknown) => {
        logger.warn({ err: error, lobbyId, home: home.id }, 'media room control failed')
      })
    },

    /** A home (a media node that registered again) holds this table's room: tell it the current state. */
    async resync(lobbyId: number, home: MediaHome): Promise<void> {
      await home.control(tableRoomId(lobbyId), roomControlOf(await stateOf(lobbyId)), { create: false })
    },
  }
}

export type TableMediaService = ReturnType<typeof createTableMediaService>
