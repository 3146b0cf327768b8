import { mediaSocketPath } from '../../contract/rtc'
import type { MediaServer } from '../../media'
import type { RoomControl } from './microphones'
import type { MediaHome } from './table-media.service'

/** Applies a room control to a room of a media server in this process. */
export function applyRoomControl(media: Pick<MediaServer, 'rooms'>, roomId: string, control: RoomControl, create: boolean): void {
  const room = create ? media.rooms.open(roomId) : media.rooms.get(roomId)
  if (!room) return
  for (const [peerId, allowed] of Object.entries(control.microphones)) room.setMicrophoneAllowed(peerId, allowed)
  room.setSpeaker(control.speaker)
}

/** The media server inside the app server: signalling at `/media/ws` on the app's own origin. */
export function builtinHome(media: MediaServer): MediaHome {
  return {
    id: 'builtin',
    url: mediaSocketPath,
    issueToken: (claims) => media.issueToken(claims),
    control: (roomId, control, options) => applyRoomControl(media, roomId, control, options.create),
  }
}
