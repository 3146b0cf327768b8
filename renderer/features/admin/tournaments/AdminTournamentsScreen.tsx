import {
  Badge,
  Button,
  Caption1,
  createTableColumn,
  makeStyles,
  SearchBox,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components'
import { Add20Regular, Delete20Regular, Edit20Regular } from '@fluentui/react-icons'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../../api/client'
import { tournamentsRoutes, tournamentTypes, type Tournament } from '../../../../server/contract/http/tournaments'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { EmptyState } from '../../../components/EmptyState'
import { errorText } from '../../../components/error-text'
import { Screen } from '../../../components/Screen'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { TournamentForm } from '../../tournaments'
import { AdminGrid, usePagedList } from '../shared'
import { OrganizationsSection } from './OrganizationsSection'

const useStyles = makeStyles({
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  search: { minWidth: '240px', flexGrow: 1, maxWidth: '420px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})

const pageSize = 20
const searchDelayMs = 300

/** /admin/tournaments: every tournament (archived and inactive too), a page at a time from the server, created, edited and deleted. */
export function AdminTournamentsScreen() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [search, setSearch] = useState('')
  const [sentSearch, setSentSearch] = useState('')
  const [failure, setFailure] = useState<unknown>(null)
  const [editing, setEditing] = useState<Tournament | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<Tournament | null>(null)
  const [busy, setBusy] = useState(false)
  const list = usePagedList((page, signal) => call(tournamentsRoutes.adminList, { query: { page, limit: pageSize, ...(sentSearch ? { search: sentSearch } : {}) }, signal }), { pageSize, filters: sentSearch })

  useEffect(() => {
    const timer = setTimeout(() => setSentSearch(search.trim()), searchDelayMs)
    return () => clearTimeout(timer)
  }, [search])

  const remove = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await call(tournamentsRoutes.adminDelete, { params: { id: deleting.id } })
      setDeleting(null)
      setFailure(null)
      list.reload()
    } catch (error) {
      setFailure(error)
      setDeleting(null)
    } finally {
      setBusy(false)
    }
  }

  const columns: TableColumnDefinition<Tournament>[] = useMemo(
    () => [
      createTableColumn<Tournament>({ columnId: 'name', renderHeaderCell: () => t('tournaments.admin.name'), renderCell: (item) => <span dir="auto">{item.name}</span> }),
      createTableColumn<Tournament>({
        columnId: 'dates',
        renderHeaderCell: () => t('tournaments.admin.dates'),
        renderCell: (item) => `${item.date_start} – ${item.date_end}`,
      }),
      createTableColumn<Tournament>({
        columnId: 'type',
        renderHeaderCell: () => t('tournaments.form.type'),
        renderCell: (item) => t(item.type === tournamentTypes.dota2 ? 'tournaments.types.dota2' : 'tournaments.types.mafia'),
      }),
      createTableColumn<Tournament>({
        columnId: 'places',
        renderHeaderCell: () => t('tournaments.admin.places'),
        renderCell: (item) => t('tournaments.places', { registered: item.registered, places: item.count }),
      }),
      createTableColumn<Tournament>({
        columnId: 'price',
        renderHeaderCell: () => t('tournaments.form.price'),
        renderCell: (item) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: item.currency }).format(item.price),
      }),
      createTableColumn<Tournament>({
        columnId: 'state',
        renderHeaderCell: () => t('tournaments.admin.state'),
        renderCell: (item) =>
          item.is_archive ? (
            <Badge appearance="outline">{t('tournaments.archivedBadge')}</Badge>
          ) : item.is_active ? (
            <Badge color="success">{t('tournaments.admin.active')}</Badge>
          ) : (
            <Badge color="informative">{t('tournaments.admin.inactive')}</Badge>
          ),
      }),
      createTableColumn<Tournament>({
        columnId: 'actions',
        renderHeaderCell: () => t('tournaments.admin.actions'),
        renderCell: (item) => (
          <div className={styles.actions}>
            <Button size="small" appearance="subtle" icon={<Edit20Regular />} aria-label={t('tournaments.admin.editNamed', { name: item.name })} onClick={() => setEditing(item)} />
            <Button size="small" appearance="subtle" icon={<Delete20Regular />} aria-label={t('tournaments.admin.deleteNamed', { name: item.name })} onClick={() => setDeleting(item)} />
          </div>
        ),
      }),
    ],
    [t, i18n.language, styles.actions],
  )

  return (
    <Screen
      title={t('tournaments.admin.title')}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} onClick={() => setEditing(null)}>
          {t('tournaments.create')}
        </Button>
      }
    >
      <div className={styles.toolbar}>
        <SearchBox className={styles.search} value={search} onChange={(_, data) => setSearch(data.value)} placeholder={t('tournaments.search')} aria-label={t('tournaments.search')} maxLength={50} />
        <Caption1>{t('tournaments.admin.total', { total: list.result?.total ?? 0 })}</Caption1>
      </div>
      {failure ? <TextMessageBar intent="error">{errorText(t, failure)}</TextMessageBar> : null}
      <AdminGrid
        list={list}
        columns={columns}
        getRowId={(item) => item.id}
        label={t('tournaments.admin.title')}
        empty={<EmptyState title={t('tournaments.empty')} />}
        pager={{ label: t('tournaments.admin.title'), previous: t('tournaments.previous'), next: t('tournaments.next'), status: t('tournaments.page', { page: list.page, pages: list.pages }), always: true, compact: true }}
        testId="admin-tournaments"
      />
      {editing === undefined ? null : (
      <TournamentForm
        open
        tournament={editing ?? null}
        admin
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined)
          list.reload()
        }}
      />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('tournaments.admin.deleteTitle')}
        text={t('tournaments.admin.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('tournaments.admin.delete')}
        cancelLabel={t('tournaments.form.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
        busy={busy}
      />
      <OrganizationsSection />
    </Screen>
  )
}
