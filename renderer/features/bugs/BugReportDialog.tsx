import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Tab,
  TabList,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components'
import { useEffect, useId, useMemo, useState, type ClipboardEvent, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { bugLimits, bugsRoutes, type BugReport } from '../../../server/contract/http/bugs'
import { ApiError, call } from '../../api/client'
import { platform } from '../../platform/bridge'
import { bugReportForm, pastedImage, validateBugReport, type BugReportDraft, type BugReportErrors } from './bug-report-form'

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: 'calc(100vw - 32px)' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  file: {
    color: tokens.colorNeutralForeground2,
    '::file-selector-button': {
      marginInlineEnd: tokens.spacingHorizontalM,
      paddingBlock: tokens.spacingVerticalXS,
      paddingInline: tokens.spacingHorizontalM,
      borderRadius: tokens.borderRadiusMedium,
      border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
      backgroundColor: tokens.colorNeutralBackground1,
      color: tokens.colorNeutralForeground1,
      cursor: 'pointer',
    },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px', borderRadius: tokens.borderRadiusMedium },
  },
  preview: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  thumb: { maxHeight: '80px', maxWidth: '160px', borderRadius: tokens.borderRadiusMedium, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, listStyle: 'none', margin: 0, padding: 0, maxHeight: '50vh', overflowY: 'auto' },
  item: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
})

function BugReportForm({ onClose }: { onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const formId = useId()
  const [draft, setDraft] = useState<{ title: string; text: string; file: File | null }>({ title: '', text: '', file: null })
  const [touched, setTouched] = useState<Record<keyof BugReportDraft, boolean>>({ title: false, text: false, file: false })
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)
  const [failure, setFailure] = useState<ApiError | null>(null)
  const errors: BugReportErrors = validateBugReport(draft)
  const serverError = (field: string) => (failure?.field === field ? t(failure.code) : undefined)
  const shown = (field: keyof BugReportDraft) => (touched[field] && errors[field] ? t(errors[field], { size: bugLimits.imageMaxBytes / 1024 / 1024 }) : serverError(field))
  const touch = (field: keyof BugReportDraft) => () => setTouched((current) => ({ ...current, [field]: true }))

  const preview = useMemo(() => (draft.file ? URL.createObjectURL(draft.file) : null), [draft.file])
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])

  const setFile = (file: File | null) => {
    setDraft((current) => ({ ...current, file }))
    setTouched((current) => ({ ...current, file: true }))
  }

  const onPaste = (event: ClipboardEvent) => {
    const image = pastedImage(event.clipboardData.items)
    if (!image) return
    event.preventDefault()
    setFile(new File([image], image.name || 'screenshot.png', { type: image.type }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched({ title: true, text: true, file: true })
    if (Object.keys(errors).length > 0 || sending) return
    setSending(true)
    setFailure(null)
    try {
      const form = bugReportForm(draft, { pageUrl: window.location.href, appVersion: await platform.appVersion(), platform: platform.platform, browser: navigator.userAgent })
      await call(bugsRoutes.create, { form })
      setSent(true)
    } catch (error) {
      setFailure(error instanceof ApiError ? error : new ApiError(0, 'errors.internal', {}))
    } finally {
      setSending(false)
    }
  }

  if (sent) {
    return (
      <>
        <DialogContent>
          <MessageBar intent="success" data-testid="bug-report-sent">
            <MessageBarBody>{t('bugReports.sent')}</MessageBarBody>
          </MessageBar>
        </DialogContent>
        <DialogActions>
          <Button appearance="primary" onClick={onClose}>
            {t('common.close')}
          </Button>
        </DialogActions>
      </>
    )
  }

  return (
    <>
      <DialogContent>
        <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} onPaste={onPaste} noValidate>
          {failure && !failure.field ? (
            <MessageBar intent="error" data-testid="bug-report-error">
              <MessageBarBody>{t(failure.code)}</MessageBarBody>
            </MessageBar>
          ) : null}
          <Field label={t('bugReport.fields.title')} required validationMessage={shown('title')}>
            <Input value={draft.title} maxLength={bugLimits.titleMax} onChange={(_event, data) => setDraft((current) => ({ ...current, title: data.value }))} onBlur={touch('title')} data-testid="bug-report-title" />
          </Field>
          <Field label={t('bugReport.fields.text')} required validationMessage={shown('text')}>
            <Textarea
              value={draft.text}
              rows={5}
              resize="vertical"
              maxLength={bugLimits.textMax}
              onChange={(_event, data) => setDraft((current) => ({ ...current, text: data.value }))}
              onBlur={touch('text')}
              data-testid="bug-report-text"
            />
          </Field>
          <Field label={t('bugReport.fields.image')} hint={t('bugReports.pasteHint')} validationMessage={shown('file')}>
            <input type="file" accept="image/png,image/jpeg,image/webp" className={styles.file} onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} data-testid="bug-report-file" />
          </Field>
          {preview ? (
            <div className={styles.preview}>
              <img src={preview} alt={t('bugReports.pasted')} className={styles.thumb} />
              <Button appearance="subtle" size="small" onClick={() => setFile(null)}>
                {t('bugReports.removeImage')}
              </Button>
            </div>
          ) : null}
          {sending ? <ProgressBar aria-label={t('bugReports.sending')} data-testid="bug-report-progress" /> : null}
        </form>
      </DialogContent>
      <DialogActions>
        <Button appearance="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button appearance="primary" type="submit" form={formId} disabled={sending} icon={sending ? <Spinner size="tiny" /> : undefined} data-testid="bug-report-submit">
          {sending ? t('bugReports.sending') : t('bugReport.submit')}
        </Button>
      </DialogActions>
    </>
  )
}

/** The user's own reports with their solved state. */
function MyReports() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [reports, setReports] = useState<BugReport[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    call(bugsRoutes.list, { query: { mine: true, limit: 50 }, signal: controller.signal })
      .then((page) => setReports(page.items))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(error instanceof ApiError ? error.code : 'errors.internal')
      })
    return () => controller.abort()
  }, [])
  if (failure) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t(failure)}</MessageBarBody>
      </MessageBar>
    )
  }
  if (!reports) return <Spinner size="small" label={t('bugReports.loading')} />
  if (reports.length === 0) return <Text>{t('bugReports.mineEmpty')}</Text>
  return (
    <ul className={styles.list} data-testid="my-bug-reports">
      {reports.map((report) => (
        <li key={report.id} className={styles.item} data-testid={`my-bug-report-${report.id}`}>
          <span>
            <Text weight="semibold">{report.title}</Text> <Text size={200}>{new Date(report.createdAt).toLocaleDateString(i18n.language)}</Text>
          </span>
          <Badge appearance="tint" color={report.is_solved ? 'success' : 'informative'} data-testid="bug-report-state">
            {report.is_solved ? t('bugReports.solved') : t('bugReports.open')}
          </Badge>
        </li>
      ))}
    </ul>
  )
}

/** The bug report dialog: open, validate, send (multipart, with where it was written), close; and the user's own reports. */
export function BugReportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [tab, setTab] = useState<'new' | 'mine'>('new')
  return (
    <Dialog open={open} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface} data-testid="bug-report-dialog">
        <DialogBody>
          <DialogTitle>{t('bugReport.title')}</DialogTitle>
          {open ? (
            <>
              <TabList selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as 'new' | 'mine')} style={{ gridColumn: '1 / -1' }}>
                <Tab value="new" data-testid="bug-tab-new">
                  {t('bugReports.newReport')}
                </Tab>
                <Tab value="mine" data-testid="bug-tab-mine">
                  {t('bugReports.mine')}
                </Tab>
              </TabList>
              {tab === 'new' ? (
                <BugReportForm onClose={onClose} />
              ) : (
                <>
                  <DialogContent>
                    <MyReports />
                  </DialogContent>
                  <DialogActions>
                    <Button appearance="secondary" onClick={onClose}>
                      {t('common.close')}
                    </Button>
                  </DialogActions>
                </>
              )}
            </>
          ) : null}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
