import {
  Button,
  createTableColumn,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components'
import { Add20Regular, Delete20Regular, Edit20Regular, Megaphone20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { advertisingRoutes, type Advert, type AdvertKind } from '../../../../server/contract/http/advertising'
import { call } from '../../../api/client'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { EmptyState } from '../../../components/EmptyState'
import { errorText } from '../../../components/error-text'
import { Screen } from '../../../components/Screen'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { AdminGrid, usePagedList } from '../shared'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  thumb: { maxHeight: '40px', maxWidth: '80px', borderRadius: tokens.borderRadiusSmall },
  mono: { fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
})

type TextField = 'videoUrl' | 'thumbnailUrl' | 'imageUrl' | 'name' | 'price' | 'currency' | 'startDate' | 'registrationLink' | 'order' | 'activeFrom' | 'activeUntil'
const fieldsOf: Record<AdvertKind, TextField[]> = {
  stream: ['videoUrl', 'thumbnailUrl', 'order', 'activeFrom', 'activeUntil'],
  tournament: ['imageUrl', 'name', 'price', 'currency', 'startDate', 'registrationLink', 'order', 'activeFrom', 'activeUntil'],
}
/** Every advert on one page: a club runs a handful at a time. */
const advertsPageSize = 100
const dateFields = new Set<TextField>(['startDate', 'activeFrom', 'activeUntil'])
const localDate = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '')

function AdvertDialog({ editing, onClose, onSaved }: { editing: Advert | null; onClose: () => void; onSaved: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [kind, setKind] = useState<AdvertKind>(editing?.kind ?? 'stream')
  const [values, setValues] = useState<Record<TextField, string>>(() => ({
    videoUrl: editing?.videoUrl ?? '',
    thumbnailUrl: editing?.thumbnailUrl ?? '',
    imageUrl: editing?.imageUrl ?? '',
    name: editing?.name ?? '',
    price: editing?.price === null || editing?.price === undefined ? '' : String(editing.price),
    currency: editing?.currency ?? 'USD',
    startDate: localDate(editing?.startDate ?? null),
    registrationLink: editing?.registrationLink ?? '',
    order: String(editing?.order ?? 0),
    activeFrom: localDate(editing?.activeFrom ?? null),
    activeUntil: localDate(editing?.activeUntil ?? null),
  }))
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const failedField = (failure as { field?: string } | null)?.field

  async function save() {
    setBusy(true)
    setFailure(null)
    const body: Record<string, string | number | null> = {}
    for (const field of fieldsOf[kind]) {
      const value = values[field].trim()
      if (field === 'price') body.price = value === '' ? null : Number(value)
      else if (field === 'order') body.order = Number.parseInt(value || '0', 10)
      else if (dateFields.has(field)) body[field] = value ? new Date(value).toISOString() : null
      else body[field] = value === '' ? null : value
    }
    try {
      if (editing) await call(advertisingRoutes.update, { params: { id: editing.id }, body })
      else await call(advertisingRoutes.create, { body: { kind, ...body } })
      onSaved()
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface data-testid="advert-dialog">
        <DialogBody>
          <DialogTitle>{editing ? t('advertisingAdmin.edit') : t('advertisingAdmin.add')}</DialogTitle>
          <DialogContent className={styles.form}>
            {failure && !failedField ? <TextMessageBar intent="error">{errorText(t, failure)}</TextMessageBar> : null}
            {editing ? null : (
              <Field label={t('advertisingAdmin.kind')}>
                <RadioGroup layout="horizontal" value={kind} onChange={(_event, data) => setKind(data.value as AdvertKind)}>
                  <Radio value="stream" label={t('advertisingAdmin.stream')} />
                  <Radio value="tournament" label={t('advertisingAdmin.tournament')} />
                </RadioGroup>
              </Field>
            )}
            {fieldsOf[kind].map((field) => (
              <Field key={field} label={t(`advertisingAdmin.${field}`)} validationMessage={failedField === field ? errorText(t, failure) : undefined}>
                <Input
                  type={dateFields.has(field) ? 'datetime-local' : field === 'price' || field === 'order' ? 'number' : 'text'}
                  dir={field === 'name' ? 'auto' : 'ltr'}
                  value={values[field]}
                  onChange={(_event, data) => setValues((current) => ({ ...current, [field]: data.value }))}
                  data-testid={`advert-${field}`}
                />
              </Field>
            ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('advertisingAdmin.cancel')}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void save()} data-testid="advert-save">
              {t('advertisingAdmin.save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** /admin/advertising: stream and tournament adverts, created, edited and deleted (after a confirmation). */
export function AdminAdvertisingScreen() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const list = usePagedList((page, signal) => call(advertisingRoutes.list, { query: { page, limit: advertsPageSize }, signal }), { pageSize: advertsPageSize })
  const reload = list.reload
  const [dialog, setDialog] = useState<{ editing: Advert | null } | null>(null)
  const [removing, setRemoving] = useState<Advert | null>(null)
  const [failure, setFailure] = useState<unknown>(null)

  async function remove() {
    if (!removing) return
    setFailure(null)
    try {
      await call(advertisingRoutes.remove, { params: { id: removing.id } })
    } catch (error) {
      setFailure(error)
    }
    setRemoving(null)
    reload()
  }

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' })
  const when = (value: string | null) => (value ? date.format(new Date(value)) : t('advertisingAdmin.always'))
  const columns: TableColumnDefinition<Advert>[] = [
    createTableColumn({ columnId: 'kind', renderHeaderCell: () => t('advertisingAdmin.kind'), renderCell: (item) => t(`advertisingAdmin.${item.kind}`) }),
    createTableColumn({
      columnId: 'preview',
      renderHeaderCell: () => t('advertisingAdmin.preview'),
      renderCell: (item) => {
        const image = item.kind === 'stream' ? item.thumbnailUrl : item.imageUrl
        return image ? <img className={styles.thumb} src={image} alt="" /> : null
      },
    }),
    createTableColumn({
      columnId: 'name',
      renderHeaderCell: () => t('advertisingAdmin.name'),
      renderCell: (item) => (item.kind === 'stream' ? <span className={styles.mono} dir="ltr">{item.videoUrl}</span> : <span dir="auto">{item.name}</span>),
    }),
    createTableColumn({ columnId: 'order', renderHeaderCell: () => t('advertisingAdmin.order'), renderCell: (item) => item.order }),
    createTableColumn({ columnId: 'active', renderHeaderCell: () => t('advertisingAdmin.activeFrom'), renderCell: (item) => `${when(item.activeFrom)} – ${when(item.activeUntil)}` }),
    createTableColumn({
      columnId: 'actions',
      renderHeaderCell: () => t('advertisingAdmin.actions'),
      renderCell: (item) => (
        <div className={styles.actions}>
          <Button appearance="subtle" icon={<Edit20Regular />} aria-label={t('advertisingAdmin.edit')} onClick={() => setDialog({ editing: item })} />
          <Button appearance="subtle" icon={<Delete20Regular />} aria-label={t('advertisingAdmin.delete')} onClick={() => setRemoving(item)} />
        </div>
      ),
    }),
  ]

  return (
    <Screen
      title={t('advertisingAdmin.title')}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} onClick={() => setDialog({ editing: null })} data-testid="advert-add">
          {t('advertisingAdmin.add')}
        </Button>
      }
    >
      {failure ? <TextMessageBar intent="error">{errorText(t, failure)}</TextMessageBar> : null}
      <AdminGrid
        list={list}
        columns={columns}
        getRowId={(item) => item.id}
        label={t('advertisingAdmin.title')}
        empty={<EmptyState icon={<Megaphone20Regular />} title={t('advertisingAdmin.empty')} />}
        testId="adverts-grid"
        rowTestId={(item) => `advert-row-${item.id}`}
      />
      {dialog ? (
        <AdvertDialog
          key={dialog.editing?.id ?? 'new'}
          editing={dialog.editing}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null)
            reload()
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('advertisingAdmin.delete')}
        text={t('advertisingAdmin.confirmDelete')}
        confirmLabel={t('advertisingAdmin.delete')}
        cancelLabel={t('advertisingAdmin.cancel')}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </Screen>
  )
}
