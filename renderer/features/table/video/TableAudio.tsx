import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { markSoundBlocked, mediaState } from '../../../rtc'
import { applySpeaker, devicesState, getPreferredSpeakerId } from '../../../state/devices'
import { mediaVolume, personVolumeState, volumeOf } from '../../../state/person-volume'

/** The user a room peer is (a seat's or the judge's peer id is their user id), or null (a share page). */
const userOfPeer = (peerId: string): number | null => (/^[1-9]\d*$/.test(peerId) ? Number(peerId) : null)

/** One received voice: plays through the chosen speaker at the viewer's volume for that person; a refused autoplay is reported for the unblock button. */
function PeerAudio({ peerId, stream, attempt }: { peerId: string; stream: MediaStream; attempt: number }) {
  const audioRef = useRef<HTMLAudioElement | null>(null)
  const { preferences } = useSnapshot(devicesState)
  const { volumes } = useSnapshot(personVolumeState)
  const userId = userOfPeer(peerId)
  const volume = userId === null ? 1 : mediaVolume(volumeOf({ volumes }, userId))

  // The viewer's own volume for this person, remembered across games (the seat tools' slider).
  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume
  }, [volume])

  useEffect(() => {
    const audio = audioRef.current
    if (!audio) return
    let current = true
    if (audio.srcObject !== stream) audio.srcObject = stream
    void (async () => {
      await applySpeaker(audio, await getPreferredSpeakerId())
      if (!current) return
      try {
        await audio.play?.()
        markSoundBlocked(false)
      } catch (error) {
        if (current && (error as { name?: string }).name === 'NotAllowedError') markSoundBlocked(true)
      }
    })()
    return () => {
      current = false
    }
  }, [stream, attempt, preferences.speakerId])

  return <audio ref={audioRef} autoPlay data-testid={`audio-${peerId}`} />
}

/** The voices of everyone else at the table (never one's own), hidden: the tiles show only pictures. */
export function TableAudio({ attempt }: { attempt: number }) {
  const media = useSnapshot(mediaState)
  return (
    <div hidden>
      {Object.values(media.peers).map((peer) => (peer.stream ? <PeerAudio key={peer.peerId} peerId={peer.peerId} stream={peer.stream as MediaStream} attempt={attempt} /> : null))}
    </div>
  )
}
