import {
  Badge,
  Button,
  createTableColumn,
  makeStyles,
  Switch,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components'
import { Add20Regular, Delete20Regular, Edit20Regular, Server20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../../api/client'
import { adminServersRoutes, type MediaServerItem } from '../../../../server/contract/http/admin-servers'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { EmptyState } from '../../../components/EmptyState'
import { errorText } from '../../../components/error-text'
import { Screen } from '../../../components/Screen'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { AdminGrid, usePagedList } from '../shared'
import { ServerDialog } from './ServerDialog'

export const serversPageSize = 20

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
})

/** /admin/servers: the media nodes, added and live, with their load; add, edit, enable or disable, remove. */
export function ServersScreen() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const list = usePagedList((page, signal) => call(adminServersRoutes.listServers, { query: { page, limit: serversPageSize }, signal }), { pageSize: serversPageSize })
  const reload = list.reload
  const [dialog, setDialog] = useState<{ editing: MediaServerItem | null } | null>(null)
  const [removing, setRemoving] = useState<MediaServerItem | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)

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

  return (
    <Screen
      title={t('serversAdmin.title')}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} onClick={() => setDialog({ editing: null })} data-testid="server-add">
          {t('serversAdmin.add')}
        </Button>
      }
    >
      {failure ? <TextMessageBar intent="error">{errorText(t, failure)}</TextMessageBar> : null}
      <AdminGrid
        list={list}
        columns={columns}
        getRowId={(item) => item.nodeId}
        label={t('serversAdmin.title')}
        empty={<EmptyState icon={<Server20Regular />} title={t('serversAdmin.empty')} hint={t('serversAdmin.emptyHint')} />}
        pager={{ label: t('serversAdmin.pages'), previous: t('serversAdmin.previous'), next: t('serversAdmin.next'), status: t('serversAdmin.page', { page: list.page, pages: list.pages }) }}
        testId="servers-grid"
        rowTestId={() => 'server-row'}
      />
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
