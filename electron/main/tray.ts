/**
 * The tray (the dock on macOS): the online status, the unread count and the way out, plus the badge
 * on the app's icon. Built from Electron's `Tray` and `Menu`, injected.
 */
import type { MenuItemConstructorOptions } from 'electron'
import type { DesktopStatus } from '../common/bridge'
import { defaultLabels, formatLabel } from './status'

/** The tray's menu for a status (none reported yet: offline, nothing unread, English). */
export function trayMenuTemplate(status: DesktopStatus | null, actions: { open(): void; openMessages(): void; quit(): void }): MenuItemConstructorOptions[] {
  const labels = status?.labels ?? defaultLabels
  const online = status?.online ?? false
  const unread = status?.unread ?? 0
  return [
    { id: 'status', label: online ? labels.online : labels.offline, enabled: false, type: 'normal' },
    { id: 'unread', label: formatLabel(labels.unread, unread), enabled: unread > 0, click: () => actions.openMessages() },
    { type: 'separator' },
    { id: 'open', label: labels.open, click: () => actions.open() },
    { id: 'quit', label: labels.quit, click: () => actions.quit() },
  ]
}

/** The tooltip: the app, its status, and the unread count when there is one. */
export function trayTooltip(status: DesktopStatus | null): string {
  const labels = status?.labels ?? defaultLabels
  const parts = ['Mafia Table', status?.online ? labels.online : labels.offline]
  if (status && status.unread > 0) parts.push(formatLabel(labels.unread, status.unread))
  return parts.join(' · ')
}

export interface TrayLike {
  setToolTip(text: string): void
  setContextMenu(menu: unknown): void
  on(event: 'click', listener: () => void): unknown
  destroy(): void
}

export interface ShellIndicatorsOptions {
  /** `new Tray(icon)`; null where there is no tray (it failed to appear). */
  createTray: () => TrayLike | null
  buildMenu: (template: MenuItemConstructorOptions[]) => unknown
  /** `app.setBadgeCount` (macOS, Linux launchers; Windows ignores it). */
  setBadgeCount: (count: number) => unknown
  /** macOS: the dock menu instead of a tray. */
  setDockMenu?: ((menu: unknown) => void) | undefined
  actions: { open(): void; openMessages(): void; quit(): void }
}

/**
 * The tray and the badge, kept in step with the page's status. The badge counts the unread messages
 * the page reports, or the notifications shown since the window last had the focus, whichever is more.
 */
export function createShellIndicators(options: ShellIndicatorsOptions) {
  const tray = options.createTray()
  let status: DesktopStatus | null = null
  let unseenNotifications = 0
  const render = () => {
    const menu = options.buildMenu(trayMenuTemplate(status, options.actions))
    if (tray) {
      tray.setToolTip(trayTooltip(status))
      tray.setContextMenu(menu)
    }
    options.setDockMenu?.(menu)
    options.setBadgeCount(Math.max(status?.unread ?? 0, unseenNotifications))
  }
  tray?.on('click', () => options.actions.open())
  render()
  return {
    /** The main page's new status. */
    update(next: DesktopStatus) {
      status = next
      render()
    },
    /** A notification was shown while the window had no focus. */
    notified() {
      unseenNotifications += 1
      render()
    },
    /** The main window got the focus: the notifications are seen. */
    seen() {
      if (unseenNotifications === 0) return
      unseenNotifications = 0
      render()
    },
    status: () => status,
    destroy: () => tray?.destroy(),
  }
}

export type ShellIndicators = ReturnType<typeof createShellIndicators>
