import {
  Button,
  createTableColumn,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Switch,
  Text,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components'
import { Bug20Regular, Image20Regular } from '@fluentui/react-icons'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { bugsRoutes, type BugReport, type BugReportQuery } from '../../../../server/contract/http/bugs'
import { call, http } from '../../../api/client'
import { EmptyState } from '../../../components/EmptyState'
import { errorText } from '../../../components/error-text'
import { LoadingState } from '../../../components/LoadingState'
import { Screen } from '../../../components/Screen'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { AdminGrid, usePagedList } from '../shared'

export const bugsPageSize = 20

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  small: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, wordBreak: 'break-all' },
  text: { whiteSpace: 'pre-wrap' },
  image: { maxWidth: '100%', maxHeight: '70vh', display: 'block' },
})

type SolvedFilter = 'all' | 'open' | 'solved'
interface Filters {
  solved: SolvedFilter
  userId: string
  from: string
  to: string
}

const dayStart = (date: string) => (date ? new Date(`${date}T00:00:00`).toISOString() : undefined)
const dayAfter = (date: string) => (date ? new Date(new Date(`${date}T00:00:00`).getTime() + 86_400_000).toISOString() : undefined)

function queryOf(filters: Filters, page: number): BugReportQuery {
  const userId = Number.parseInt(filters.userId, 10)
  return {
    page,
    limit: bugsPageSize,
    ...(filters.solved === 'all' ? {} : { solved: filters.solved === 'solved' }),
    ...(Number.isInteger(userId) && userId > 0 ? { userId } : {}),
    ...(filters.from ? { from: dayStart(filters.from) } : {}),
    ...(filters.to ? { to: dayAfter(filters.to) } : {}),
  }
}

/** The screenshot of a report, fetched with the admin's token (it is never public) and shown from memory. */
function ScreenshotDialog({ report, onClose }: { report: BugReport; onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [state, setState] = useState<{ url: string | null; error: unknown }>({ url: null, error: null })
  useEffect(() => {
    const abort = new AbortController()
    let url: string | null = null
    http(`/api/bugs/${report.id}/image`, { signal: abort.signal })
      .then((response) => response.blob())
      .then((blob) => {
        url = URL.createObjectURL(blob)
        setState({ url, error: null })
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setState({ url: null, error })
      })
    return () => {
      abort.abort()
      if (url) URL.revokeObjectURL(url)
    }
  }, [report.id])
  return (
    <Dialog open onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface style={{ maxWidth: '90vw' }} data-testid="bug-image-dialog">
        <DialogBody>
          <DialogTitle dir="auto">{report.title}</DialogTitle>
          <DialogContent>
            {state.error ? <TextMessageBar intent="error">{errorText(t, state.error)}</TextMessageBar> : null}
            {state.url ? <img className={styles.image} src={state.url} alt={t('bugReports.admin.imageAlt', { id: report.id })} data-testid="bug-image" /> : state.error ? null : <LoadingState />}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('bugReports.admin.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** /admin/bug_report: every report, filtered by state, reporter and date, paged on the server; the screenshot and a solved switch per report. */
export function AdminBugReportsScreen() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [draft, setDraft] = useState<Filters>({ solved: 'all', userId: '', from: '', to: '' })
  const [filters, setFilters] = useState<Filters>(draft)
  const [failure, setFailure] = useState<unknown>(null)
  const [viewing, setViewing] = useState<BugReport | null>(null)
  const list = usePagedList((page, signal) => call(bugsRoutes.list, { query: queryOf(filters, page), signal }), { pageSize: bugsPageSize, filters: JSON.stringify(filters) })

  async function toggle(report: BugReport, solved: boolean) {
    setFailure(null)
    try {
      await call(bugsRoutes.update, { params: { id: report.id }, body: { is_solved: solved } })
    } catch (error) {
      setFailure(error)
    }
    list.reload()
  }

  const apply = (event: FormEvent) => {
    event.preventDefault()
    list.setPage(1)
    setFilters(draft)
  }

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' })
  const columns: TableColumnDefinition<BugReport>[] = [
    createTableColumn({ columnId: 'created', renderHeaderCell: () => t('bugReports.admin.columns.created'), renderCell: (item) => date.format(new Date(item.createdAt)) }),
    createTableColumn({
      columnId: 'reporter',
      renderHeaderCell: () => t('bugReports.admin.columns.reporter'),
      renderCell: (item) => (
        <span dir="auto">
          {item.nickname ?? '—'} <span className={styles.small}>#{item.userId}</span>
        </span>
      ),
    }),
    createTableColumn({
      columnId: 'title',
      renderHeaderCell: () => t('bugReports.admin.columns.title'),
      renderCell: (item) => (
        <div>
          <Text weight="semibold" dir="auto">
            {item.title}
          </Text>
          <div className={styles.text} dir="auto">
            {item.text}
          </div>
        </div>
      ),
    }),
    createTableColumn({
      columnId: 'context',
      renderHeaderCell: () => t('bugReports.admin.columns.context'),
      renderCell: (item) => (
        <div className={styles.small} dir="ltr">
          {[item.pageUrl, item.platform, item.appVersion, item.browser].filter(Boolean).join(' · ')}
        </div>
      ),
    }),
    createTableColumn({
      columnId: 'image',
      renderHeaderCell: () => t('bugReports.admin.columns.image'),
      renderCell: (item) =>
        item.hasImage ? (
          <Button appearance="subtle" icon={<Image20Regular />} onClick={() => setViewing(item)} data-testid="bug-view-image">
            {t('bugReports.admin.viewImage')}
          </Button>
        ) : (
          <span className={styles.small}>{t('bugReports.admin.noImage')}</span>
        ),
    }),
    createTableColumn({
      columnId: 'solved',
      renderHeaderCell: () => t('bugReports.admin.columns.solved'),
      renderCell: (item) => (
        <Switch checked={item.is_solved} aria-label={t('bugReports.admin.solvedToggle', { title: item.title })} onChange={(_event, data) => void toggle(item, data.checked)} data-testid="bug-solved" />
      ),
    }),
  ]

  const solvedLabels: Record<SolvedFilter, string> = { all: t('bugReports.admin.all'), open: t('bugReports.admin.onlyOpen'), solved: t('bugReports.admin.onlySolved') }
  return (
    <Screen title={t('bugReports.admin.title')}>
      <form className={styles.filters} onSubmit={apply}>
        <Field label={t('bugReports.admin.state')}>
          <Dropdown
            value={solvedLabels[draft.solved]}
            selectedOptions={[draft.solved]}
            onOptionSelect={(_event, data) => setDraft((current) => ({ ...current, solved: (data.optionValue as SolvedFilter | undefined) ?? 'all' }))}
            data-testid="bug-filter-solved"
          >
            {(['all', 'open', 'solved'] as const).map((value) => (
              <Option key={value} value={value}>
                {solvedLabels[value]}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('bugReports.admin.reporter')}>
          <Input type="number" min={1} value={draft.userId} onChange={(_event, data) => setDraft((current) => ({ ...current, userId: data.value }))} />
        </Field>
        <Field label={t('bugReports.admin.from')}>
          <Input type="date" value={draft.from} onChange={(_event, data) => setDraft((current) => ({ ...current, from: data.value }))} />
        </Field>
        <Field label={t('bugReports.admin.to')}>
          <Input type="date" value={draft.to} onChange={(_event, data) => setDraft((current) => ({ ...current, to: data.value }))} />
        </Field>
        <Button type="submit" appearance="primary">
          {t('bugReports.admin.apply')}
        </Button>
      </form>
      {failure ? <TextMessageBar intent="error">{errorText(t, failure)}</TextMessageBar> : null}
      <AdminGrid
        list={list}
        columns={columns}
        getRowId={(item) => item.id}
        label={t('bugReports.admin.title')}
        empty={<EmptyState icon={<Bug20Regular />} title={t('bugReports.admin.empty')} />}
        pager={{ label: t('bugReports.admin.title'), previous: t('bugReports.admin.previous'), next: t('bugReports.admin.next'), status: t('bugReports.admin.page', { page: list.page, pages: list.pages }) }}
        testId="bugs-grid"
        rowTestId={(item) => `bug-row-${item.id}`}
      />
      {viewing ? <ScreenshotDialog report={viewing} onClose={() => setViewing(null)} /> : null}
    </Screen>
  )
}
