import { Caption1, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components'
import { MicOff16Filled, VideoOff20Regular, WeatherMoon20Regular } from '@fluentui/react-icons'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { UserCard } from '../../../../server/contract/socket/common'
import { UserAvatar } from '../../../components/UserAvatar'

/** A level above this counts as speaking (the server sends 0 when speech ends). */
export const speakingThreshold = 0.05

const useStyles = makeStyles({
  tile: {
    position: 'relative',
    width: '100%',
    height: '100%',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground6,
    transitionProperty: 'box-shadow, filter',
    transitionDuration: tokens.durationNormal,
    // The ring follows the voice several times a second; each change eases in on the main thread,
    // repainting the page for every frame of it. Users who ask for less motion get the ring at once.
    '@media (prefers-reduced-motion: reduce)': { transitionProperty: 'none' },
  },
  speaking: { boxShadow: `0 0 0 3px ${tokens.colorBrandStroke1} inset` },
  dimmed: { filter: 'brightness(0.25) grayscale(0.6)' },
  video: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
  hidden: { visibility: 'hidden' },
  mirrored: { transform: 'scaleX(-1)' },
  placeholder: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground3,
  },
  plate: {
    position: 'absolute',
    insetInlineStart: tokens.spacingHorizontalXS,
    insetBlockEnd: tokens.spacingVerticalXS,
    maxWidth: `calc(100% - 2 * ${tokens.spacingHorizontalXS})`,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    ...shorthands.padding('1px', tokens.spacingHorizontalXS),
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: 'rgba(0, 0, 0, 0.55)',
    color: '#fff',
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
})

export interface VideoTileProps {
  /** The media peer shown (a user id as a string); null for an empty seat. */
  peerId: string | null
  user: UserCard | null
  stream: MediaStream | null
  /** Own camera: never played aloud, mirrored when the device choice says so. */
  self?: boolean
  mirrored?: boolean
  audioMuted: boolean
  speaking: number
  cameraOn: boolean
  /** The server does not send this camera to this viewer now (night): the seat's avatar instead, never a frozen frame. */
  night?: boolean
  /** A look only (the server decides what is sent): the tile is darkened while the viewer does not receive the camera. */
  dimmed: boolean
  /** The test id of the video element (unique on the page). */
  videoTestId: string
  /** A seat's tile (`video-tile-<peerId>`) or the phone's one large tile (`stage-tile`). Default: seat. */
  place?: 'seat' | 'stage'
  /** A small tile (the phone's filmstrip): the avatar alone, no caption under it. */
  compact?: boolean
  /** This viewer asked for this camera in high quality (`pin-<peerId>` beside the tile). */
  pinned?: boolean
}

/**
 * A camera picture with a name plate, a speaking ring, and the microphone and camera state. Sound
 * plays elsewhere (`TableAudio`); the tile itself takes no click (the seat acts on it).
 */
export function VideoTile(props: VideoTileProps) {
  const styles = useStyles()
  const { t } = useTranslation()
  const videoRef = useRef<HTMLVideoElement | null>(null)
  const { stream } = props

  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    if (video.srcObject !== stream) video.srcObject = stream
    // Muted video may always play; a refusal (a detached element) is harmless.
    if (stream) void video.play?.()?.catch(() => undefined)
  }, [stream])

  const speaking = !props.audioMuted && props.speaking > speakingThreshold
  const night = props.night === true
  const showVideo = !night && stream !== null && (props.self ? stream.getVideoTracks().some((track) => track.readyState === 'live') : props.cameraOn)
  const stage = props.place === 'stage'
  const tileTestId = stage ? 'stage-tile' : props.peerId ? `video-tile-${props.peerId}` : undefined
  const name = props.self ? t('game.video.you', { name: props.user?.nickname ?? '' }) : (props.user?.nickname ?? '')
  return (
    <div
      className={mergeClasses(styles.tile, speaking && styles.speaking, props.dimmed && styles.dimmed)}
      data-testid={tileTestId}
      data-peer={props.peerId ?? undefined}
      data-speaking={speaking || undefined}
      data-muted={props.audioMuted || undefined}
      data-camera={showVideo ? 'on' : 'off'}
      data-dimmed={props.dimmed || undefined}
      data-night={night || undefined}
      data-pinned={props.pinned || undefined}
    >
      <video
        ref={videoRef}
        className={mergeClasses(styles.video, !showVideo && styles.hidden, props.mirrored && styles.mirrored)}
        data-testid={props.videoTestId}
        data-mirrored={props.mirrored ? 'true' : 'false'}
        muted
        autoPlay
        playsInline
        aria-hidden
      />
      {!showVideo && props.user ? (
        <div className={styles.placeholder} data-testid={night ? 'video-night' : undefined}>
          <UserAvatar user={props.user} size={props.compact ? 28 : 40} />
          {props.compact ? null : (
            <Caption1>
              {night ? <WeatherMoon20Regular aria-hidden /> : <VideoOff20Regular aria-hidden />} {night ? t('game.video.night') : t('game.video.cameraOff')}
            </Caption1>
          )}
        </div>
      ) : null}
      {props.user ? (
        <div className={styles.plate}>
          {props.audioMuted ? <MicOff16Filled aria-label={t('game.video.micClosed')} data-testid="video-mic-closed" /> : null}
          <Caption1 className={styles.name}>{name}</Caption1>
        </div>
      ) : null}
    </div>
  )
}
