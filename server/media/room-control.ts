import type { MediaRole } from '../contract/rtc'
import type { RoomRegistry } from './index'

/** Whose cameras a peer receives: every publisher's, or only those named (peer ids). */
export type CameraGrant = 'all' | string[]

/** A peer the room lets in: how it may be there, and whose cameras reach it now. */
export interface PeerGrant {
  role: MediaRole
  cameras: CameraGrant
}

/**
 * What the app server (the game) says a room should do: who may be in it, whose camera reaches
 * whom, whose microphone is forwarded and whose camera everyone sees large.
 */
export interface RoomControl {
  /** By peer id: true opens the microphone, false closes it for everyone. A peer not named is closed. */
  microphones: Record<string, boolean>
  /** The speaker everyone sees in high quality; null: whoever spoke last. */
  speaker: string | null
  /**
   * Every peer allowed in the room, by peer id. A peer not named (or named with another role) is
   * closed at once and cannot join; a camera not granted to a peer is not forwarded to it at all.
   */
  peers: Record<string, PeerGrant>
}

/**
 * Applies a room control to a room of this media server. `create`: open the room when it does not
 * exist (someone is about to join it); otherwise a room that is not there is left alone.
 */
export function applyRoomControl(rooms: Pick<RoomRegistry, 'open' | 'get'>, roomId: string, control: RoomControl, create: boolean): boolean {
  const room = create ? rooms.open(roomId) : rooms.get(roomId)
  if (!room) return false
  room.setGrants(control.peers)
  for (const [peerId, allowed] of Object.entries(control.microphones)) room.setMicrophoneAllowed(peerId, allowed)
  room.setSpeaker(control.speaker)
  return true
}

/** Whether a peer with this grant receives `publisherId`'s camera. */
export function receivesCamera(grant: PeerGrant, publisherId: string): boolean {
  return grant.cameras === 'all' || grant.cameras.includes(publisherId)
}
