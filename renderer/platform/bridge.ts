/**
 * The platform the renderer runs on, behind one type: the desktop shell's `window.desktop` (the
 * preload) when present, else the browser implementation below. The rest of the renderer imports
 * `platform` and never asks which one it got.
 */
import type { DesktopBridge, NotificationContent } from '../../electron/common/bridge'
// With the import attribute Node's loader accepts it too (end-to-end tests import the HTTP client, which imports this).
import packageJson from '../../package.json' with { type: 'json' }

declare global {
  interface Window {
    /** The desktop shell's bridge, exposed by its preload; absent in a browser. */
    desktop?: DesktopBridge
  }
}

/**
 * The notification sound's address for a page: next to `index.html` when the page is a file, at the
 * server's root otherwise (a page may be at any route). The desktop preload resolves it the same way
 * (electron/common/notification-sound.ts).
 */
export function notificationSoundUrl(pageUrl: string): string {
  const page = new URL(pageUrl)
  return new URL(page.protocol === 'file:' ? 'sounds/notify.wav' : '/sounds/notify.wav', page).href
}

/** The browser implementation of the bridge. */
export const webBridge: DesktopBridge = {
  platform: 'web',
  // A browser calls its own origin: the server that served the page.
  serverOrigin: '',
  serverChosen: true,
  chooseServer: () => Promise.resolve({ ok: false, reason: 'unsupported' }),
  openAdminWindow: () => Promise.resolve(false),
  reportStatus: () => Promise.resolve(),
  onNavigate: () => () => {},
  onQuitting: () => () => {},
  // A browser has no update of its own: nothing to show, nothing to install.
  onUpdateState: () => () => {},
  installUpdate: () => Promise.resolve(false),
  appVersion: () => Promise.resolve(packageJson.version),
  async playNotificationSound() {
    try {
      await new Audio(notificationSoundUrl(document.URL)).play()
    } catch {
      // The browser refuses autoplay before the first click, or there is no audio device: the sound is optional.
    }
  },
  async showNotification({ title, body }: NotificationContent) {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
    try {
      const notification = new Notification(title, { body })
      notification.onclick = () => {
        window.focus()
        notification.close()
      }
    } catch {
      // Some browsers (Chrome on Android) allow notifications only from a service worker.
    }
  },
  isWindowFocused: () => Promise.resolve(document.hasFocus()),
}

/**
 * The platform bridge of this renderer. Modules that import the HTTP client also run under Node (the
 * server's and the state's tests), where there is no window: they get the web bridge.
 */
export const platform: DesktopBridge = (typeof window === 'undefined' ? undefined : window.desktop) ?? webBridge

/**
 * The address of a server path (`/api/auth`, `/socket.io`) for this renderer: the path itself in a
 * browser (same origin), the chosen club server's address in the desktop app.
 */
export function serverUrl(path: string, origin: string = platform.serverOrigin): string {
  if (!path.startsWith('/') || path.startsWith('//')) throw new TypeError(`Not a server path: ${path}`)
  return origin === '' ? path : `${origin}${path}`
}

/** The origin the socket and the media client connect to: the chosen club server, or the page's own. */
export function serverOriginOf(pageOrigin: string, origin: string = platform.serverOrigin): string {
  return origin === '' ? pageOrigin : origin
}
