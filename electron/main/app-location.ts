import { appHost, appOrigin, appScheme } from './app-protocol'
import { isSecureOrigin } from './server-origin'

/** The environment variable that points the desktop app at a running app server instead of its own pages. */
export const appUrlVariable = 'MAFIA_APP_URL'

/**
 * Where the app's pages come from: its own scheme `app://mafia/` serving the renderer build (the
 * default), or an app server (`MAFIA_APP_URL`, for development). Everything that decides "is this the
 * app?" (navigation, permissions, IPC senders) asks `isAppUrl` with this.
 */
export type AppLocation =
  | {
      readonly kind: 'scheme'
      /** `app://mafia/` */
      readonly entryUrl: string
      /** `app://mafia`: only pages of this scheme and host are the app. */
      readonly origin: string
      /** The club server the pages call (`/api`, the socket, media). */
      readonly serverOrigin: string
    }
  | {
      readonly kind: 'server'
      /** The address the window opens, as configured. */
      readonly entryUrl: string
      /** Only this origin is the app. */
      readonly origin: string
      /** The same origin: the pages and the server are one. */
      readonly serverOrigin: string
    }

/**
 * Where the app comes from: `MAFIA_APP_URL` when set (https, or http on this machine only: the window
 * grants camera and microphone to it, so it must not arrive over an open network in clear text), else
 * the app's own pages talking to `serverOrigin`.
 */
export function resolveAppLocation(appUrl: string | undefined, serverOrigin: string): AppLocation {
  if (appUrl === undefined || appUrl.trim() === '') return { kind: 'scheme', entryUrl: `${appOrigin}/`, origin: appOrigin, serverOrigin }
  let url: URL
  try {
    url = new URL(appUrl.trim())
  } catch {
    throw new Error(`${appUrlVariable} is not a URL: ${JSON.stringify(appUrl)}`)
  }
  if (!isSecureOrigin(url)) throw new Error(`${appUrlVariable} must be an https URL, or http on localhost: ${JSON.stringify(appUrl)}`)
  if (url.username || url.password) throw new Error(`${appUrlVariable} must not carry credentials`)
  url.hash = ''
  return { kind: 'server', entryUrl: url.href, origin: url.origin, serverOrigin: url.origin }
}

/** Whether an address belongs to the app: a page of `app://mafia`, or the app server's origin. */
export function isAppUrl(address: string | undefined | null, location: AppLocation): boolean {
  if (!address) return false
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return false
  }
  // A custom scheme's origin is opaque to Node's URL ("null"), so the scheme and host are compared.
  if (location.kind === 'scheme') return url.protocol === `${appScheme}:` && url.host === appHost && url.username === '' && url.port === ''
  return url.origin === location.origin
}

/** The address that opens the app at a route (`/mafia/12`). */
export function appEntryUrl(location: AppLocation, route?: string): string {
  if (route === undefined) return location.entryUrl
  if (!route.startsWith('/') || route.startsWith('//')) throw new Error(`Not an app route: ${JSON.stringify(route)}`)
  if (location.kind === 'scheme') return `${location.origin}${route}`
  return new URL(route, location.origin).href
}
