import { Body1, Button, makeStyles, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { statisticsLimits, statisticsRoutes, type PlayedGames } from '../../../server/contract/http/statistics'
import { call } from '../../api/client'
import { errorText } from '../../components/error-text'
import { RouterLink } from '../../components/RouterLink'
import { TextMessageBar } from '../../components/TextMessageBar'
import { formatDate, formatNumber } from './format'

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  busy: { opacity: 0.6 },
})

/** The player's finished games, newest first, each linking to its record; the first page comes with the statistics. */
export function RecentGames({ playerId, first }: { playerId: number; first: PlayedGames }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [page, setPage] = useState(1)
  const [loaded, setLoaded] = useState<{ page: number; games: PlayedGames } | null>(null)
  const [error, setError] = useState<unknown>(null)
  const perPage = statisticsLimits.gamesPerPageDefault
  // The first page came with the statistics; later ones are loaded (the last one loaded stays shown meanwhile).
  const shown = page === 1 ? { page: 1, games: first } : (loaded ?? { page: 1, games: first })
  const pages = Math.max(1, Math.ceil(shown.games.total / perPage))

  useEffect(() => {
    if (page === 1) return
    const abort = new AbortController()
    call(statisticsRoutes.games, { params: { id: playerId }, query: { page, itemsPerPage: perPage }, signal: abort.signal })
      .then((games) => {
        setLoaded({ page, games })
        setError(null)
      })
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(failure)
      })
    return () => abort.abort()
  }, [playerId, page, perPage])

  const loading = shown.page !== page
  return (
    <section className={styles.section} aria-labelledby="statistics-recent">
      <Subtitle2 as="h2" id="statistics-recent">
        {t('statistics.recent')}
      </Subtitle2>
      {error ? <TextMessageBar intent="error">{errorText(t, error)}</TextMessageBar> : null}
      <Table size="small" aria-labelledby="statistics-recent" aria-busy={loading} className={loading ? styles.busy : undefined} data-testid="statistics-recent">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('statistics.date')}</TableHeaderCell>
            <TableHeaderCell>{t('statistics.role')}</TableHeaderCell>
            <TableHeaderCell className={styles.number}>{t('statistics.seatColumn')}</TableHeaderCell>
            <TableHeaderCell>{t('statistics.result')}</TableHeaderCell>
            <TableHeaderCell className={styles.number}>{t('statistics.points')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.games.items.map((game) => (
            <TableRow key={game.lobbyId}>
              <TableCell>
                <RouterLink to={`/game/statistics/${game.lobbyId}`}>
                  <span aria-label={t('statistics.openGame', { id: game.lobbyId })}>{formatDate(i18n.language, game.endedAt)}</span>
                </RouterLink>
              </TableCell>
              <TableCell>{`${t(`roles.${game.role}`)} · ${t(game.team === 'red' ? 'statistics.red' : 'statistics.black')}`}</TableCell>
              <TableCell className={styles.number}>{formatNumber(i18n.language, game.seat)}</TableCell>
              <TableCell>{game.won ? t('statistics.won') : t('statistics.lost')}</TableCell>
              <TableCell className={styles.number}>{formatNumber(i18n.language, game.points)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={t('statistics.recent')}>
          <Button icon={<ChevronLeft20Regular />} disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
            {t('statistics.previous')}
          </Button>
          <Body1 aria-live="polite">{t('statistics.page', { page, pages })}</Body1>
          <Button icon={<ChevronRight20Regular />} iconPosition="after" disabled={page >= pages || loading} onClick={() => setPage(page + 1)}>
            {t('statistics.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  )
}
