import { useSnapshot } from 'valtio'
import type { GameView } from '../../../../server/contract/game'
import type { UserCard } from '../../../../server/contract/socket/common'
import { mediaState, preferPeer } from '../../../rtc'
import { devicesState } from '../../../state/devices'
import { sessionState } from '../../../state/session'
import { cameraDimmed } from './video-rules'
import { VideoTile } from './VideoTile'

/** The tile of one peer, own or received, as the table shows it (seat slot or the large stage). */
export function PeerVideo({ user, view, seat, stage = false }: { user: UserCard | null; view: GameView | null; seat: number | 'judge'; stage?: boolean }) {
  const media = useSnapshot(mediaState)
  const { preferences } = useSnapshot(devicesState)
  const session = useSnapshot(sessionState)
  const peerId = user ? String(user.id) : null
  const self = user !== null && (session.user?.id === user.id || media.self?.peerId === peerId)
  const peer = peerId && !self ? media.peers[peerId] : undefined
  const stream = self ? media.localStream : (peer?.stream ?? null)
  const pinned = peerId !== null && media.preferred === peerId
  return (
    <VideoTile
      peerId={peerId}
      user={user}
      stream={stream as MediaStream | null}
      self={self}
      mirrored={self && preferences.mirroring}
      audioMuted={self ? (view !== null && seat !== 'judge' && !view.microphones.includes(seat)) : (peer?.audioMuted ?? false)}
      speaking={self ? media.selfSpeaking : (peer?.speaking ?? 0)}
      cameraOn={peer?.cameraOn ?? false}
      night={!self && (peer?.videoPaused ?? false)}
      dimmed={cameraDimmed(view, seat)}
      videoTestId={stage ? 'stage-video' : peerId ? `video-${peerId}` : `video-empty-${seat}`}
      place={stage ? 'stage' : 'seat'}
      pinned={pinned}
      onPin={peerId && !self ? () => preferPeer(pinned ? null : peerId) : undefined}
    />
  )
}

/** What goes into a seat's 16:9 video slot. */
export function SeatVideo({ user, view, seat }: { user: UserCard | null; view: GameView | null; seat: number | 'judge' }) {
  return <PeerVideo user={user} view={view} seat={seat} />
}
