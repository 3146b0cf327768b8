import type { CameraGrant, PeerGrant, RoomControl } from '../../media'
import { camerasFor, microphoneControl, type GameState } from '../game'

export type { RoomControl }

/** Who may be in a table's media room: the lobby's members (user ids) and the live share pages (peer ids). */
export interface TableMembers {
  /** Seated players and the judge: they publish. */
  readonly publishers: readonly number[]
  /** Spectators: they only receive. */
  readonly spectators: readonly number[]
  /** The streamer's pages watching this table (`share-…` peer ids): they only receive, as spectators. */
  readonly viewers: readonly string[]
}

/**
 * What the game says a table's media room should do, peer by peer. The engine decides
 * (`camerasFor`: whose camera reaches each viewer, night at the table; `microphoneControl`: the
 * rules, the judge's overrides, the speaker); this only names the peers, whose ids are user ids as
 * strings (share pages: their own peer ids).
 *
 * - Every member is named, with the role the ticket gives (players and the judge publish); a peer
 *   not named is closed by the media server, so leaving the table or a seat change cuts it off.
 * - Cameras: a seat's viewer gets the seats `camerasFor` gives it; the judge's camera reaches
 *   everyone; spectators and share pages get what the engine gives a spectator (no seat at night).
 *   `all` when that is every seat, so a day's control stays small.
 * - Microphones: every publisher named, open or closed; a closed one is forwarded to nobody.
 *
 * Null state: before the deal, when everyone may talk and see everyone.
 */
export function roomControlOf(state: GameState | null, members: TableMembers): RoomControl {
  const peers: Record<string, PeerGrant> = {}
  const microphones: Record<string, boolean> = {}
  if (!state) {
    for (const id of members.publishers) {
      peers[String(id)] = { role: 'publisher', cameras: 'all' }
      microphones[String(id)] = true
    }
    for (const id of members.spectators) peers[String(id)] = { role: 'subscriber', cameras: 'all' }
    for (const peerId of members.viewers) peers[peerId] = { role: 'subscriber', cameras: 'all' }
    return { peers, microphones, speaker: null }
  }
  const judge = state.judge === null ? null : String(state.judge)
  const seatPeers = state.seats.map((player) => String(player.user))
  const grantOf = (seats: readonly number[]): CameraGrant => {
    if (seats.length === seatPeers.length) return 'all'
    const list: string[] = []
    for (const seat of seats) {
      const peerId = seatPeers[seat - 1]
      if (peerId !== undefined) list.push(peerId)
    }
    if (judge !== null) list.push(judge)
    return list
  }
  const watching = grantOf(camerasFor(state, { kind: 'spectator' }))
  // Lobby members the game does not seat (none while it runs) receive what a spectator does, silent.
  for (const id of members.publishers) {
    peers[String(id)] = { role: 'publisher', cameras: watching }
    microphones[String(id)] = false
  }
  // Only members are named: a player or judge who left the finished table is cut off (the post-game
  // talk lasts while they stay; nobody can leave a running game's seat).
  for (const player of state.seats) {
    if (members.publishers.includes(player.user)) peers[String(player.user)] = { role: 'publisher', cameras: grantOf(camerasFor(state, { kind: 'player', seat: player.seat })) }
  }
  if (judge !== null && members.publishers.includes(Number(judge))) peers[judge] = { role: 'publisher', cameras: 'all' }
  for (const id of members.spectators) if (peers[String(id)] === undefined) peers[String(id)] = { role: 'subscriber', cameras: watching }
  for (const peerId of members.viewers) peers[peerId] = { role: 'subscriber', cameras: watching }

  const control = microphoneControl(state)
  for (const peerId of seatPeers) microphones[peerId] = false
  for (const seat of control.open) {
    const peerId = seatPeers[seat - 1]
    if (peerId !== undefined) microphones[peerId] = true
  }
  if (judge !== null) microphones[judge] = control.judge
  const speaker = control.speaker === null ? undefined : seatPeers[control.speaker - 1]
  return { peers, microphones, speaker: speaker ?? null }
}
