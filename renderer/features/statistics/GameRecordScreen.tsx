import { Badge, Body1, Button, Caption1, Card, makeStyles, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { DataBarVertical20Regular, ErrorCircle20Regular, Eye20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { useSnapshot } from 'valtio'
import type { GameRecord } from '../../../server/contract/socket/game'
import { EmptyState } from '../../components/EmptyState'
import { LoadingState } from '../../components/LoadingState'
import { RoleIcon } from '../../components/role-icons'
import { Screen } from '../../components/Screen'
import { UserAvatar } from '../../components/UserAvatar'
import { realtimeState } from '../../realtime'
import { request, requestErrorKey } from '../../realtime/requests'
import { MafiaRoomSection } from './MafiaRoomSection'
import { buildTimeline, type TimelineEntry, type TimelinePeriod } from './timeline'

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  role: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  player: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  periods: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' },
})

type Translate = (key: string, options?: Record<string, unknown>) => string

/** One timeline entry in the reader's language. */
export function entryText(entry: TimelineEntry, t: Translate): string {
  switch (entry.kind) {
    case 'speech':
      return t(`game.record.speech.${entry.speech}`, { seat: entry.seat }) + (entry.shortened ? ` ${t('game.record.shortened')}` : '')
    case 'speech_skipped':
      return t('game.record.skipped', { seat: entry.seat })
    case 'nomination':
      return t('game.record.nominated', { by: entry.by, target: entry.target })
    case 'nomination_rejected':
      return t('game.record.nominationRejected', { by: entry.by, target: entry.target })
    case 'vote': {
      const counts = entry.counts.map((count) => `${count.candidate}: ${count.votes}`).join(', ')
      const voters = entry.votes.map((vote) => t('game.record.voter', { voter: vote.voter, candidate: vote.candidate }) + (vote.automatic ? ` ${t('game.record.automatic')}` : ''))
      return [t('game.record.vote', { round: entry.round, counts }), ...voters].join('; ')
    }
    case 'tie':
      return t('game.record.tie', { seats: entry.seats.join(', ') })
    case 'lift':
      return t(entry.passed ? 'game.record.liftPassed' : 'game.record.liftFailed', { yes: entry.yes, needed: entry.needed })
    case 'no_elimination':
      return t(`game.record.noElimination.${entry.reason}`)
    case 'left':
      return t('game.record.left', { seat: entry.seat, reason: t(`game.left.${entry.reason}`) })
    case 'best_move':
      return t('game.record.bestMove', { seat: entry.seat, seats: entry.targets.join(', ') })
    case 'night_action':
      return t(`game.record.action.${entry.step}`, { seat: entry.seat, target: entry.target }) + (entry.result ? ` (${t(`game.result.${entry.result}`)})` : '')
    case 'night_result':
      return entry.killed.length > 0 ? t('game.record.killed', { seats: entry.killed.join(', ') }) : t('game.record.missed')
    case 'foul':
      return t('game.record.foul', { seat: entry.seat, fouls: entry.fouls })
    case 'award':
      return t('game.record.award', { seat: entry.seat, points: entry.points, reason: entry.reason })
    case 'ended':
      return `${t(`game.outcome.${entry.outcome}`)}. ${t(`game.reason.${entry.reason}`)}`
  }
}

function periodTitle(period: TimelinePeriod, t: Translate): string {
  if (period.kind === 'day') return t('game.day', { day: period.number })
  return period.number === 0 ? t('game.record.zeroNight') : t('game.night', { night: period.number })
}

function Record({ record }: { record: GameRecord }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { result } = record
  const timeline = buildTimeline(record.events)
  return (
    <>
      <Card className={styles.section} data-testid="record-result">
        <Subtitle2 as="h2">{t(`game.outcome.${result.outcome}`)}</Subtitle2>
        <Body1>{t(`game.reason.${result.reason}`)}</Body1>
        {record.judge ? <Caption1>{t('game.record.judge', { nickname: record.judge.nickname })}</Caption1> : null}
        {!result.finalised ? <Caption1>{t('game.record.notFinal')}</Caption1> : null}
      </Card>
      <Table aria-label={t('game.record.players')} data-testid="record-players">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('game.record.seat')}</TableHeaderCell>
            <TableHeaderCell>{t('game.record.player')}</TableHeaderCell>
            <TableHeaderCell>{t('game.record.role')}</TableHeaderCell>
            <TableHeaderCell>{t('game.record.team')}</TableHeaderCell>
            <TableHeaderCell>{t('game.record.fouls')}</TableHeaderCell>
            <TableHeaderCell>{t('game.record.points')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {record.players.map((player) => (
            <TableRow key={player.seat} data-testid="record-player" data-seat={player.seat} data-role={player.role}>
              <TableCell>{player.seat}</TableCell>
              <TableCell>
                <span className={styles.player}>
                  <UserAvatar user={player.card} size={20} />
                  {player.card.nickname}
                </span>
              </TableCell>
              <TableCell>
                <span className={styles.role}>
                  <RoleIcon role={player.role} size={16} />
                  {t(`roles.${player.role}`)}
                </span>
                {player.left ? (
                  <>
                    {' '}
                    <Badge appearance="outline" size="small">
                      {t(`game.left.${player.left}`)}
                    </Badge>
                  </>
                ) : null}
              </TableCell>
              <TableCell>{t(`game.team.${player.team}`)}</TableCell>
              <TableCell>{player.fouls}</TableCell>
              <TableCell>{player.points.toFixed(2)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <section className={styles.section} aria-label={t('game.record.timeline')} data-testid="record-timeline">
        <Subtitle2 as="h2">{t('game.record.timeline')}</Subtitle2>
        {timeline.length === 0 ? (
          <Body1>{t('game.record.empty')}</Body1>
        ) : (
          <div className={styles.periods}>
            {timeline.map((period) => (
              <Card key={`${period.kind}-${period.number}`} className={styles.section} data-testid="record-period">
                <Subtitle2 as="h3">{periodTitle(period, t)}</Subtitle2>
                <ul className={styles.list}>
                  {period.entries.map((entry, index) => (
                    <li key={index} data-kind={entry.kind}>
                      <Body1>{entryText(entry, t)}</Body1>
                    </li>
                  ))}
                </ul>
              </Card>
            ))}
          </div>
        )}
      </section>
      <MafiaRoomSection record={record} />
    </>
  )
}

/** The answer for one id; an answer for another id (the page moved on) counts as loading. */
type Loaded = { id: number } & ({ state: 'loading' } | { state: 'ready'; record: GameRecord } | { state: 'failed'; code: string })

/**
 * /game/statistics/:id: a finished game's record, for any signed-in user (`mafia:game:record`):
 * players with their roles and points, the result, and the day-by-day timeline. A game still in
 * play has no record yet (nothing of it may leak); the screen offers to watch it instead.
 */
export function GameRecordScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { id } = useParams()
  const { connected } = useSnapshot(realtimeState)
  const lobbyId = Number(id)
  const valid = Number.isInteger(lobbyId) && lobbyId > 0
  const [answer, setAnswer] = useState<Loaded>({ id: 0, state: 'loading' })
  useEffect(() => {
    if (!connected || !valid) return
    let live = true
    request('mafia:game:record', { id: lobbyId })
      .then((record) => live && setAnswer({ id: lobbyId, state: 'ready', record }))
      .catch((error: unknown) => live && setAnswer({ id: lobbyId, state: 'failed', code: requestErrorKey(error) }))
    return () => {
      live = false
    }
  }, [connected, valid, lobbyId])
  const loaded: Loaded = answer.id === lobbyId ? answer : { id: lobbyId, state: 'loading' }
  const code = !valid ? 'errors.not_found' : loaded.state === 'failed' ? loaded.code : null
  return (
    <Screen title={loaded.state === 'ready' ? t('game.record.title', { name: loaded.record.name }) : t('screens.gameStatistics.title')}>
      {code === 'errors.not_found' ? (
        <EmptyState icon={<DataBarVertical20Regular />} title={t('game.record.notFound')} hint={t('game.record.notFoundHint')} />
      ) : code === 'errors.game.not_finished' ? (
        <EmptyState
          icon={<DataBarVertical20Regular />}
          title={t('game.record.notFinished')}
          hint={t('game.record.notFinishedHint')}
          action={
            <Button icon={<Eye20Regular />} onClick={() => navigate('/watch')}>
              {t('screens.watch.title')}
            </Button>
          }
        />
      ) : code ? (
        <EmptyState icon={<ErrorCircle20Regular />} title={t('game.record.failed')} hint={t(code)} />
      ) : loaded.state === 'ready' ? (
        <Record record={loaded.record} />
      ) : (
        <LoadingState />
      )}
    </Screen>
  )
}
