import { Badge, Body1, Button, Caption1, Card, makeStyles, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { Eye20Regular, Play20Regular } from '@fluentui/react-icons'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { tournamentsRoutes, type TournamentDetail } from '../../../server/contract/http/tournaments'
import { errorText } from '../../components/error-text'
import { LoadingState } from '../../components/LoadingState'
import { RouterLink } from '../../components/RouterLink'
import { TextMessageBar } from '../../components/TextMessageBar'
import { UserAvatar } from '../../components/UserAvatar'
import { nextArrival, useTournamentProgress } from './tournament-progress'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  tables: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: tokens.spacingHorizontalM },
  table: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  seats: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  person: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
})

/**
 * One tournament: its rounds' tables (each watchable), the standings, and for its organisers the
 * next round's start. Rounds and standings follow the server's pushes while the page is open.
 */
export function TournamentDetails({ id, version }: { id: number; version: number }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [loaded, setLoaded] = useState<{ detail: TournamentDetail; arrival: number } | null>(null)
  const live = useTournamentProgress(id)
  const [error, setError] = useState<unknown>(null)
  const [starting, setStarting] = useState(false)
  const number = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value)

  const load = useCallback(
    (signal?: AbortSignal) =>
      call(tournamentsRoutes.detail, { params: { id }, ...(signal ? { signal } : {}) })
        .then((answer) => {
          setLoaded({ detail: answer, arrival: nextArrival() })
          setError(null)
        })
        .catch((failure: unknown) => {
          if (!signal?.aborted) setError(failure)
        }),
    [id],
  )

  useEffect(() => {
    const abort = new AbortController()
    void load(abort.signal)
    return () => abort.abort()
  }, [load, version])

  const startRound = async () => {
    setStarting(true)
    setError(null)
    try {
      await call(tournamentsRoutes.startRound, { params: { id } })
      await load()
    } catch (failure) {
      setError(failure)
    } finally {
      setStarting(false)
    }
  }

  if (!loaded) return error ? <TextMessageBar intent="error">{errorText(t, error)}</TextMessageBar> : <LoadingState />
  // Players, rounds and standings as the server last said: pushed while the page is open, or loaded.
  const detail = live && live.arrival > loaded.arrival ? { ...loaded.detail, players: live.progress.players, rounds: live.progress.rounds, standings: live.progress.standings } : loaded.detail
  const rounds = [...detail.rounds].reverse()
  return (
    <div className={styles.root} data-testid="tournament-details">
      {error ? <TextMessageBar intent="error">{errorText(t, error)}</TextMessageBar> : null}
      <div className={styles.actions}>
        <Body1>{t('tournaments.registeredPlayers', { number: detail.players.length })}</Body1>
        <RouterLink to={`/ratings/ladder/${detail.ladderId}`}>{t('tournaments.ladder')}</RouterLink>
        {detail.tournament.canOrganize ? (
          <Button appearance="primary" icon={<Play20Regular />} onClick={() => void startRound()} disabled={starting}>
            {t('tournaments.startRound', { number: detail.rounds.length + 1 })}
          </Button>
        ) : null}
      </div>

      {rounds.length === 0 ? <Caption1>{t('tournaments.noRounds')}</Caption1> : null}
      {rounds.map((round) => (
        <section key={round.number} aria-label={t('tournaments.round', { number: round.number })} className={styles.table}>
          <Subtitle2 as="h3">{t('tournaments.round', { number: round.number })}</Subtitle2>
          <div className={styles.tables}>
            {round.tables.map((table) => (
              <Card key={table.lobbyId} className={styles.table} data-testid="round-table">
                <div className={styles.header}>
                  <Body1>{t('tournaments.table', { number: table.table })}</Body1>
                  <Badge appearance="tint">{t(`tournaments.status.${table.status}`, { defaultValue: table.status })}</Badge>
                </div>
                {table.judge ? <Caption1>{t('tournaments.judge', { nickname: table.judge.nickname })}</Caption1> : null}
                <ol className={styles.seats}>
                  {table.players.map((seat) => (
                    <li key={seat.seat} dir="auto">
                      {seat.player.nickname}
                    </li>
                  ))}
                </ol>
                <RouterLink to={`/mafia/${table.lobbyId}`}>
                  <span className={styles.person}>
                    <Eye20Regular aria-hidden />
                    {t('tournaments.watch', { number: table.table })}
                  </span>
                </RouterLink>
              </Card>
            ))}
          </div>
          {round.resting.length > 0 ? <Caption1>{t('tournaments.resting', { names: round.resting.map((person) => person.nickname).join(', ') })}</Caption1> : null}
        </section>
      ))}

      <section aria-label={t('tournaments.standings')}>
        <Subtitle2 as="h3">{t('tournaments.standings')}</Subtitle2>
        {detail.standings.length === 0 ? (
          <Caption1>{t('tournaments.noStandings')}</Caption1>
        ) : (
          <Table size="small" aria-label={t('tournaments.standings')} data-testid="standings">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('tournaments.columns.rank')}</TableHeaderCell>
                <TableHeaderCell>{t('tournaments.columns.player')}</TableHeaderCell>
                <TableHeaderCell>{t('tournaments.columns.games')}</TableHeaderCell>
                <TableHeaderCell>{t('tournaments.columns.points')}</TableHeaderCell>
                <TableHeaderCell>{t('tournaments.columns.wins')}</TableHeaderCell>
                <TableHeaderCell>{t('tournaments.columns.extra')}</TableHeaderCell>
                <TableHeaderCell>{t('tournaments.columns.firstNightKills')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {detail.standings.map((standing) => (
                <TableRow key={standing.player.id}>
                  <TableCell className={styles.number}>{number(standing.rank)}</TableCell>
                  <TableCell>
                    <span className={styles.person}>
                      <UserAvatar user={{ nickname: standing.player.nickname, avatar: standing.player.avatar, isPremium: false }} size={24} initials={false} />
                      <RouterLink to={`/statistics/${standing.player.id}`}>
                        <span dir="auto">{standing.player.nickname}</span>
                      </RouterLink>
                    </span>
                  </TableCell>
                  <TableCell className={styles.number}>{number(standing.games)}</TableCell>
                  <TableCell className={styles.number}>{number(standing.points)}</TableCell>
                  <TableCell className={styles.number}>{number(standing.wins)}</TableCell>
                  <TableCell className={styles.number}>{number(standing.extra)}</TableCell>
                  <TableCell className={styles.number}>{number(standing.firstNightKills)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  )
}
