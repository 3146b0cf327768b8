import {
  Body1,
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
  Spinner,
  Switch,
  Textarea,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components'
import { ArrowSync20Regular, Edit20Regular, Translate20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { i18nAdminRoutes, type I18nConstant, type I18nGroup } from '../../../../server/contract/http/i18n-admin'
import { call } from '../../../api/client'
import { EmptyState } from '../../../components/EmptyState'
import { errorText } from '../../../components/error-text'
import { Screen } from '../../../components/Screen'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { AdminGrid, usePagedList } from '../shared'

const pageSize = 50
const locales = ['en', 'uk', 'de', 'he'] as const
const rtl = new Set(['he'])

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
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
  const [version, setVersion] = useState(0)
  const [editing, setEditing] = useState<I18nConstant | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [syncing, setSyncing] = useState(false)
  const [syncFailure, setSyncFailure] = useState<unknown>(null)
  const list = usePagedList(
    (page, signal) => call(i18nAdminRoutes.list, { query: { group, page, limit: pageSize, ...(query ? { search: query } : {}), ...(missing ? { missing: true } : {}) }, signal }),
    { pageSize, filters: `${group}:${query}:${missing}` },
  )
  /** The texts changed here or came from the other instance: the list and the groups' counts are read again. */
  const reload = () => {
    setVersion((value) => value + 1)
    list.reload()
  }

  useEffect(() => {
    const abort = new AbortController()
    call(i18nAdminRoutes.groups, { signal: abort.signal })
      .then((answer) => setGroups(answer.items))
      .catch(() => undefined)
    return () => abort.abort()
  }, [version])

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 400)
    return () => clearTimeout(timer)
  }, [search])

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

  return (
    <Screen title={t('translationsAdmin.title')}>
      <div className={styles.filters}>
        <Field label={t('translationsAdmin.group')}>
          <Dropdown value={group} selectedOptions={[group]} onOptionSelect={(_event, data) => setGroup(data.optionValue ?? 'mafia')}>
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
        <Switch label={t('translationsAdmin.missingOnly')} checked={missing} onChange={(_event, data) => setMissing(data.checked)} />
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
      <AdminGrid
        list={list}
        columns={columns}
        getRowId={(item) => item.id}
        label={t('translationsAdmin.title')}
        empty={<EmptyState icon={<Translate20Regular />} title={t('translationsAdmin.empty')} />}
        pager={{ label: t('translationsAdmin.title'), previous: t('translationsAdmin.previous'), next: t('translationsAdmin.next'), status: t('translationsAdmin.page', { page: list.page, pages: list.pages }) }}
        testId="translations-grid"
        rowTestId={(item) => `translation-row-${item.constant}`}
      />
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
