/**
 * What the renderer tells the desktop shell about itself, as pure functions of the state (tested
 * without a shell): the status for the tray, the badge and quitting, and the moments that deserve a
 * notification while the window is not focused.
 */
import type { DesktopLabels, DesktopStatus } from '../../electron/common/bridge'
import type { Lobby } from '../../server/contract/socket/lobbies'

/** The shell's texts in the user's language. */
export function desktopLabels(t: (key: string) => string): DesktopLabels {
  return {
    online: t('desktop.tray.online'),
    offline: t('desktop.tray.offline'),
    unread: t('desktop.tray.unread'),
    open: t('desktop.tray.open'),
    quit: t('desktop.tray.quit'),
    quitQuestion: t('desktop.quit.question'),
    quitDetail: t('desktop.quit.detail'),
    quitConfirm: t('desktop.quit.confirm'),
    cancel: t('desktop.quit.cancel'),
    updateReady: t('desktop.update.ready'),
    updateDetail: t('desktop.update.detail'),
    updateRestart: t('desktop.update.restart'),
    updateLater: t('desktop.update.later'),
  }
}

/** Whether the viewer takes part in a game that is running: seated as a player, or judging it. */
export function isSeatedInRunningGame(current: Pick<Lobby, 'as' | 'lobby'> | null): boolean {
  return current !== null && current.as !== 'spectator' && current.lobby.status === 'running'
}

/** The status: connected, unread chats plus friend requests, seated in a running game. */
export function desktopStatus(input: { connected: boolean; unreadMessages: number; friendRequests: number; current: Pick<Lobby, 'as' | 'lobby'> | null; labels: DesktopLabels }): DesktopStatus {
  return {
    online: input.connected,
    unread: Math.max(0, input.unreadMessages) + Math.max(0, input.friendRequests),
    seatedInRunningGame: isSeatedInRunningGame(input.current),
    labels: input.labels,
  }
}

/** The table whose game just started for the viewer (seated or judging): open before, running now, same table. */
export function gameJustStarted(previous: Pick<Lobby, 'id' | 'lobby'> | null, next: Pick<Lobby, 'id' | 'as' | 'lobby'> | null): Pick<Lobby, 'id' | 'lobby'> | null {
  if (!previous || !next || previous.id !== next.id || next.as === 'spectator') return null
  return previous.lobby.status === 'open' && next.lobby.status === 'running' ? next : null
}

/** The friend requests that arrived since the last look, by their id. */
export function newRequests<T extends { requestId: number }>(seen: ReadonlySet<number>, incoming: readonly T[]): T[] {
  return incoming.filter((request) => !seen.has(request.requestId))
}
