import { Body1, Caption1, Card, makeStyles, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title3, tokens } from '@fluentui/react-components'
import { DataBarVertical20Regular } from '@fluentui/react-icons'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useSnapshot } from 'valtio'
import { statisticsRoutes, type PlayerCard, type PlayerStatistics } from '../../../server/contract/http/statistics'
import { call } from '../../api/client'
import { EmptyState } from '../../components/EmptyState'
import { errorText } from '../../components/error-text'
import { LoadingState } from '../../components/LoadingState'
import { Screen } from '../../components/Screen'
import { TextMessageBar } from '../../components/TextMessageBar'
import { UserAvatar } from '../../components/UserAvatar'
import { sessionState } from '../../state/session'
import { formatNumber } from './format'
import { HeadToHead } from './HeadToHead'
import { PlayerNote } from './PlayerNote'
import { RecentGames } from './RecentGames'

// recharts is large: its chunk loads when a chart is drawn, never with another screen.
const RatingChart = lazy(() => import('./RatingChart').then((module) => ({ default: module.RatingChart })))

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  tiles: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' },
  tile: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  columns: { display: 'grid', gap: tokens.spacingHorizontalXL, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  seats: { display: 'grid', gap: tokens.spacingHorizontalS, gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', listStyle: 'none', margin: 0, padding: 0 },
})

function Tile({ label, value, testId }: { label: string; value: string; testId: string }) {
  const styles = useStyles()
  return (
    <Card className={styles.tile} data-testid={testId}>
      <Caption1>{label}</Caption1>
      <Title3 as="p">{value}</Title3>
    </Card>
  )
}

/** The loaded page: record, roles, seats, best moves and fouls, the rating's chart, recent games, head-to-head and the reader's note. */
function PlayerPage({ stats, viewer }: { stats: PlayerStatistics; viewer: PlayerCard | null }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const n = (value: number) => formatNumber(i18n.language, value)
  const percent = (value: number) => t('statistics.percent', { value: n(value) })
  const own = viewer?.id === stats.player.id
  return (
    <>
      <div className={styles.header}>
        <UserAvatar user={{ nickname: stats.player.nickname, avatar: stats.player.avatar, isPremium: false }} size={48} />
        <Subtitle2 as="p" dir="auto" data-testid="statistics-player">
          {stats.player.nickname}
        </Subtitle2>
      </div>
      <section className={styles.section} aria-labelledby="statistics-record">
        <Subtitle2 as="h2" id="statistics-record">
          {t('statistics.record')}
        </Subtitle2>
        <div className={styles.tiles}>
          <Tile label={t('statistics.games')} value={n(stats.total.games)} testId="statistics-games" />
          <Tile label={t('statistics.wins')} value={n(stats.total.wins)} testId="statistics-wins" />
          <Tile label={t('statistics.winRate')} value={percent(stats.total.winRate)} testId="statistics-win-rate" />
          <Tile label={t('statistics.points')} value={n(stats.total.points)} testId="statistics-points" />
          <Tile label={t('statistics.ratingNow')} value={stats.rating === null ? '—' : n(stats.rating)} testId="statistics-rating" />
        </div>
      </section>
      {stats.total.games === 0 ? <EmptyState icon={<DataBarVertical20Regular />} title={t('statistics.noGames')} hint={t('statistics.noGamesHint')} /> : null}
      {stats.total.games > 0 ? (
        <div className={styles.columns}>
          <section className={styles.section} aria-labelledby="statistics-roles">
            <Subtitle2 as="h2" id="statistics-roles">
              {t('statistics.byRole')}
            </Subtitle2>
            <Table size="small" aria-labelledby="statistics-roles" data-testid="statistics-roles">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('statistics.role')}</TableHeaderCell>
                  <TableHeaderCell className={styles.number}>{t('statistics.games')}</TableHeaderCell>
                  <TableHeaderCell className={styles.number}>{t('statistics.wins')}</TableHeaderCell>
                  <TableHeaderCell className={styles.number}>{t('statistics.winRate')}</TableHeaderCell>
                  <TableHeaderCell className={styles.number}>{t('statistics.points')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {stats.roles.map((role) => (
                  <TableRow key={role.role}>
                    <TableCell>{t(`roles.${role.role}`)}</TableCell>
                    <TableCell className={styles.number}>{n(role.games)}</TableCell>
                    <TableCell className={styles.number}>{n(role.wins)}</TableCell>
                    <TableCell className={styles.number}>{percent(role.winRate)}</TableCell>
                    <TableCell className={styles.number}>{n(role.points)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </section>
          <section className={styles.section} aria-labelledby="statistics-moves">
            <Subtitle2 as="h2" id="statistics-moves">
              {t('statistics.bestMoves')} · {t('statistics.fouls')}
            </Subtitle2>
            <Body1>{`${t('statistics.bestMoveGames')}: ${n(stats.bestMoves.games)}`}</Body1>
            <Body1>{`${t('statistics.bestMovePoints')}: ${n(stats.bestMoves.points)}`}</Body1>
            <Body1 data-testid="statistics-fouls">{`${t('statistics.foulsTotal')}: ${n(stats.fouls.total)}`}</Body1>
            <Body1>{`${t('statistics.removals')}: ${n(stats.fouls.removals)}`}</Body1>
          </section>
          <section className={styles.section} aria-labelledby="statistics-seats">
            <Subtitle2 as="h2" id="statistics-seats">
              {t('statistics.seats')}
            </Subtitle2>
            <ul className={styles.seats} data-testid="statistics-seats">
              {stats.seats.map((seat) => (
                <li key={seat.seat}>
                  <Body1>{t('statistics.seat', { seat: n(seat.seat) })}</Body1>
                  <Caption1 as="p">{t('statistics.seatLine', { games: n(seat.games), wins: n(seat.wins) })}</Caption1>
                </li>
              ))}
            </ul>
          </section>
        </div>
      ) : null}
      <section className={styles.section} aria-labelledby="statistics-rating">
        <Subtitle2 as="h2" id="statistics-rating">
          {t('statistics.rating')}
        </Subtitle2>
        {stats.ratingHistory.length === 0 ? (
          <Body1>{t('statistics.noRating')}</Body1>
        ) : (
          <Suspense fallback={<LoadingState />}>
            <RatingChart points={stats.ratingHistory} />
          </Suspense>
        )}
      </section>
      {stats.recent.total > 0 ? <RecentGames key={stats.player.id} playerId={stats.player.id} first={stats.recent} /> : null}
      <HeadToHead key={stats.player.id} player={stats.player} initialOther={own ? null : viewer} />
      {!own ? <PlayerNote key={stats.player.id} player={stats.player} /> : null}
    </>
  )
}

/** An address whose id is no number: answered as an unknown player without asking the server. */
const notAnId = Symbol('not an id')

/** /statistics/{id}: a player's statistics; with no id, the reader's own. */
export function StatisticsScreen() {
  const { t } = useTranslation()
  const { id } = useParams()
  const { user } = useSnapshot(sessionState)
  const playerId = id === undefined ? (user?.id ?? null) : Number(id)
  const [answer, setAnswer] = useState<{ id: number; stats: PlayerStatistics | null; error: unknown } | null>(null)

  useEffect(() => {
    if (playerId === null || !Number.isSafeInteger(playerId) || playerId < 1) return
    const abort = new AbortController()
    call(statisticsRoutes.player, { params: { id: playerId }, signal: abort.signal })
      .then((stats) => setAnswer({ id: playerId, stats, error: null }))
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setAnswer({ id: playerId, stats: null, error: failure })
      })
    return () => abort.abort()
  }, [playerId])

  // Not an id at all: answered as the server would, without asking it.
  const invalid = playerId !== null && (!Number.isSafeInteger(playerId) || playerId < 1)
  const current = invalid ? { id: playerId, stats: null, error: notAnId } : answer && answer.id === playerId ? answer : null
  const title = current?.stats ? t('statistics.of', { nickname: current.stats.player.nickname }) : t('screens.statistics.title')
  return (
    <Screen title={title}>
      {!current ? <LoadingState /> : null}
      {current?.error ? (
        <TextMessageBar intent="error">{current.error === notAnId ? t('errors.statistics.unknown_player') : errorText(t, current.error)}</TextMessageBar>
      ) : null}
      {current?.stats ? <PlayerPage stats={current.stats} viewer={user ? { id: user.id, nickname: user.nickname, avatar: user.avatar } : null} /> : null}
    </Screen>
  )
}
