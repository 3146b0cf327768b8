import { notificationSoundFile } from './bridge'

/**
 * The address of the notification sound for a page of the app. A page loaded from a file sits next to
 * the build's root (`index.html`), so the sound is relative to it; a served page may be at any route
 * (`/mafia/12`), so the sound is at the server's root.
 */
export function notificationSoundUrl(pageUrl: string): string {
  const page = new URL(pageUrl)
  return new URL(page.protocol === 'file:' ? notificationSoundFile : `/${notificationSoundFile}`, page).href
}
