import {
  Button,
  createTableColumn,
  Field,
  Input,
  makeStyles,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components'
import { History20Regular } from '@fluentui/react-icons'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { routes, type AuditItem, type AuditQuery } from '../../../../server/contract/http'
import { call } from '../../../api/client'
import { EmptyState } from '../../../components/EmptyState'
import { AdminGrid, usePagedList } from '../shared'
import { auditQueryOf, emptyAuditFilter, knownAuditActions, type AuditFilterForm } from './audit-filter'

export const auditPageSize = 20

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'start' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, alignSelf: 'end', paddingBlockEnd: tokens.spacingVerticalXXS },
  change: { maxWidth: '360px', '& summary': { cursor: 'pointer', color: tokens.colorBrandForegroundLink } },
  json: { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
})

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1))

/** The audit trail: who changed what and when, before and after; filtered by actor, action, target and days, paged on the server. */
export function AuditPanel() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [draft, setDraft] = useState<AuditFilterForm>(emptyAuditFilter)
  const [query, setQuery] = useState<Omit<AuditQuery, 'page' | 'limit'>>({})
  const [invalid, setInvalid] = useState<{ field: keyof AuditFilterForm; error: string } | null>(null)
  const list = usePagedList((page, signal) => call(routes.admin.audit, { query: { ...query, page, limit: auditPageSize }, signal }), {
    pageSize: auditPageSize,
    filters: JSON.stringify(query),
  })

  // Applying or clearing the filters always asks again from the first page, even when they stay the same.
  function restart(next: Omit<AuditQuery, 'page' | 'limit'>) {
    setInvalid(null)
    setQuery(next)
    list.setPage(1)
    list.reload()
  }

  function apply(event?: FormEvent) {
    event?.preventDefault()
    const result = auditQueryOf(draft)
    if ('error' in result) return setInvalid(result)
    restart(result.query)
  }

  function clear() {
    setDraft(emptyAuditFilter)
    restart({})
  }

  const set = (field: keyof AuditFilterForm) => (_: unknown, data: { value: string }) => setDraft((current) => ({ ...current, [field]: data.value }))
  const fieldError = (field: keyof AuditFilterForm) => (invalid?.field === field ? t(invalid.error) : undefined)
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language)

  const columns: TableColumnDefinition<AuditItem>[] = [
    createTableColumn({ columnId: 'when', renderHeaderCell: () => t('adminDashboard.audit.when'), renderCell: (item) => date(item.createdAt) }),
    createTableColumn({
      columnId: 'actor',
      renderHeaderCell: () => t('adminDashboard.audit.actor'),
      renderCell: (item) => (item.actor ? <span dir="auto">{t('adminDashboard.audit.person', { nickname: item.actor.nickname ?? '—', id: item.actor.id })}</span> : t('adminDashboard.audit.system')),
    }),
    createTableColumn({ columnId: 'action', renderHeaderCell: () => t('adminDashboard.audit.action'), renderCell: (item) => <span className={styles.mono} dir="ltr">{item.action}</span> }),
    createTableColumn({
      columnId: 'target',
      renderHeaderCell: () => t('adminDashboard.audit.target'),
      renderCell: (item) => (
        <span className={styles.mono} dir="ltr">
          {item.targetId === null ? item.targetType : `${item.targetType} #${item.targetId}`}
        </span>
      ),
    }),
    createTableColumn({
      columnId: 'change',
      renderHeaderCell: () => t('adminDashboard.audit.change'),
      renderCell: (item) => (
        <details className={styles.change}>
          <summary>{t('adminDashboard.audit.show')}</summary>
          <div dir="ltr">
            <strong>{t('adminDashboard.audit.before')}</strong>
            <pre className={styles.json}>{json(item.before)}</pre>
            <strong>{t('adminDashboard.audit.after')}</strong>
            <pre className={styles.json}>{json(item.after)}</pre>
          </div>
        </details>
      ),
    }),
  ]

  return (
    <section className={styles.root} aria-label={t('adminDashboard.tabs.audit')} data-testid="dashboard-audit">
      <form className={styles.filters} onSubmit={apply} aria-label={t('adminDashboard.audit.filters')}>
        <Field label={t('adminDashboard.audit.actorId')} validationMessage={fieldError('actor')}>
          <Input value={draft.actor} onChange={set('actor')} inputMode="numeric" size="small" data-testid="audit-actor" />
        </Field>
        <Field label={t('adminDashboard.audit.action')} hint={t('adminDashboard.audit.actionHint')}>
          <Input value={draft.action} onChange={set('action')} maxLength={100} list="audit-actions" size="small" data-testid="audit-action" />
        </Field>
        <datalist id="audit-actions">
          {knownAuditActions.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        <Field label={t('adminDashboard.audit.targetType')}>
          <Input value={draft.targetType} onChange={set('targetType')} maxLength={40} size="small" data-testid="audit-target-type" />
        </Field>
        <Field label={t('adminDashboard.audit.targetId')}>
          <Input value={draft.targetId} onChange={set('targetId')} maxLength={100} size="small" data-testid="audit-target-id" />
        </Field>
        <Field label={t('adminDashboard.audit.from')} validationMessage={fieldError('from')}>
          <Input type="date" value={draft.from} onChange={set('from')} size="small" data-testid="audit-from" />
        </Field>
        <Field label={t('adminDashboard.audit.to')} validationMessage={fieldError('to')}>
          <Input type="date" value={draft.to} onChange={set('to')} size="small" data-testid="audit-to" />
        </Field>
        <div className={styles.buttons}>
          <Button type="submit" appearance="primary" size="small" data-testid="audit-apply">
            {t('adminDashboard.audit.apply')}
          </Button>
          <Button type="button" size="small" onClick={clear}>
            {t('adminDashboard.audit.clear')}
          </Button>
        </div>
      </form>
      <AdminGrid
        list={list}
        columns={columns}
        getRowId={(item) => item.id}
        label={t('adminDashboard.tabs.audit')}
        empty={<EmptyState icon={<History20Regular />} title={t('adminDashboard.audit.empty')} />}
        pager={{ label: t('adminPanel.pager'), previous: t('adminPanel.previous'), next: t('adminPanel.next'), status: t('adminPanel.page', { page: list.page, pages: list.pages, total: list.result?.total ?? 0 }) }}
        testId="audit-grid"
        rowTestId={() => 'audit-row'}
        rowData={(item) => ({ 'data-action': item.action })}
      />
    </section>
  )
}
