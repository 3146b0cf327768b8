import { mediaSocketPath } from '../../contract/rtc'
import { applyRoomControl, type MediaServer } from '../../media'
import type { MediaHome } from './table-media.service'

/** The media server inside the app server: signalling at `/media/ws` on the app's own origin. */
export function builtinHome(media: Pick<MediaServer, 'issueToken' | 'rooms'>): MediaHome {
  return {
    id: 'builtin',
    url: mediaSocketPath,
    issueToken: (claims) => media.issueToken(claims),
    async control(roomId, control, options) {
      applyRoomControl(media.rooms, roomId, control, options.create)
    },
  }
}
