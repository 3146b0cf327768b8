/**
 * The admin window: the admin panel (`/admin/dashboard`) in a window of its own, opened from the
 * site/admin toggle through the bridge. One at a time: asking again brings it to the front. Whether
 * the user is an admin is the server's to decide (every admin route refuses others); the toggle is
 * shown to admins only.
 */
import type { BrowserWindow } from 'electron'
import { bringToFront } from './windows'

export const adminRoute = '/admin/dashboard'

type AdminWindow = Pick<BrowserWindow, 'isDestroyed' | 'isMinimized' | 'restore' | 'show' | 'focus' | 'on'>

/** Opens the admin window, or brings the open one to the front. `open` creates a window at the route. */
export function createAdminWindowOpener(open: (route: string) => AdminWindow): { open(): void; current(): AdminWindow | null } {
  let window: AdminWindow | null = null
  return {
    open() {
      if (window && !window.isDestroyed()) {
        bringToFront(window)
        return
      }
      const opened = open(adminRoute)
      opened.on('closed', () => {
        if (window === opened) window = null
      })
      window = opened
    },
    current: () => (window && !window.isDestroyed() ? window : null),
  }
}
