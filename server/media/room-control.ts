import type { RoomRegistry } from './index'

/**
 * What the app server (the game) says a room should do: whose microphone is forwarded and whose
 * camera everyone sees large. Peers not named keep what they have.
 */
export interface RoomControl {
  /** By peer id: true opens the microphone, false closes it for everyone. */
  microphones: Record<string, boolean>
  /** The speaker everyone sees in high quality; null: whoever spoke last. */
  speaker: string | null
}

/**
 * Applies a room control to a room of this media server. `create`: open the room when it does not
 * exist (someone is about to join it); otherwise a room that is not there is left alone.
 */
export function applyRoomControl(rooms: Pick<RoomRegistry, 'open' | 'get'>, roomId: string, control: RoomControl, create: boolean): boolean {
  const room = create ? rooms.open(roomId) : rooms.get(roomId)
  if (!room) return false
  for (const [peerId, allowed] of Object.entries(control.microphones)) room.setMicrophoneAllowed(peerId, allowed)
  room.setSpeaker(control.speaker)
  return true
}
