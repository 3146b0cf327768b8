/**
 * The renderer's side of the desktop shell, started only when the page runs in it (main.tsx): the
 * shell's requests to open a route, the status it shows in the tray and the badge, the notifications
 * for friend requests and a game that starts while the window is not focused, and leaving the table
 * when the app quits. Chat messages notify from the chat feature itself (features/chat).
 */
import { subscribe } from 'valtio'
import { navigateTo } from '../app/navigation'
import { i18n } from '../i18n'
import { currentSocket, realtimeState } from '../realtime'
import { chatsState, totalUnread } from '../state/chats'
import { friendsState } from '../state/friends'
import { leaveLobby, tableState } from '../state/table'
import { platform } from './bridge'
import { desktopLabels, desktopStatus, gameJustStarted, newRequests } from './desktop-status'

let started = false

/** Notifies, with the sound, while the window is not focused. */
async function notifyUnfocused(title: string, body: string, route: string): Promise<void> {
  if (await platform.isWindowFocused()) return
  await platform.playNotificationSound()
  await platform.showNotification({ title, body, route })
}

export function startDesktopIntegration(): void {
  if (started) return
  started = true
  platform.onNavigate((route) => navigateTo(route))

  let timer: ReturnType<typeof setTimeout> | undefined
  const report = () => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      const status = desktopStatus({
        connected: realtimeState.connected,
        unreadMessages: totalUnread(chatsState.chats),
        friendRequests: friendsState.incoming.length,
        current: tableState.current,
        labels: desktopLabels((key) => i18n.t(key)),
      })
      platform.reportStatus(status).catch((error: unknown) => console.warn('the desktop status was refused', error))
    }, 150)
  }
  subscribe(realtimeState, report)
  subscribe(chatsState, report)
  i18n.on('languageChanged', report)

  const seenRequests = new Set(friendsState.incoming.map((request) => request.requestId))
  subscribe(friendsState, () => {
    for (const request of newRequests(seenRequests, friendsState.incoming)) {
      seenRequests.add(request.requestId)
      void notifyUnfocused(i18n.t('desktop.notify.friendRequest.title'), i18n.t('desktop.notify.friendRequest.body', { nickname: request.nickname }), '/friends')
    }
    report()
  })

  let previous = tableState.current ? { id: tableState.current.id, lobby: { ...tableState.current.lobby } } : null
  subscribe(tableState, () => {
    const current = tableState.current
    const started = gameJustStarted(previous, current)
    if (started) void notifyUnfocused(i18n.t('desktop.notify.gameStarts.title'), i18n.t('desktop.notify.gameStarts.body', { name: started.lobby.name }), `/mafia/${started.id}`)
    previous = current ? { id: current.id, lobby: { ...current.lobby } } : null
    report()
  })

  // Quitting: leave the table (the seat is freed at once, not after a dropped connection's grace), let the emit go out.
  platform.onQuitting(async () => {
    if (!tableState.current || !currentSocket()) return
    leaveLobby()
    await new Promise((resolve) => setTimeout(resolve, 300))
  })
  report()
}
