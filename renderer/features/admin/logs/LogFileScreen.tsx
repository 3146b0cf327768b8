import {
  Badge,
  Body1,
  Button,
  Caption1,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Subtitle2,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components'
import { ChevronLeft20Regular, ChevronRight20Regular, DocumentText20Regular } from '@fluentui/react-icons'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { ApiError, http } from '../../../api/client'
import { isErrorCode } from '../../../../server/contract/errors'
import { logLimits, logsRoutes, type LogEntry, type LogEntryList, type LogLevel } from '../../../../server/contract/http/logs'
import { EmptyState } from '../../../components/EmptyState'
import { errorText } from '../../../components/error-text'
import { LoadingState } from '../../../components/LoadingState'
import { RouterLink } from '../../../components/RouterLink'
import { Screen } from '../../../components/Screen'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { serverUrl } from '../../../platform/bridge'
import { useLogTail } from './use-log-tail'

export const entryPageSize = 50
const levels: LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal']
/** How long typing in a filter pauses before it is sent. */
const filterDelayMs = 300

const useStyles = makeStyles({
  filters: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  busy: { opacity: 0.6 },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
  time: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  live: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  liveHeader: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  liveList: { maxHeight: '320px', overflowY: 'auto', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
})

const levelColor = (type: string) => (type === 'error' || type === 'fatal' ? 'danger' : type === 'warn' ? 'warning' : type === 'info' ? 'informative' : 'subtle')

interface Filters {
  type: LogLevel | ''
  message: string
  description: string
  file: string
}

/** Entries of one log: `GET /api/log` with the log named in its header. */
async function readLog(name: string, page: number, filters: Filters, signal: AbortSignal): Promise<LogEntryList> {
  const searchParams: Record<string, string> = { page: String(page), limit: String(entryPageSize) }
  for (const key of ['type', 'message', 'description', 'file'] as const) if (filters[key] !== '') searchParams[key] = filters[key]
  try {
    return await http(serverUrl(logsRoutes.readLog.url), { headers: { [logLimits.nameHeader]: name }, searchParams, signal }).json<LogEntryList>()
  } catch (error) {
    const response = (error as { response?: Response }).response
    if (!response) throw error
    const body = (await response.json().catch(() => ({}))) as { code?: unknown }
    throw new ApiError(response.status, isErrorCode(body.code) ? body.code : 'errors.internal', body as never)
  }
}

function EntryRows({ entries, dateTime }: { entries: LogEntry[]; dateTime: Intl.DateTimeFormat }) {
  const styles = useStyles()
  return (
    <>
      {entries.map((entry) => (
        <TableRow key={`${entry.line}-${entry.time}`} data-testid="log-entry">
          <TableCell className={styles.time}>{entry.time ? dateTime.format(new Date(entry.time)) : ''}</TableCell>
          <TableCell>
            <Badge appearance="tint" color={levelColor(entry.type)}>
              {entry.type}
            </Badge>
          </TableCell>
          <TableCell dir="auto">{entry.message}</TableCell>
          <TableCell className={styles.mono} dir="ltr">
            {entry.file}
          </TableCell>
          <TableCell className={styles.mono} dir="ltr">
            {entry.description}
          </TableCell>
        </TableRow>
      ))}
    </>
  )
}

function EntryHead() {
  const { t } = useTranslation()
  return (
    <TableHeader>
      <TableRow>
        <TableHeaderCell>{t('logsAdmin.columns.time')}</TableHeaderCell>
        <TableHeaderCell>{t('logsAdmin.columns.type')}</TableHeaderCell>
        <TableHeaderCell>{t('logsAdmin.columns.message')}</TableHeaderCell>
        <TableHeaderCell>{t('logsAdmin.columns.file')}</TableHeaderCell>
        <TableHeaderCell>{t('logsAdmin.columns.description')}</TableHeaderCell>
      </TableRow>
    </TableHeader>
  )
}

/** /admin/logs/{name}: a log's entries, newest first, with filters and paging, and its live tail (pausable). */
export function LogFileScreen() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const { name = '' } = useParams()
  const [typed, setTyped] = useState<Filters>({ type: '', message: '', description: '', file: '' })
  const [filters, setFilters] = useState<Filters>(typed)
  const [page, setPage] = useState(1)
  const [answer, setAnswer] = useState<{ key: string; list: LogEntryList | null; error: unknown }>({ key: '', list: null, error: null })
  const key = JSON.stringify([name, page, filters])
  const [paused, setPaused] = useState(false)
  const tail = useLogTail(name, paused)

  useEffect(() => {
    if (JSON.stringify(typed) === JSON.stringify(filters)) return
    const timer = setTimeout(() => {
      setFilters(typed)
      setPage(1)
    }, filterDelayMs)
    return () => clearTimeout(timer)
  }, [typed, filters])

  useEffect(() => {
    const abort = new AbortController()
    const requestKey = JSON.stringify([name, page, filters])
    readLog(name, page, filters, abort.signal)
      .then((list) => setAnswer({ key: requestKey, list, error: null }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setAnswer({ key: requestKey, list: null, error })
      })
    return () => abort.abort()
  }, [name, page, filters])

  const dateTime = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), [i18n.language])
  const loading = answer.key !== key
  const result = answer.list
  const pages = result ? Math.max(1, Math.ceil(result.total / entryPageSize)) : 1
  const set = (field: keyof Filters, value: string) => setTyped((last) => ({ ...last, [field]: value }))
  return (
    <Screen title={t('logsAdmin.fileTitle', { name })} actions={<RouterLink to="/admin/logs">{t('logsAdmin.back')}</RouterLink>}>
      <div className={styles.filters} role="search" aria-label={t('logsAdmin.filters')}>
        <Field label={t('logsAdmin.columns.type')}>
          <Dropdown
            value={typed.type === '' ? t('logsAdmin.anyType') : typed.type}
            selectedOptions={[typed.type]}
            onOptionSelect={(_, data) => set('type', data.optionValue ?? '')}
            data-testid="log-filter-type"
          >
            <Option value="">{t('logsAdmin.anyType')}</Option>
            {levels.map((level) => (
              <Option key={level} value={level}>
                {level}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('logsAdmin.columns.message')}>
          <Input value={typed.message} maxLength={logLimits.filterMax} onChange={(_, data) => set('message', data.value)} data-testid="log-filter-message" />
        </Field>
        <Field label={t('logsAdmin.columns.description')}>
          <Input value={typed.description} maxLength={logLimits.filterMax} onChange={(_, data) => set('description', data.value)} />
        </Field>
        <Field label={t('logsAdmin.columns.file')}>
          <Input value={typed.file} maxLength={logLimits.filterMax} onChange={(_, data) => set('file', data.value)} />
        </Field>
      </div>

      <section className={styles.live} aria-label={t('logsAdmin.live')}>
        <div className={styles.liveHeader}>
          <Subtitle2 as="h2">{t('logsAdmin.live')}</Subtitle2>
          <Switch checked={!paused} onChange={(_, data) => setPaused(!data.checked)} label={paused ? t('logsAdmin.paused') : t('logsAdmin.following')} data-testid="log-live-switch" />
          {tail.state === 'closed' ? <Caption1>{t('logsAdmin.liveClosed')}</Caption1> : null}
          {tail.dropped > 0 ? <Caption1 role="status">{t('logsAdmin.dropped', { count: tail.dropped })}</Caption1> : null}
        </div>
        {tail.entries.length === 0 ? (
          <Caption1>{t('logsAdmin.liveEmpty')}</Caption1>
        ) : (
          <div className={styles.liveList}>
            <Table size="small" aria-label={t('logsAdmin.live')} data-testid="log-live">
              <EntryHead />
              <TableBody>
                <EntryRows entries={tail.entries} dateTime={dateTime} />
              </TableBody>
            </Table>
          </div>
        )}
      </section>

      {answer.error && !loading ? <TextMessageBar intent="error">{errorText(t, answer.error)}</TextMessageBar> : null}
      {!result && loading ? <LoadingState /> : null}
      {result && result.total === 0 ? <EmptyState icon={<DocumentText20Regular />} title={t('logsAdmin.noEntries')} /> : null}
      {result && result.list.length > 0 ? (
        <>
          <Body1 role="status">{t('logsAdmin.total', { count: result.total })}</Body1>
          <Table size="small" aria-label={t('logsAdmin.fileTitle', { name })} aria-busy={loading} className={loading ? styles.busy : undefined} data-testid="log-entries">
            <EntryHead />
            <TableBody>
              <EntryRows entries={result.list} dateTime={dateTime} />
            </TableBody>
          </Table>
        </>
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
