import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import type { GameView } from '../../../server/contract/game'
import type { UserCard } from '../../../server/contract/socket/common'
import { mediaState, startTableMedia } from '../../rtc'
import { cameraDimmed } from '../table/video'
import { VideoTile } from '../table/video/VideoTile'
import { requestShareTicket } from './share-page-state'

/** The page only receives: it never opens a camera or a microphone. */
const neverPublish = () => Promise.reject(new Error('the streamer page never publishes'))

/**
 * Keeps the page in the media room of the streamer's table while that table is live, as a receiver
 * (its ticket comes through the page's own socket); leaves when the streamer moves or the page goes.
 */
export function useShareMedia(lobbyId: number | null, live: boolean): void {
  useEffect(() => {
    if (lobbyId === null || !live) return
    const handle = startTableMedia({ requestTicket: requestShareTicket, openLocalMedia: neverPublish })
    return () => handle.stop()
  }, [lobbyId, live])
}

/**
 * One seat's picture as spectators receive it: no sound here (the scene's audio is the streamer's
 * own mix), nothing to click, dimmed when the spectators' view does not list its camera.
 */
export function ShareSeatVideo({ user, seat, view }: { user: UserCard; seat: number; view: GameView | null }) {
  const media = useSnapshot(mediaState)
  const peerId = String(user.id)
  const peer = media.peers[peerId]
  return (
    <VideoTile
      peerId={peerId}
      user={user}
      stream={(peer?.stream ?? null) as MediaStream | null}
      audioMuted={peer?.audioMuted ?? false}
      speaking={peer?.speaking ?? 0}
      cameraOn={peer?.cameraOn ?? false}
      dimmed={cameraDimmed(view, seat)}
      videoTestId={`obs-video-${peerId}`}
    />
  )
}
