import { Badge, Body1, Caption1, Card, makeStyles, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { DataBarVertical20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useSnapshot } from 'valtio'
import type { GameView } from '../../../server/contract/game'
import type { Lobby } from '../../../server/contract/socket/lobbies'
import { EmptyState } from '../../components/EmptyState'
import { LoadingState } from '../../components/LoadingState'
import { RoleIcon } from '../../components/role-icons'
import { Screen } from '../../components/Screen'
import { realtimeState } from '../../realtime'
import { fetchLobby } from '../../state/lobby'

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  role: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
})

/** One period of the record: a day's votes, or a night's actions and its result. */
interface Period {
  key: string
  title: string
  lines: string[]
}

/** The day-by-day record a finished game's view holds (votes, shots, checks, best moves). */
export function timeline(view: GameView, t: (key: string, options?: Record<string, unknown>) => string): Period[] {
  const periods: Period[] = []
  const last = Math.max(view.day, view.night)
  for (let index = 1; index <= last; index++) {
    const day: string[] = []
    for (const record of view.voteRecords.filter((item) => item.day === index)) {
      if (record.kind === 'vote') {
        day.push(t('game.record.vote', { round: record.round, counts: record.counts.map((count) => `${count.candidate}: ${count.votes}`).join(', ') }))
        for (const vote of record.votes ?? []) day.push(t('game.record.voter', { voter: vote.voter, candidate: vote.candidate }))
      } else day.push(t('game.record.lift', { yes: record.yes, needed: record.needed }))
    }
    if (index <= view.day) periods.push({ key: `day-${index}`, title: t('game.day', { day: index }), lines: day.length > 0 ? day : [t('game.record.noVote')] })
    if (index > view.night) continue
    const night: string[] = []
    for (const action of view.nightActions.filter((item) => item.night === index)) {
      night.push(t(`game.record.action.${action.step}`, { seat: action.seat, target: action.target }) + (action.result ? ` (${t(`game.result.${action.result}`)})` : ''))
    }
    const result = view.nightResults.find((item) => item.night === index)
    if (result) night.push(result.killed.length > 0 ? t('game.record.killed', { seats: result.killed.join(', ') }) : t('game.record.missed'))
    periods.push({ key: `night-${index}`, title: t('game.night', { night: index }), lines: night })
  }
  for (const move of view.bestMoves) periods.push({ key: `best-${move.seat}`, title: t('game.controls.bestMove'), lines: [t('game.record.bestMove', { seat: move.seat, seats: move.targets.join(', ') })] })
  return periods
}

function Record({ lobby, view }: { lobby: Lobby; view: GameView }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const result = view.result
  const cards = new Map(lobby.lobby.players.map((seat) => [seat.seat, seat.user]))
  return (
    <>
      {result ? (
        <Card className={styles.section} data-testid="record-result">
          <Subtitle2 as="h2">{t(`game.outcome.${result.outcome}`)}</Subtitle2>
          <Body1>{t(`game.reason.${result.reason}`)}</Body1>
          {!result.finalised ? <Caption1>{t('game.record.notFinal')}</Caption1> : null}
        </Card>
      ) : null}
      <Table aria-label={t('game.record.players')} data-testid="record-players">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('game.record.seat')}</TableHeaderCell>
            <TableHeaderCell>{t('game.record.player')}</TableHeaderCell>
            <TableHeaderCell>{t('game.record.role')}</TableHeaderCell>
            <TableHeaderCell>{t('game.record.fouls')}</TableHeaderCell>
            <TableHeaderCell>{t('game.record.points')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {view.seats.map((seat) => {
            const points = result?.seats.find((item) => item.seat === seat.seat)
            return (
              <TableRow key={seat.seat} data-testid="record-player">
                <TableCell>{seat.seat}</TableCell>
                <TableCell>{cards.get(seat.seat)?.nickname ?? seat.user}</TableCell>
                <TableCell>
                  {seat.role ? (
                    <span className={styles.role}>
                      <RoleIcon role={seat.role} size={16} />
                      {t(`roles.${seat.role}`)}
                    </span>
                  ) : null}
                  {seat.left ? (
                    <>
                      {' '}
                      <Badge appearance="outline" size="small">
                        {t(`game.left.${seat.left}`)}
                      </Badge>
                    </>
                  ) : null}
                </TableCell>
                <TableCell>{seat.fouls}</TableCell>
                <TableCell>{points ? points.points.toFixed(2) : '—'}</TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
      <section className={styles.section} aria-label={t('game.record.timeline')} data-testid="record-timeline">
        {timeline(view, t).map((period) => (
          <Card key={period.key} className={styles.section}>
            <Subtitle2 as="h3">{period.title}</Subtitle2>
            <ul className={styles.list}>
              {period.lines.map((line, index) => (
                <li key={index}>
                  <Body1>{line}</Body1>
                </li>
              ))}
            </ul>
          </Card>
        ))}
        {(view.awards ?? []).map((award, index) => (
          <Caption1 key={index}>{t('game.record.award', { seat: award.seat, points: award.points, reason: award.reason })}</Caption1>
        ))}
        <Caption1>{t('game.record.partial')}</Caption1>
      </section>
    </>
  )
}

/**
 * /game/statistics/:id: a finished game's record. The server has no call for a game's record yet;
 * a member of the finished table still loads it with `mafia:load:lobby` (everything is revealed at
 * the end), anyone else sees that the record is not available.
 */
export function GameRecordScreen() {
  const { t } = useTranslation()
  const { id } = useParams()
  const { connected } = useSnapshot(realtimeState)
  const [lobby, setLobby] = useState<Lobby | null>(null)
  const [missing, setMissing] = useState(false)
  const lobbyId = Number(id)
  useEffect(() => {
    if (!connected || !Number.isInteger(lobbyId) || lobbyId <= 0) return
    fetchLobby(lobbyId)
      .then((loaded) => setLobby(loaded))
      .catch(() => setMissing(true))
  }, [connected, lobbyId])
  const view = lobby?.game as GameView | null | undefined
  const finished = view?.phase === 'ended'
  return (
    <Screen title={lobby ? t('game.record.title', { name: lobby.lobby.name }) : t('screens.gameStatistics.title')}>
      {missing || !Number.isInteger(lobbyId) || (lobby && !finished) ? (
        <EmptyState icon={<DataBarVertical20Regular />} title={t('game.record.unavailable')} hint={t('game.record.unavailableHint')} />
      ) : lobby && view ? (
        <Record lobby={lobby} view={view} />
      ) : (
        <LoadingState />
      )}
    </Screen>
  )
}
