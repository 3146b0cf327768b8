import {
  Body1,
  Button,
  createTableColumn,
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
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
  Spinner,
  Switch,
  Textarea,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components'
import { ArrowSync20Regular, ChevronLeft20Regular, ChevronRight20Regular, Edit20Regular, Translate20Regular } from '@fluentui/react-icons'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { i18nAdminRoutes, type I18nConstant, type I18nConstantPage, type I18nGroup } from '../../../../server/contract/http/i18n-admin'
import { call } from '../../../api/client'
import { EmptyState } from '../../../components/EmptyState'
import { errorText } from '../../../components/error-text'
import { LoadingState } from '../../../components/LoadingState'
import { Screen } from '../../../components/Screen'
import { TextMessageBar } from '../../../components/TextMessageBar'

const pageSize = 50
const locales = ['en', 'uk', 'de', 'he'] as const
const rtl = new Set(['he'])

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
  cell: { whiteSpace: 'pre-wrap', maxHeight: '6em', overflow: 'hidden' },
  missing: { color: tokens.colorPaletteRedForeground1 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  sync: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
})

const textOf = (item: I18nConstant, locale: string) => item.translates.find((translate) => translate.locale === locale)?.translate

function EditDialog({ item, onClose, onSaved }: { item: I18nConstant; onClose: () => void; onSaved: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(locales.map((locale) => [locale, textOf(item, locale) ?? ''])))
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const placeholders = [...new Set([...(texts.en ?? '').matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((match) => `{{${match[1]}}}`))]
  const fieldIndex = (failure as { field?: string } | null)?.field?.match(/^translates\.(\d+)\./)?.[1]
  async function save() {
    setBusy(true)
    setFailure(null)
    try {
      await call(i18nAdminRoutes.set, { body: { id: item.id, constant: item.constant, translates: locales.map((locale) => ({ locale, translate: texts[locale] ?? '' })) } })
      onSaved()
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface data-testid="translation-dialog">
        <DialogBody>
          <DialogTitle>
            <span dir="ltr">{t('translationsAdmin.editTitle', { constant: item.constant, interpolation: { escapeValue: false } })}</span>
          </DialogTitle>
          <DialogContent className={styles.form}>
            {placeholders.length > 0 ? <Body1>{t('translationsAdmin.placeholdersHint', { list: placeholders.join(' '), interpolation: { escapeValue: false } })}</Body1> : null}
            {failure && fieldIndex === undefined ? <TextMessageBar intent="error">{errorText(t, failure)}</TextMessageBar> : null}
            {locales.map((locale, index) => (
              <Field key={locale} label={locale.toUpperCase()} validationMessage={fieldIndex === String(index) ? errorText(t, failure) : undefined}>
                <Textarea
                  dir={rtl.has(locale) ? 'rtl' : 'ltr'}
                  value={texts[locale] ?? ''}
                  resize="vertical"
                  onChange={(_event, data) => setTexts((current) => ({ ...current, [locale]: data.value }))}
                  data-testid={`translation-${locale}`}
                />
              </Field>
            ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('translationsAdmin.cancel')}</Button>
            <Button appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void save()} data-testid="translation-save">
              {t('translationsAdmin.save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** /admin/translates: a group's texts in the four languages side by side, edited one key at a time; the exchange with the other instance. */
export function AdminTranslationsScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const [groups, setGroups] = useState<I18nGroup[]>([])
  const [group, setGroup] = useState('mafia')
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [missing, setMissing] = useState(false)
  const [page, setPage] = useState(1)
  const [version, setVersion] = useState(0)
  const [answer, setAnswer] = useState<{ key: string; list: I18nConstantPage | null; error: unknown }>({ key: '', list: null, error: null })
  const [editing, setEditing] = useState<I18nConstant | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [syncing, setSyncing] = useState(false)
  const [syncFailure, setSyncFailure] = useState<unknown>(null)
  const requestKey = `${group}:${query}:${missing}:${page}:${version}`
  const reload = useCallback(() => setVersion((value) => value + 1), [])

  useEffect(() => {
    const abort = new AbortController()
    call(i18nAdminRoutes.groups, { signal: abort.signal })
      .then((answer) => setGroups(answer.items))
      .catch(() => undefined)
    return () => abort.abort()
  }, [version])

  useEffect(() => {
    const timer = setTimeout(() => {
      setPage(1)
      setQuery(search.trim())
    }, 400)
    return () => clearTimeout(timer)
  }, [search])

  useEffect(() => {
    const abort = new AbortController()
    const key = `${group}:${query}:${missing}:${page}:${version}`
    call(i18nAdminRoutes.list, { query: { group, page, limit: pageSize, ...(query ? { search: query } : {}), ...(missing ? { missing: true } : {}) }, signal: abort.signal })
      .then((list) => setAnswer({ key, list, error: null }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setAnswer((last) => ({ key, list: last.list, error }))
      })
    return () => abort.abort()
  }, [group, query, missing, page, version])

  async function sync(kind: 'load' | 'syncToProd' | 'syncFromProd') {
    setSyncing(true)
    setSyncFailure(null)
    setNotice(null)
    try {
      if (kind === 'load') {
        const differences = await call(i18nAdminRoutes.load)
        setNotice(differences.total === 0 ? t('translationsAdmin.noDifferences') : t('translationsAdmin.differences', { count: differences.total }))
      } else {
        const result = await call(i18nAdminRoutes[kind])
        setNotice(t('translationsAdmin.synced', result))
        reload()
      }
    } catch (error) {
      setSyncFailure(error)
    } finally {
      setSyncing(false)
    }
  }

  const columns: TableColumnDefinition<I18nConstant>[] = [
    createTableColumn({ columnId: 'constant', renderHeaderCell: () => t('translationsAdmin.constant'), renderCell: (item) => <span className={styles.mono} dir="ltr">{item.constant}</span> }),
    ...locales.map((locale) =>
      createTableColumn<I18nConstant>({
        columnId: locale,
        renderHeaderCell: () => locale.toUpperCase(),
        renderCell: (item) => {
          const text = textOf(item, locale)
          return text === undefined ? (
            <span className={styles.missing}>{t('translationsAdmin.missing')}</span>
          ) : (
            <div className={styles.cell} dir={rtl.has(locale) ? 'rtl' : 'ltr'} data-testid={`cell-${locale}`}>
              {text}
            </div>
          )
        },
      }),
    ),
    createTableColumn({
      columnId: 'edit',
      renderHeaderCell: () => t('translationsAdmin.edit'),
      renderCell: (item) => <Button appearance="subtle" icon={<Edit20Regular />} aria-label={t('translationsAdmin.editTitle', { constant: item.constant })} onClick={() => setEditing(item)} data-testid="translation-edit" />,
    }),
  ]

  const loading = answer.key !== requestKey
  const result = answer.list
  const pages = result ? Math.max(1, Math.ceil(result.total / pageSize)) : 1
  return (
    <Screen title={t('translationsAdmin.title')}>
      <div className={styles.filters}>
        <Field label={t('translationsAdmin.group')}>
          <Dropdown value={group} selectedOptions={[group]} onOptionSelect={(_event, data) => { setPage(1); setGroup(data.optionValue ?? 'mafia') }}>
            {(groups.length > 0 ? groups : [{ id: 0, name: 'mafia', constants: 0, missing: 0 }]).map((entry) => (
              <Option key={entry.name} value={entry.name} text={entry.name}>
                {entry.name} ({entry.constants})
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('translationsAdmin.search')}>
          <Input value={search} onChange={(_event, data) => setSearch(data.value)} data-testid="translation-search" />
        </Field>
        <Switch label={t('translationsAdmin.missingOnly')} checked={missing} onChange={(_event, data) => { setPage(1); setMissing(data.checked) }} />
      </div>
      <div className={styles.sync} aria-label={t('translationsAdmin.sync')} role="group">
        <Button icon={<ArrowSync20Regular />} disabled={syncing} onClick={() => void sync('load')}>
          {t('translationsAdmin.load')}
        </Button>
        <Button disabled={syncing} onClick={() => void sync('syncToProd')}>
          {t('translationsAdmin.syncToProd')}
        </Button>
        <Button disabled={syncing} onClick={() => void sync('syncFromProd')}>
          {t('translationsAdmin.syncFromProd')}
        </Button>
        {syncing ? <Spinner size="tiny" /> : null}
      </div>
      {notice ? <TextMessageBar intent="success">{notice}</TextMessageBar> : null}
      {syncFailure ? <TextMessageBar intent="error">{errorText(t, syncFailure)}</TextMessageBar> : null}
      {answer.error ? <TextMessageBar intent="error">{errorText(t, answer.error)}</TextMessageBar> : null}
      {!result && loading ? <LoadingState /> : null}
      {result && result.total === 0 ? <EmptyState icon={<Translate20Regular />} title={t('translationsAdmin.empty')} /> : null}
      {result && result.items.length > 0 ? (
        <DataGrid items={result.items} columns={columns} getRowId={(item: I18nConstant) => item.id} aria-label={t('translationsAdmin.title')} aria-busy={loading} data-testid="translations-grid">
          <DataGridHeader>
            <DataGridRow>{({ renderHeaderCell }) => <DataGridHeaderCell>{renderHeaderCell()}</DataGridHeaderCell>}</DataGridRow>
          </DataGridHeader>
          <DataGridBody<I18nConstant>>
            {({ item, rowId }) => (
              <DataGridRow<I18nConstant> key={rowId} data-testid={`translation-row-${item.constant}`}>
                {({ renderCell }) => <DataGridCell>{renderCell(item)}</DataGridCell>}
              </DataGridRow>
            )}
          </DataGridBody>
        </DataGrid>
      ) : null}
      {result && pages > 1 ? (
        <nav className={styles.pager} aria-label={t('translationsAdmin.title')}>
          <Button icon={<ChevronLeft20Regular />} disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
            {t('translationsAdmin.previous')}
          </Button>
          <Body1 aria-live="polite">{t('translationsAdmin.page', { page, pages })}</Body1>
          <Button icon={<ChevronRight20Regular />} iconPosition="after" disabled={page >= pages || loading} onClick={() => setPage(page + 1)}>
            {t('translationsAdmin.next')}
          </Button>
        </nav>
      ) : null}
      {editing ? (
        <EditDialog
          key={editing.id}
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            setNotice(t('translationsAdmin.saved'))
            reload()
          }}
        />
      ) : null}
    </Screen>
  )
}
