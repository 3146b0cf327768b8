import { Button, Caption1, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Spinner, tokens } from '@fluentui/react-components'
import { Speaker220Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { GameView } from '../../../../server/contract/game'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { mediaState } from '../../../rtc'
import { DeviceErrorDialog } from '../../devices/DeviceErrorDialog'
import { PeerVideo } from './SeatVideo'
import { TableAudio } from './TableAudio'
import { useTableMedia } from './use-table-media'
import { mediaLive, stageUser } from './video-rules'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
})

/**
 * The phone's large tile: the pinned player, else the speaker, else the judge. On wider screens the
 * speaker is highlighted in place in the grid instead.
 */
export function StageVideo({ lobby }: { lobby: Lobby }) {
  const media = useSnapshot(mediaState)
  const view = (lobby.game?.view ?? null) as GameView | null
  const cards = [...lobby.lobby.players.map((seat) => ({ seat: seat.seat as number | 'judge', user: seat.user })), ...(lobby.lobby.judge ? [{ seat: 'judge' as const, user: lobby.lobby.judge }] : [])]
  const pinned = media.preferred !== null && Number.isInteger(Number(media.preferred)) ? Number(media.preferred) : null
  const stageId = stageUser(view, pinned, lobby.lobby.judge?.id ?? null)
  const staged = stageId === null ? undefined : cards.find((card) => card.user.id === stageId)
  if (!staged) return null
  return <PeerVideo user={staged.user} view={view} seat={staged.seat} stage />
}

/**
 * The table's media session: joins its room while the table is live and after its end (the
 * post-game talk), plays everyone's voice, and tells about a missing camera or microphone. Rendered
 * once per table screen, outside the phone and wide layouts, so that a window crossing the phone
 * width (a tablet turned, a window resized) keeps the room, the voices and a dismissed device
 * notice as they were instead of leaving and joining again. `soundAttempt` grows when the viewer
 * asks for sound again (`TableMediaStatus`).
 */
export function TableMediaSession({ lobby, soundAttempt }: { lobby: Lobby; soundAttempt: number }) {
  const live = mediaLive(lobby.lobby.status)
  useTableMedia(lobby.id, live, lobby.as)
  const media = useSnapshot(mediaState)
  const [problemSeen, setProblemSeen] = useState<string | null>(null)
  if (!live) return null
  return (
    <>
      <TableAudio attempt={soundAttempt} />
      <DeviceErrorDialog problem={media.localProblem !== null && problemSeen !== media.localProblem ? media.localProblem : null} onClose={() => setProblemSeen(media.localProblem)} />
    </>
  )
}

/**
 * What the layout shows of the table's media: connecting, reconnecting, a failure, and blocked
 * sound with a button to try again (`onSoundRetry`). Seat tiles are `SeatVideo`, inside each
 * seat's slot; the session itself is `TableMediaSession`.
 */
export function TableMediaStatus({ lobby, onSoundRetry }: { lobby: Lobby; onSoundRetry: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const media = useSnapshot(mediaState)
  if (!mediaLive(lobby.lobby.status)) return null
  return (
    <section className={styles.root} aria-label={t('game.video.title')} data-testid="table-media" data-status={media.status}>
      {media.status === 'connecting' ? (
        <div className={styles.status}>
          <Spinner size="tiny" />
          <Caption1>{t('game.video.connecting')}</Caption1>
        </div>
      ) : null}
      {media.status === 'reconnecting' ? (
        <MessageBar intent="warning" data-testid="media-reconnecting">
          <MessageBarBody>{t('game.video.reconnecting')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {(media.status === 'replaced' || media.status === 'failed') && media.error ? (
        <MessageBar intent="error" role="alert" data-testid="media-error">
          <MessageBarBody>{t(media.error)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {media.soundBlocked ? (
        <MessageBar intent="info" data-testid="sound-blocked">
          <MessageBarBody>{t('game.video.soundBlocked')}</MessageBarBody>
          <MessageBarActions>
            <Button icon={<Speaker220Regular />} onClick={onSoundRetry} data-testid="sound-unblock">
              {t('game.video.soundOn')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
    </section>
  )
}
