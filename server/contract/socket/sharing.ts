import { Type, type Static } from 'typebox'
import type { Ack } from '../errors'
import { UserCard } from './common'
import type { TableSync, TableSyncRequest } from './game'
import { Lobby } from './lobbies'
import type { MediaTicket } from './media'

/**
 * What the streamer's page shows: whose page it is, and the table they are at (sitting, judging or
 * watching) exactly as a spectator sees it, or null while they are at none. `lobby.as` says how the
 * streamer is there; `lobby.member` is false (the page is no member); `lobby.game` is the spectator's
 * view, never the streamer's own.
 */
export const ShareView = Type.Object({
  streamer: UserCard,
  lobby: Type.Union([Lobby, Type.Null()]),
})
export type ShareView = Static<typeof ShareView>

/** Why the page's connection ended: the key was revoked, or replaced by a new one. */
export const ShareEndReason = Type.Union([Type.Literal('revoked'), Type.Literal('regenerated')])
export type ShareEndReason = Static<typeof ShareEndReason>

/**
 * The streamer's page's socket: opened with `auth: { shareKey }` and no session. It may ask for
 * nothing but the streamer's table; besides these it hears the table's `mafia:lobby:updated` and
 * the spectators' stream (`mafia:game:updated`).
 */
export interface SharingClientEvents {
  /** The streamer's table now (the socket follows it from here on); asked on every (re)connect, and when a resume is refused. */
  'share:watch': (ack?: (result: Ack<ShareView>) => void) => void
  /**
   * Resumes the spectators' stream of the table the page shows (`id`) from the position it holds,
   * as `mafia:game:sync` does for a member: the missed pushes, or the view afresh. Refused with
   * `errors.lobby.not_member` when the streamer is no longer at that table (the page then asks
   * `share:watch`).
   */
  'share:sync': (payload: TableSyncRequest, ack?: (result: Ack<TableSync>) => void) => void
  /**
   * A receive-only ticket for the media room of the streamer's table (role `subscriber`, a peer id
   * of its own that is never a user id). Refused with `errors.lobby.not_member` while the streamer
   * is at no live table. Short-lived: ask again for every (re)connection.
   */
  'share:media': (ack?: (result: Ack<MediaTicket>) => void) => void
}

export interface SharingServerEvents {
  /** To the page: the streamer sat down, moved or left; the new table as a spectator sees it. */
  'share:moved': (payload: ShareView) => void
  /** To the page: its key no longer works; the socket is closed after this. */
  'share:ended': (payload: { reason: ShareEndReason }) => void
}
