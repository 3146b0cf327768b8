import type { TableDisbandedNotice } from '../../../../server/contract/http/admin'
import type { SettingFlag } from '../../../../server/contract/http/system'
import { navigateTo } from '../../../app/navigation'
import { registerConnectHook, type AppSocket } from '../../../realtime'
import { applySettings, loadSettings } from '../../../state/settings'
import { resetTable, tableState } from '../../../state/table'
import { showDisbandNotice } from './disband-notice'

/** Where a disbanded table's players land: the lobby list. */
export const lobbyListPath = '/main'

/** Whether this address shows that table: its own page, or the developer's table page while it is the current table. */
export function isTablePage(pathname: string, lobbyId: number, currentTableId: number | null): boolean {
  return pathname === `/mafia/${lobbyId}` || (pathname === '/mafia_dev' && currentTableId === lobbyId)
}

/**
 * The site switches an admin changed (every flag, as `GET /api/settings/load` gives them): they go
 * into the same settings state the page loaded, so the maintenance banner and the premium menu entry
 * follow at once. Anything but a list is ignored (the state keeps what it has).
 */
export function receiveSettingsChanged(flags: unknown): void {
  if (!Array.isArray(flags)) return
  const valid = flags.filter((flag): flag is SettingFlag => typeof flag?.name === 'string' && typeof flag?.value === 'string')
  applySettings(valid)
}

/**
 * An admin disbanded the viewer's table: the reason is shown, the table is forgotten (its game
 * stopped where it stood) and a viewer looking at it is taken back to the lobby list.
 */
export function receiveTableDisbanded(notice: TableDisbandedNotice, pathname: string): void {
  if (!Number.isInteger(notice?.id) || typeof notice.reason !== 'string') return
  showDisbandNotice(notice)
  if (isTablePage(pathname, notice.id, tableState.current?.id ?? null)) navigateTo(lobbyListPath, { replace: true })
  if (tableState.current?.id === notice.id) resetTable()
}

const attached = new WeakSet<AppSocket>()

/** The admin panel's pushes of one socket, attached once. */
export function attachAdminPushes(socket: AppSocket): void {
  if (attached.has(socket)) return
  attached.add(socket)
  socket.on('settings:changed', (flags) => receiveSettingsChanged(flags))
  socket.on('admin:lobby:disbanded', (notice) => receiveTableDisbanded(notice, typeof location === 'undefined' ? '' : location.pathname))
}

let started = false

/**
 * Follows the one socket. A reconnect asks for the switches again: a change pushed while the socket
 * was away never reached this page. Safe to call twice.
 */
export function startAdminPushes(): void {
  if (started) return
  started = true
  registerConnectHook((socket) => {
    if (attached.has(socket)) void loadSettings()
    else attachAdminPushes(socket)
  })
}
