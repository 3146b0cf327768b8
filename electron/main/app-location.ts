import { pathToFileURL } from 'node:url'

/** The environment variable that points the desktop app at a running app server instead of its own files. */
export const appUrlVariable = 'MAFIA_APP_URL'

/**
 * Where the app's pages come from: the renderer build on disk (the default), or an app server
 * (`MAFIA_APP_URL`). Everything that decides "is this the app?" (navigation, permissions, IPC senders)
 * asks `isAppUrl` with this.
 */
export type AppLocation =
  | {
      readonly kind: 'file'
      /** `file:///…/dist/renderer/index.html` */
      readonly entryUrl: string
      /** The build's directory, with a trailing slash: only files under it are the app. */
      readonly rootUrl: string
    }
  | {
      readonly kind: 'server'
      /** The address the window opens, as configured. */
      readonly entryUrl: string
      /** Only this origin is the app. */
      readonly origin: string
    }

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Where the app comes from, from `MAFIA_APP_URL` (unset or empty: the renderer build at
 * `rendererIndexPath`). The app URL must be https, or http on this machine only: the window grants
 * camera and microphone to it, so it must not arrive over an open network in clear text.
 */
export function resolveAppLocation(appUrl: string | undefined, rendererIndexPath: string): AppLocation {
  if (appUrl === undefined || appUrl.trim() === '') {
    const entryUrl = pathToFileURL(rendererIndexPath).href
    return { kind: 'file', entryUrl, rootUrl: new URL('.', entryUrl).href }
  }
  let url: URL
  try {
    url = new URL(appUrl.trim())
  } catch {
    throw new Error(`${appUrlVariable} is not a URL: ${JSON.stringify(appUrl)}`)
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))
  if (!secure) throw new Error(`${appUrlVariable} must be an https URL, or http on localhost: ${JSON.stringify(appUrl)}`)
  if (url.username || url.password) throw new Error(`${appUrlVariable} must not carry credentials`)
  url.hash = ''
  return { kind: 'server', entryUrl: url.href, origin: url.origin }
}

/** Whether an address belongs to the app: a file under the build's directory, or the app server's origin. */
export function isAppUrl(address: string | undefined | null, location: AppLocation): boolean {
  if (!address) return false
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return false
  }
  if (location.kind === 'file') return url.protocol === 'file:' && url.href.startsWith(location.rootUrl)
  return url.origin === location.origin
}

/**
 * The address that opens the app at a route (`/mafia/12`). A page loaded from a file can only route by
 * its hash (`index.html#/mafia/12`); a served page routes by its path.
 */
export function appEntryUrl(location: AppLocation, route?: string): string {
  if (route === undefined) return location.entryUrl
  if (!route.startsWith('/') || route.startsWith('//')) throw new Error(`Not an app route: ${JSON.stringify(route)}`)
  if (location.kind === 'file') return `${location.entryUrl}#${route}`
  return new URL(route, location.origin).href
}
