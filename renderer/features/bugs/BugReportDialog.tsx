import {
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
  Textarea,
  tokens,
} from '@fluentui/react-components'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { bugReportsAvailable, validateBugReport, type BugReportDraft, type BugReportErrors } from './bug-report-form'

const useStyles = makeStyles({
  surface: { maxWidth: '520px', width: 'calc(100vw - 32px)' },
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
})

function BugReportForm({ onClose }: { onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const formId = useId()
  const [draft, setDraft] = useState<BugReportDraft & { file: File | null }>({ title: '', text: '', file: null })
  const [touched, setTouched] = useState<Record<keyof BugReportDraft, boolean>>({ title: false, text: false, file: false })
  const errors: BugReportErrors = validateBugReport(draft)
  const shown = (field: keyof BugReportDraft) => (touched[field] && errors[field] ? t(errors[field]) : undefined)
  const touch = (field: keyof BugReportDraft) => () => setTouched((current) => ({ ...current, [field]: true }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched({ title: true, text: true, file: true })
  }

  return (
    <>
      <DialogContent>
        <form id={formId} className={styles.form} onSubmit={submit} noValidate>
          {bugReportsAvailable ? null : (
            <MessageBar intent="info" layout="multiline" data-testid="bug-report-unavailable">
              <MessageBarBody>{t('bugReport.unavailable')}</MessageBarBody>
            </MessageBar>
          )}
          <Field label={t('bugReport.fields.title')} required validationMessage={shown('title')}>
            <Input value={draft.title} maxLength={200} onChange={(_event, data) => setDraft((current) => ({ ...current, title: data.value }))} onBlur={touch('title')} />
          </Field>
          <Field label={t('bugReport.fields.text')} required validationMessage={shown('text')}>
            <Textarea value={draft.text} rows={5} resize="vertical" maxLength={5000} onChange={(_event, data) => setDraft((current) => ({ ...current, text: data.value }))} onBlur={touch('text')} />
          </Field>
          <Field label={t('bugReport.fields.image')} hint={t('bugReport.fields.imageHint')} validationMessage={shown('file')}>
            <input
              type="file"
              accept="image/*"
              className={styles.file}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0] ?? null
                setDraft((current) => ({ ...current, file }))
                setTouched((current) => ({ ...current, file: true }))
              }}
            />
          </Field>
        </form>
      </DialogContent>
      <DialogActions>
        <Button appearance="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button appearance="primary" type="submit" form={formId} disabledFocusable={!bugReportsAvailable} data-testid="bug-report-submit">
          {t('bugReport.submit')}
        </Button>
      </DialogActions>
    </>
  )
}

/** The bug report dialog: open, validate, submit, close. Sending waits for the reports service. */
export function BugReportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface} data-testid="bug-report-dialog">
        <DialogBody>
          <DialogTitle>{t('bugReport.title')}</DialogTitle>
          {open ? <BugReportForm onClose={onClose} /> : null}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
