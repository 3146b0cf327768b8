import { Button } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useParams } from 'react-router'
import { useSnapshot } from 'valtio'
import type { Lobby } from '../../../server/contract/socket/lobbies'
import { EmptyState } from '../../components/EmptyState'
import { LoadingState } from '../../components/LoadingState'
import { RouterLink } from '../../components/RouterLink'
import { realtimeState } from '../../realtime'
import { requestErrorKey } from '../../realtime/requests'
import { joinLobby, loadLobby, tableState, watchLobby } from '../../state/table'
import { TableLayout } from './layout/TableLayout'

/** /mafia/:id and /mafia_dev: the table, its seats, the phase and what this viewer may do. */
export function TableScreen() {
  const { t } = useTranslation()
  const params = useParams()
  const location = useLocation()
  const { current } = useSnapshot(tableState)
  const { connected } = useSnapshot(realtimeState)
  const dev = location.pathname.startsWith('/mafia_dev')
  const id = dev ? (current?.id ?? null) : Number(params.id)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const here = current !== null && current.id === id

  // Entering the page loads the table once; during play pushes and syncs keep it current.
  useEffect(() => {
    if (!connected || here || id === null || !Number.isInteger(id) || id <= 0) return
    loadLobby(id).catch((failure: unknown) => setError(requestErrorKey(failure)))
  }, [connected, here, id])

  const enter = async (action: (id: number) => Promise<unknown>) => {
    if (id === null) return
    setBusy(true)
    setError(null)
    try {
      await action(id)
    } catch (failure) {
      setError(requestErrorKey(failure))
    } finally {
      setBusy(false)
    }
  }

  if (here && current) return <TableLayout lobby={current as Lobby} />
  if (id === null || !Number.isInteger(id)) return <EmptyState title={t('game.noTable')} hint={t('game.noTableHint')} action={<RouterLink to="/main">{t('game.toLobbies')}</RouterLink>} />
  if (!error) return <LoadingState />
  return (
    <EmptyState
      title={t(error)}
      hint={t('game.notMemberHint')}
      action={
        <div style={{ display: 'flex', gap: 8 }}>
          <Button appearance="primary" disabled={busy} onClick={() => void enter(joinLobby)} data-testid="table-join">
            {t('lobby.actions.join')}
          </Button>
          <Button disabled={busy} onClick={() => void enter(watchLobby)} data-testid="table-watch">
            {t('lobby.actions.watch')}
          </Button>
        </div>
      }
    />
  )
}
