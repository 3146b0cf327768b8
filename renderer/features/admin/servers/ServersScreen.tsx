import {
  Badge,
  Body1,
  Button,
  createTableColumn,
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  makeStyles,
  Switch,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components'
import { Add20Regular, ChevronLeft20Regular, ChevronRight20Regular, Delete20Regular, Edit20Regular, Server20Regular } from '@fluentui/react-icons'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../../api/client'
import { adminServersRoutes, type MediaServerItem, type MediaServerPage } from '../../../../server/contract/http/admin-servers'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { EmptyState } from '../../../components/EmptyState'
import { errorText } from '../../../components/error-text'
import { LoadingState } from '../../../components/LoadingState'
import { Screen } from '../../../components/Screen'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { ServerDialog } from './ServerDialog'

export const serversPageSize = 20

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
})

/** /admin/servers: the media nodes, added and live, with their load; add, edit, enable or disable, remove. */
export function ServersScreen() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [page, setPage] = useState(1)
  const [version, setVersion] = useState(0)
  // The last answer, with the request it answers: loading while it answers an older one.
  const [answer, setAnswer] = useState<{ key: string; list: MediaServerPage | null; error: unknown }>({ key: '', list: null, error: null })
  const requestKey = `${page}:${version}`
  const [dialog, setDialog] = useState<{ editing: MediaServerItem | null } | null>(null)
  const [removing, setRemoving] = useState<MediaServerItem | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const reload = useCallback(() => setVersion((value) => value + 1), [])

  useEffect(() => {
    const abort = new AbortController()
    const key = `${page}:${version}`
    call(adminServersRoutes.listServers, { query: { page, limit: serversPageSize }, signal: abort.signal })
      .then((list) => setAnswer({ key, list, error: null }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setAnswer((last) => ({ key, list: last.list, error }))
      })
    return () => abort.abort()
  }, [page, version])

  async function toggle(item: MediaServerItem, enabled: boolean) {
    setFailure(null)
    try {
      if (item.id === null) await call(adminServersRoutes.createServer, { body: { nodeId: item.nodeId, name: item.name, url: item.url, enabled } })
      else await call(adminServersRoutes.updateServer, { params: { id: item.id }, body: { enabled } })
    } catch (error) {
      setFailure(error)
    }
    reload()
  }

  async function remove() {
    if (!removing?.id) return
    setBusy(true)
    setFailure(null)
    try {
      await call(adminServersRoutes.removeServer, { params: { id: removing.id } })
      setRemoving(null)
      reload()
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  const number = new Intl.NumberFormat(i18n.language)
  const columns: TableColumnDefinition<MediaServerItem>[] = [
    createTableColumn({ columnId: 'name', renderHeaderCell: () => t('serversAdmin.columns.name'), renderCell: (item) => <span dir="auto">{item.name}</span> }),
    createTableColumn({ columnId: 'nodeId', renderHeaderCell: () => t('serversAdmin.columns.nodeId'), renderCell: (item) => <span className={styles.mono} dir="ltr">{item.nodeId}</span> }),
    createTableColumn({ columnId: 'url', renderHeaderCell: () => t('serversAdmin.columns.url'), renderCell: (item) => <span className={styles.mono} dir="ltr">{item.url}</span> }),
    createTableColumn({
      columnId: 'state',
      renderHeaderCell: () => t('serversAdmin.columns.state'),
      renderCell: (item) => (
        <Badge appearance="tint" color={item.live ? 'success' : 'subtle'}>
          {item.live ? t('serversAdmin.live') : t('serversAdmin.offline')}
        </Badge>
      ),
    }),
    createTableColumn({
      columnId: 'load',
      renderHeaderCell: () => t('serversAdmin.columns.load'),
      renderCell: (item) => t('serversAdmin.loadValue', { load: number.format(item.load), capacity: number.format(item.capacity), rooms: number.format(item.rooms), peers: number.format(item.peers) }),
    }),
    createTableColumn({
      columnId: 'enabled',
      renderHeaderCell: () => t('serversAdmin.columns.enabled'),
      renderCell: (item) => (
        <Switch checked={item.enabled} aria-label={t('serversAdmin.enableFor', { name: item.name })} onChange={(_, data) => void toggle(item, data.checked)} data-testid="server-enabled" />
      ),
    }),
    createTableColumn({
      columnId: 'actions',
      renderHeaderCell: () => t('serversAdmin.columns.actions'),
      renderCell: (item) => (
        <div className={styles.actions}>
          <Button
            appearance="subtle"
            icon={item.id === null ? <Add20Regular /> : <Edit20Regular />}
            aria-label={item.id === null ? t('serversAdmin.addThis', { name: item.name }) : t('serversAdmin.edit', { name: item.name })}
            onClick={() => setDialog({ editing: item.id === null ? { ...item, name: item.nodeId } : item })}
          />
          {item.id !== null ? (
            <Button appearance="subtle" icon={<Delete20Regular />} aria-label={t('serversAdmin.remove', { name: item.name })} onClick={() => setRemoving(item)} />
          ) : null}
        </div>
      ),
    }),
  ]

  const loading = answer.key !== requestKey
  const result = answer.list
  const pages = result ? Math.max(1, Math.ceil(result.total / serversPageSize)) : 1
  return (
    <Screen
      title={t('serversAdmin.title')}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} onClick={() => setDialog({ editing: null })} data-testid="server-add">
          {t('serversAdmin.add')}
        </Button>
      }
    >
      {answer.error ? <TextMessageBar intent="error">{errorText(t, answer.error)}</TextMessageBar> : null}
      {failure ? <TextMessageBar intent="error">{errorText(t, failure)}</TextMessageBar> : null}
      {!result && loading ? <LoadingState /> : null}
      {result && result.total === 0 ? <EmptyState icon={<Server20Regular />} title={t('serversAdmin.empty')} hint={t('serversAdmin.emptyHint')} /> : null}
      {result && result.items.length > 0 ? (
        <DataGrid items={result.items} columns={columns} getRowId={(item: MediaServerItem) => item.nodeId} aria-label={t('serversAdmin.title')} aria-busy={loading} data-testid="servers-grid">
          <DataGridHeader>
            <DataGridRow>{({ renderHeaderCell }) => <DataGridHeaderCell>{renderHeaderCell()}</DataGridHeaderCell>}</DataGridRow>
          </DataGridHeader>
          <DataGridBody<MediaServerItem>>
            {({ item, rowId }) => (
              <DataGridRow<MediaServerItem> key={rowId} data-testid="server-row">
                {({ renderCell }) => <DataGridCell>{renderCell(item)}</DataGridCell>}
              </DataGridRow>
            )}
          </DataGridBody>
        </DataGrid>
      ) : null}
      {result && pages > 1 ? (
        <nav className={styles.pager} aria-label={t('serversAdmin.pages')}>
          <Button icon={<ChevronLeft20Regular />} disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
            {t('serversAdmin.previous')}
          </Button>
          <Body1 aria-live="polite">{t('serversAdmin.page', { page, pages })}</Body1>
          <Button icon={<ChevronRight20Regular />} iconPosition="after" disabled={page >= pages || loading} onClick={() => setPage(page + 1)}>
            {t('serversAdmin.next')}
          </Button>
        </nav>
      ) : null}
      {dialog ? (
        <ServerDialog
          key={dialog.editing?.nodeId ?? 'new'}
          open
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
        title={t('serversAdmin.removeTitle')}
        text={t('serversAdmin.removeText', { name: removing?.name ?? '' })}
        confirmLabel={t('serversAdmin.removeConfirm')}
        cancelLabel={t('serversAdmin.cancel')}
        busy={busy}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </Screen>
  )
}
