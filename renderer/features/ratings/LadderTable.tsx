import { Body1, Button, Caption1, makeStyles, mergeClasses, SearchBox, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { ratingsRoutes, type RatingPage, type RatingRow } from '../../../server/contract/http/ratings'
import { EmptyState } from '../../components/EmptyState'
import { errorText } from '../../components/error-text'
import { LoadingState } from '../../components/LoadingState'
import { RouterLink } from '../../components/RouterLink'
import { TextMessageBar } from '../../components/TextMessageBar'
import { UserAvatar } from '../../components/UserAvatar'

/** Rows per page, and how long typing pauses before the search is sent. */
export const ladderPageSize = 20
export const searchDelayMs = 300

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  search: { minWidth: '240px', flexGrow: 1, maxWidth: '420px' },
  player: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  up: { color: tokens.colorPaletteGreenForeground1 },
  down: { color: tokens.colorPaletteRedForeground1 },
  mine: { backgroundColor: tokens.colorBrandBackground2 },
  pinned: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  busy: { opacity: 0.6 },
})

/** A number in the reader's language, with a sign for a trend. */
function formatted(language: string, value: number, signed = false): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1, ...(signed ? { signDisplay: 'exceptZero' as const } : {}) }).format(value)
}

function Row({ row, mine }: { row: RatingRow; mine: boolean }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const trendClass = row.trend > 0 ? styles.up : row.trend < 0 ? styles.down : undefined
  return (
    <TableRow className={mine ? styles.mine : undefined} data-testid="ladder-row" aria-current={mine ? 'true' : undefined}>
      <TableCell className={styles.number}>{formatted(i18n.language, row.rank)}</TableCell>
      <TableCell>
        <span className={styles.player}>
          <UserAvatar user={{ nickname: row.nickname, avatar: row.avatar, isPremium: false }} size={24} initials={false} />
          <RouterLink to={`/statistics/${row.userId}`}>
            <span dir="auto" aria-label={t('ratings.openStatistics', { nickname: row.nickname })}>
              {row.nickname}
            </span>
          </RouterLink>
          {mine ? <Caption1>({t('ratings.me')})</Caption1> : null}
        </span>
      </TableCell>
      <TableCell className={styles.number}>{formatted(i18n.language, row.rating)}</TableCell>
      <TableCell className={styles.number}>{formatted(i18n.language, row.games)}</TableCell>
      <TableCell className={styles.number}>{`${formatted(i18n.language, row.winRate)} %`}</TableCell>
      <TableCell className={mergeClasses(styles.number, trendClass)}>{formatted(i18n.language, row.trend, true)}</TableCell>
    </TableRow>
  )
}

function Head() {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <TableHeader>
      <TableRow>
        <TableHeaderCell className={styles.number}>{t('ratings.columns.rank')}</TableHeaderCell>
        <TableHeaderCell>{t('ratings.columns.player')}</TableHeaderCell>
        <TableHeaderCell className={styles.number}>{t('ratings.columns.rating')}</TableHeaderCell>
        <TableHeaderCell className={styles.number}>{t('ratings.columns.games')}</TableHeaderCell>
        <TableHeaderCell className={styles.number}>{t('ratings.columns.winRate')}</TableHeaderCell>
        <TableHeaderCell className={styles.number}>
          <span title={t('ratings.trendHint')}>{t('ratings.columns.trend')}</span>
        </TableHeaderCell>
      </TableRow>
    </TableHeader>
  )
}

/**
 * One ladder (keyed by its id where it is drawn, so another ladder starts afresh): a search (sent once typing pauses), a page of players, paging, and the reader's own
 * row pinned above the list. Draws what the server sends: ranks, ratings and trends are its own.
 */
export function LadderTable({ ladderId, title }: { ladderId: string; title: string }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const searchId = useId()
  const tableId = useId()
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  // The last answer, with the request it answers: loading while it answers an older one.
  const [answer, setAnswer] = useState<{ key: string; page: RatingPage | null; error: unknown }>({ key: '', page: null, error: null })
  const requestKey = `${page}\u0000${search}`

  useEffect(() => {
    const next = typed.trim()
    if (next === search) return
    // A new search starts from the first page.
    const timer = setTimeout(() => {
      setSearch(next)
      setPage(1)
    }, searchDelayMs)
    return () => clearTimeout(timer)
  }, [typed, search])

  useEffect(() => {
    const abort = new AbortController()
    const key = `${page}\u0000${search}`
    call(ratingsRoutes.ladder, { params: { id: ladderId }, query: { page, itemsPerPage: ladderPageSize, ...(search ? { search } : {}) }, signal: abort.signal })
      .then((next) => setAnswer({ key, page: next, error: null }))
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setAnswer((last) => ({ key, page: last.page, error: failure }))
      })
    return () => abort.abort()
  }, [ladderId, page, search])

  const loading = answer.key !== requestKey
  const result = answer.page
  const error = answer.error
  const pages = result ? Math.max(1, Math.ceil(result.total / ladderPageSize)) : 1
  const myId = result?.me?.userId
  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <SearchBox
          id={searchId}
          className={styles.search}
          placeholder={t('ratings.search')}
          aria-label={t('ratings.search')}
          aria-controls={tableId}
          value={typed}
          maxLength={50}
          onChange={(_, data) => setTyped(data.value)}
          data-testid="ladder-search"
        />
        {result ? <Body1 role="status">{t('ratings.total', { total: result.total })}</Body1> : null}
      </div>
      {error ? <TextMessageBar intent="error">{errorText(t, error)}</TextMessageBar> : null}
      {result?.me ? (
        <section className={styles.pinned} aria-label={t('ratings.mine')} data-testid="ladder-mine">
          <Subtitle2 as="h2">{t('ratings.mine')}</Subtitle2>
          <Table size="small" aria-label={t('ratings.mine')}>
            <Head />
            <TableBody>
              <Row row={result.me} mine />
            </TableBody>
          </Table>
        </section>
      ) : result ? (
        <Caption1>{t('ratings.notYet', { count: result.minGames })}</Caption1>
      ) : null}
      {!result && loading ? <LoadingState /> : null}
      {result && result.items.length === 0 ? (
        <EmptyState title={search ? t('ratings.noMatch', { search }) : t('ratings.empty')} />
      ) : null}
      {result && result.items.length > 0 ? (
        <Table id={tableId} aria-label={title} aria-busy={loading} className={loading ? styles.busy : undefined} data-testid="ladder-table">
          <Head />
          <TableBody>
            {result.items.map((row) => (
              <Row key={row.userId} row={row} mine={row.userId === myId} />
            ))}
          </TableBody>
        </Table>
      ) : null}
      {result && pages > 1 ? (
        <nav className={styles.pager} aria-label={title}>
          <Button icon={<ChevronLeft20Regular />} disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
            {t('ratings.previous')}
          </Button>
          <Body1 aria-live="polite">{t('ratings.page', { page, pages })}</Body1>
          <Button icon={<ChevronRight20Regular />} iconPosition="after" disabled={page >= pages || loading} onClick={() => setPage(page + 1)}>
            {t('ratings.next')}
          </Button>
        </nav>
      ) : null}
    </div>
  )
}
