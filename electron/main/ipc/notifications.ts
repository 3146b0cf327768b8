import type { BrowserWindow, Notification, NotificationConstructorOptions, WebContents } from 'electron'
import { desktopChannels, desktopEvents, type NotificationContent } from '../../common/bridge'
import { bringToFront } from '../windows'
import type { IpcRegistry } from './registry'

/** The longest title and body a notification shows; longer texts are cut, as a notification cannot show more. */
export const notificationLimits = { title: 120, body: 500 } as const

/**
 * The notification content from an IPC payload, which is untrusted: both texts must be strings;
 * they are cut to the limits. Throws on anything else.
 */
export function parseNotificationContent(payload: unknown): NotificationContent {
  if (typeof payload !== 'object' || payload === null) throw new TypeError('A notification needs a title and a body')
  const { title, body } = payload as Record<string, unknown>
  if (typeof title !== 'string' || typeof body !== 'string') throw new TypeError('A notification title and body must be strings')
  if (title.trim() === '') throw new TypeError('A notification needs a title')
  const content: NotificationContent = { title: cut(title, notificationLimits.title), body: cut(body, notificationLimits.body) }
  const { route } = payload as Record<string, unknown>
  if (route !== undefined) {
    if (!isNotificationRoute(route)) throw new TypeError('A notification route must be an app path')
    content.route = route
  }
  return content
}

/** A route a notification may open: a plain app path (`/chat/12`), no scheme, host, query or dot segment. */
export function isNotificationRoute(route: unknown): route is string {
  return typeof route === 'string' && route.length <= 200 && /^(\/[A-Za-z0-9_-]+)+$/.test(route)
}

function cut(text: string, limit: number): string {
  const characters = Array.from(text)
  return characters.length <= limit ? text : `${characters.slice(0, limit - 1).join('')}…`
}

/** Native notifications (Electron's `Notification`), injected. */
export interface NativeNotifications {
  /**
   * Shows a notification for the page in `contents`; clicking it brings that page's window to the
   * front and opens its route there.
   */
  show(content: NotificationContent, contents: WebContents): void
}

/**
 * Registers the notifications area's handlers. The notification sound has no channel: the main process
 * cannot play audio, so the preload plays it in the page (see preload.ts), and native notifications are
 * silent so the user hears that one sound only.
 */
export function registerNotificationsIpc(registry: IpcRegistry, notifications: NativeNotifications): void {
  registry.handle(desktopChannels.showNotification, (event, payload) => {
    notifications.show(parseNotificationContent(payload), event.sender)
  })
}

/** Electron's `Notification` class, as far as it is used here. */
export interface NotificationClass {
  isSupported(): boolean
  new (options: NotificationConstructorOptions): Notification
}

/** Native notifications over Electron's `Notification`; `windowOf` finds the window of a page. */
export function createNativeNotifications(
  Native: NotificationClass,
  windowOf: (contents: WebContents) => Pick<BrowserWindow, 'isDestroyed' | 'isMinimized' | 'restore' | 'show' | 'focus'> | null,
  /** Called for each notification shown (the badge counts them until the window has the focus). */
  onShown: () => void = () => {},
): NativeNotifications {
  // Held until closed: a notification nobody references may be collected, and its click lost.
  const shown = new Set<Notification>()
  return {
    show(content, contents) {
      if (!Native.isSupported()) return
      const notification = new Native({ title: content.title, body: content.body, silent: true })
      const forget = () => shown.delete(notification)
      notification.on('click', () => {
        forget()
        const window = windowOf(contents)
        if (window && !window.isDestroyed()) bringToFront(window)
        if (content.route !== undefined && !contents.isDestroyed()) contents.send(desktopEvents.navigate, content.route)
      })
      notification.on('close', forget)
      notification.on('failed', forget)
      shown.add(notification)
      notification.show()
      onShown()
    },
  }
}
