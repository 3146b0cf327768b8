import { Body1, Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { ChevronLeft20Regular, ChevronRight20Regular, DocumentText20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../../api/client'
import { logsRoutes, type LogFileList } from '../../../../server/contract/http/logs'
import { EmptyState } from '../../../components/EmptyState'
import { errorText } from '../../../components/error-text'
import { LoadingState } from '../../../components/LoadingState'
import { RouterLink } from '../../../components/RouterLink'
import { Screen } from '../../../components/Screen'
import { TextMessageBar } from '../../../components/TextMessageBar'

export const logListPageSize = 20

const useStyles = makeStyles({
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  busy: { opacity: 0.6 },
})

/** A size in bytes as KB or MB, in the reader's language. */
export function formatSize(language: string, bytes: number): string {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 })
  return bytes >= 1024 * 1024 ? `${format.format(bytes / 1024 / 1024)} MB` : `${format.format(bytes / 1024)} KB`
}

/** /admin/logs: the log files of the log service, newest first, paged; each opens its entries. */
export function LogsScreen() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [page, setPage] = useState(1)
  const [answer, setAnswer] = useState<{ page: number; list: LogFileList | null; error: unknown }>({ page: 0, list: null, error: null })

  useEffect(() => {
    const abort = new AbortController()
    call(logsRoutes.listLogs, { query: { page, limit: logListPageSize }, signal: abort.signal })
      .then((list) => setAnswer({ page, list, error: null }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setAnswer((last) => ({ page, list: last.list, error }))
      })
    return () => abort.abort()
  }, [page])

  const loading = answer.page !== page
  const result = answer.list
  const pages = result ? Math.max(1, Math.ceil(result.total / logListPageSize)) : 1
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' })
  return (
    <Screen title={t('logsAdmin.title')}>
      {answer.error ? <TextMessageBar intent="error">{errorText(t, answer.error)}</TextMessageBar> : null}
      {!result && loading ? <LoadingState /> : null}
      {result && result.total === 0 ? <EmptyState icon={<DocumentText20Regular />} title={t('logsAdmin.empty')} hint={t('logsAdmin.emptyHint')} /> : null}
      {result && result.list.length > 0 ? (
        <Table aria-label={t('logsAdmin.title')} aria-busy={loading} className={loading ? styles.busy : undefined} data-testid="log-files">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('logsAdmin.columns.name')}</TableHeaderCell>
              <TableHeaderCell className={styles.number}>{t('logsAdmin.columns.size')}</TableHeaderCell>
              <TableHeaderCell>{t('logsAdmin.columns.modified')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.list.map((file) => (
              <TableRow key={file.name} data-testid="log-file">
                <TableCell>
                  <RouterLink to={`/admin/logs/${encodeURIComponent(file.name)}`}>
                    <span dir="ltr">{file.name}</span>
                  </RouterLink>
                </TableCell>
                <TableCell className={styles.number}>{formatSize(i18n.language, file.size)}</TableCell>
                <TableCell>{dateTime.format(new Date(file.modifiedAt))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {result && pages > 1 ? (
        <nav className={styles.pager} aria-label={t('logsAdmin.pages')}>
          <Button icon={<ChevronLeft20Regular />} disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
            {t('logsAdmin.previous')}
          </Button>
          <Body1 aria-live="polite">{t('logsAdmin.page', { page, pages })}</Body1>
          <Button icon={<ChevronRight20Regular />} iconPosition="after" disabled={page >= pages || loading} onClick={() => setPage(page + 1)}>
            {t('logsAdmin.next')}
          </Button>
        </nav>
      ) : null}
    </Screen>
  )
}
