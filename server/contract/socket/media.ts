import { Type, type Static } from 'typebox'
import { MediaRole } from '../rtc'
import { Id, type RequestEvents, type RequestMap } from './common'

/**
 * A place in a table's media room: where to connect, the signed join token, and how this viewer is
 * there. Seated players and the judge publish; spectators (and the streamer's page) only receive.
 * Peer ids are user ids as strings, so a client maps a media stream to a seat through the lobby.
 */
export const MediaTicket = Type.Object({
  /** The signalling WebSocket: an absolute `ws:`/`wss:` URL, or a path on the app's own origin. */
  url: Type.String({ minLength: 1 }),
  /** Short-lived (about two minutes): ask again for every (re)connection. */
  token: Type.String({ minLength: 1 }),
  peerId: Type.String({ minLength: 1 }),
  role: MediaRole,
  /** The media room of the table. */
  roomId: Type.String({ minLength: 1 }),
})
export type MediaTicket = Static<typeof MediaTicket>

export const MediaJoinRequest = Type.Object({ id: Id }, { additionalProperties: false })
export type MediaJoinRequest = Static<typeof MediaJoinRequest>

export const mediaRequests = {
  /**
   * A media ticket for the table the viewer is at (`id` is the lobby id). Refused with
   * `errors.lobby.not_member` for anyone not at that table, and `errors.lobby.closed` for a table
   * that is over.
   */
  'mafia:media:join': { payload: MediaJoinRequest, result: MediaTicket },
} as const satisfies RequestMap

export type MediaClientEvents = RequestEvents<typeof mediaRequests>
