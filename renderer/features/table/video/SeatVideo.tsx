import { Button } from '@fluentui/react-components'
import { Pin16Filled, Pin16Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { GameView } from '../../../../server/contract/game'
import type { UserCard } from '../../../../server/contract/socket/common'
import { mediaState, preferPeer } from '../../../rtc'
import { devicesState } from '../../../state/devices'
import { sessionState } from '../../../state/session'
import { cameraDimmed } from './video-rules'
import { VideoTile } from './VideoTile'

/** Whether a user's tile is the viewer's own, and whether the viewer pinned it. */
function usePeer(user: UserCard | null) {
  const media = useSnapshot(mediaState)
  const session = useSnapshot(sessionState)
  const peerId = user ? String(user.id) : null
  const self = user !== null && (session.user?.id === user.id || media.self?.peerId === peerId)
  return { media, peerId, self, pinned: peerId !== null && media.preferred === peerId }
}

/** The tile of one peer, own or received, as the table shows it (seat slot or the phone's large tile). */
export function PeerVideo({ user, view, seat, stage = false, compact = false }: { user: UserCard | null; view: GameView | null; seat: number | 'judge'; stage?: boolean; compact?: boolean }) {
  const { media, peerId, self, pinned } = usePeer(user)
  const { preferences } = useSnapshot(devicesState)
  const peer = peerId && !self ? media.peers[peerId] : undefined
  const stream = self ? media.localStream : (peer?.stream ?? null)
  return (
    <VideoTile
      peerId={peerId}
      user={user}
      stream={stream as MediaStream | null}
      self={self}
      mirrored={self && preferences.mirroring}
      audioMuted={self ? view !== null && seat !== 'judge' && !view.microphones.includes(seat) : (peer?.audioMuted ?? false)}
      speaking={self ? media.selfSpeaking : (peer?.speaking ?? 0)}
      cameraOn={peer?.cameraOn ?? false}
      night={!self && (peer?.videoPaused ?? false)}
      dimmed={cameraDimmed(view, seat)}
      videoTestId={stage ? 'stage-video' : peerId ? `video-${peerId}` : `video-empty-${seat}`}
      place={stage ? 'stage' : 'seat'}
      pinned={pinned}
      compact={compact}
    />
  )
}

/** What goes into a seat's 16:9 video slot (`compact` in the phone's filmstrip). */
export function SeatVideo({ user, view, seat, compact = false }: { user: UserCard | null; view: GameView | null; seat: number | 'judge'; compact?: boolean }) {
  return <PeerVideo user={user} view={view} seat={seat} compact={compact} />
}

/** Asks for this camera in high quality (and, on a phone, on the large tile); again to let go. Not on the own tile. */
export function PinButton({ user }: { user: UserCard | null }) {
  const { t } = useTranslation()
  const { peerId, self, pinned } = usePeer(user)
  if (!user || !peerId || self) return null
  return (
    <Button
      size="small"
      appearance={pinned ? 'primary' : 'subtle'}
      icon={pinned ? <Pin16Filled /> : <Pin16Regular />}
      onClick={() => preferPeer(pinned ? null : peerId)}
      aria-pressed={pinned}
      aria-label={pinned ? t('game.screen.unpin', { name: user.nickname }) : t('game.screen.pin', { name: user.nickname })}
      data-testid={`pin-${peerId}`}
    />
  )
}
