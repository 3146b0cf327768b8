import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { routes, type AdminLobby } from '../../../../server/contract/http'
import { call } from '../../../api/client'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { EmptyState } from '../../../components/EmptyState'
import { LoadingState } from '../../../components/LoadingState'
import { Screen } from '../../../components/Screen'
import { errorText } from '../../../components/error-text'

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalXS } })

/** /admin/games: the live tables (phase, players, judge, spectators, media node); join, watch, disband with a reason. */
export function AdminGamesScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [tables, setTables] = useState<AdminLobby[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [disbanding, setDisbanding] = useState<AdminLobby | null>(null)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [actionError, setActionError] = useState<string | null>(null)

  const load = useCallback(() => {
    call(routes.admin.lobbies).then(
      (page) => setTables(page.items),
      (failure: unknown) => setError(errorText(t, failure)),
    )
  }, [t])
  useEffect(load, [load])

  const enter = (table: AdminLobby, how: 'join' | 'watch') => {
    const route = how === 'join' ? routes.admin.joinLobby : routes.admin.watchLobby
    call(route, { body: { id: table.id } }).then(
      () => void navigate(`/mafia/${table.id}`),
      (failure: unknown) => setError(errorText(t, failure)),
    )
  }
  const disband = async () => {
    if (!disbanding || reason.trim() === '') return
    setBusy(true)
    setActionError(null)
    try {
      await call(routes.admin.disbandLobby, { body: { id: disbanding.id, reason: reason.trim() } })
      setDisbanding(null)
      setReason('')
      load()
    } catch (failure) {
      setActionError(errorText(t, failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Screen title={t('adminNav.games')} actions={<Button onClick={load}>{t('adminPanel.refresh')}</Button>}>
      {error ? (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      {tables === null && !error ? <LoadingState /> : null}
      {tables?.length === 0 ? <EmptyState title={t('adminPanel.games.empty')} /> : null}
      {tables && tables.length > 0 ? (
        <Table aria-label={t('adminNav.games')} data-testid="admin-games">
          <TableHeader>
            <TableRow>
              {['name', 'phase', 'players', 'judge', 'spectators', 'mediaNode', 'actions'].map((column) => (
                <TableHeaderCell key={column}>{t(`adminPanel.games.${column}`)}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {tables.map((table) => (
              <TableRow key={table.id} data-testid={`admin-game-${table.id}`}>
                <TableCell>{table.name}</TableCell>
                <TableCell>{table.stage ? t('adminPanel.games.stage', { phase: table.stage.phase, day: table.stage.day }) : t(`lobby.status.${table.status}`)}</TableCell>
                <TableCell>{t('adminPanel.games.seats', { taken: table.players.length, seats: table.seatCount })}</TableCell>
                <TableCell>{table.judge?.nickname ?? '—'}</TableCell>
                <TableCell>{table.spectators}</TableCell>
                <TableCell>{table.mediaNode ?? '—'}</TableCell>
                <TableCell>
                  <div className={styles.actions}>
                    <Button size="small" onClick={() => enter(table, 'join')}>
                      {t('adminPanel.games.join')}
                    </Button>
                    <Button size="small" onClick={() => enter(table, 'watch')}>
                      {t('adminPanel.games.watch')}
                    </Button>
                    <Button size="small" onClick={() => setDisbanding(table)} data-testid={`admin-disband-${table.id}`}>
                      {t('adminPanel.games.disband')}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <ConfirmDialog
        open={disbanding !== null}
        title={t('adminPanel.games.disbandTitle', { name: disbanding?.name ?? '' })}
        text={t('adminPanel.games.disbandText')}
        confirmLabel={t('adminPanel.games.disband')}
        cancelLabel={t('adminPanel.cancel')}
        busy={busy}
        danger
        confirmDisabled={reason.trim() === ''}
        error={actionError}
        onCancel={() => (setDisbanding(null), setActionError(null))}
        onConfirm={() => void disband()}
      >
        <Field label={t('adminPanel.games.reason')} required>
          <Input value={reason} onChange={(_, value) => setReason(value.value)} maxLength={300} data-testid="admin-disband-reason" />
        </Field>
      </ConfirmDialog>
    </Screen>
  )
}
