/**
 * All the desktop app's lock-down in one place: the Content-Security-Policy, which permissions are
 * granted, where pages may navigate, what `window.open` does. The decisions are pure functions; the
 * `secure*` functions wire them into Electron and are called once by `desktop-app.ts`.
 *
 * Electron's `remote` module no longer exists (removed in Electron 14) and nothing here brings it back;
 * `webPreferences` (windows.ts) keep Node out of every renderer, and `app.enableSandbox()` sandboxes all.
 */
import type { App, Session, WebContents } from 'electron'
import { isAppUrl, type AppLocation } from './app-location'

/**
 * The Content-Security-Policy of every page. Scripts only from the app itself, no plugins, no frames,
 * no connections but to the app, its club server and the club's media nodes (`mediaOrigins`, checked
 * WebSocket origins from media-origins.ts). Styles allow inline because Fluent UI inserts its style elements at run time.
 */
export function buildContentSecurityPolicy(location: AppLocation, mediaOrigins: readonly string[] = []): string {
  // The club server: its API and socket (with the socket's WebSocket twin) and its images (avatars).
  const server = new URL(location.serverOrigin)
  const serverSocket = `${server.protocol === 'https:' ? 'wss:' : 'ws:'}//${server.host}`
  const media = mediaOrigins.filter((origin) => origin !== serverSocket)
  const connect = location.kind === 'scheme' ? ["'self'", server.origin, serverSocket, ...media] : ["'self'", serverSocket, ...media]
  const images = location.kind === 'scheme' ? [server.origin] : []
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...images],
    'media-src': ["'self'", 'blob:', 'mediastream:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    // The app's page sets <base href="/"> (app-protocol.ts) so a page at any route loads the build's assets from the root; no other base.
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/**
 * The response headers with our policy added. A policy the server sent is kept beside ours: the browser
 * enforces both, so adding ours can only narrow what a page may do, never widen it.
 */
export function withContentSecurityPolicy(headers: Record<string, string[] | string> | undefined, policy: string): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  const policies: string[] = []
  for (const [name, value] of Object.entries(headers ?? {})) {
    const values = Array.isArray(value) ? value : [value]
    if (name.toLowerCase() === 'content-security-policy') policies.push(...values)
    else result[name] = values
  }
  result['Content-Security-Policy'] = [...policies, policy]
  return result
}

/** A permission request or check, as far as the decision needs it. */
export interface PermissionQuestion {
  /** Electron's permission name, for example `media` (camera and microphone) or `notifications`. */
  permission: string
  /** The address of the frame that asks. */
  requestingUrl: string | undefined
  /** For `media` requests: what is asked for (`audio`, `video`). */
  mediaTypes?: readonly string[] | undefined
}

/**
 * Whether to grant a permission: camera and microphone to the app's own pages, nothing to anyone else.
 * Notifications go through the bridge (native ones), so the page never needs the web permission.
 */
export function isPermissionGranted(question: PermissionQuestion, location: AppLocation): boolean {
  if (question.permission !== 'media') return false
  if (!isAppUrl(question.requestingUrl, location)) return false
  return (question.mediaTypes ?? []).every((type) => type === 'audio' || type === 'video')
}

/** Whether a link may leave the app for the user's browser: https only, never with credentials. */
export function isExternalLink(address: string): boolean {
  try {
    const url = new URL(address)
    return url.protocol === 'https:' && url.username === '' && url.password === ''
  } catch {
    return false
  }
}

/** What to do when a frame wants to go somewhere. */
export type NavigationDecision = 'allow' | 'open-externally' | 'block'

/**
 * Navigation stays inside the app. A link elsewhere never loads in the app's window: an https one opens
 * in the user's browser, anything else (other schemes, plain http) is refused.
 */
export function decideNavigation(address: string, location: AppLocation): NavigationDecision {
  if (isAppUrl(address, location)) return 'allow'
  return isExternalLink(address) ? 'open-externally' : 'block'
}

/** `window.open` never creates a window: an https link opens in the user's browser, anything else is refused. */
export function decideWindowOpen(address: string): 'open-externally' | 'deny' {
  return isExternalLink(address) ? 'open-externally' : 'deny'
}

/** Opens a link in the user's browser (`shell.openExternal`). */
export type OpenExternal = (address: string) => Promise<void>

function openExternally(openExternal: OpenExternal, address: string): void {
  openExternal(address).catch((error: unknown) => console.error(`Could not open ${address} in the browser`, error))
}

/** Guards one web contents: window.open, navigation, redirects, webviews. */
export function secureWebContents(contents: Pick<WebContents, 'setWindowOpenHandler' | 'on'>, location: AppLocation, openExternal: OpenExternal): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (decideWindowOpen(url) === 'open-externally') openExternally(openExternal, url)
    return { action: 'deny' }
  })
  contents.on('will-frame-navigate', (event) => {
    const decision = decideNavigation(event.url, location)
    if (decision === 'allow') return
    event.preventDefault()
    if (decision === 'open-externally' && event.isMainFrame) openExternally(openExternal, event.url)
  })
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url, location)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

const securedApps = new WeakSet<object>()

/**
 * Before the app is ready: sandbox every renderer, and guard every web contents the moment it exists
 * (windows created later included). Refuses to run twice.
 */
export function secureApp(app: Pick<App, 'enableSandbox' | 'on'>, location: AppLocation, openExternal: OpenExternal): void {
  if (securedApps.has(app)) throw new Error('The app is already secured')
  securedApps.add(app)
  app.enableSandbox()
  app.on('web-contents-created', (_event, contents) => secureWebContents(contents, location, openExternal))
}

const securedSessions = new WeakSet<object>()

type SecuredSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'> & {
  webRequest: Pick<Session['webRequest'], 'onHeadersReceived'>
}

/** Once the app is ready: the permission handlers and the Content-Security-Policy of a session (with the club's media nodes). Refuses to run twice. */
export function secureSession(session: SecuredSession, location: AppLocation, mediaOrigins: readonly string[] = []): void {
  if (securedSessions.has(session)) throw new Error('This session is already secured')
  securedSessions.add(session)
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined
    callback(isPermissionGranted({ permission, requestingUrl: details.requestingUrl, mediaTypes }, location))
  })
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionGranted({ permission, requestingUrl: details.requestingUrl ?? requestingOrigin }, location),
  )
  session.setDevicePermissionHandler(() => false)
  const policy = buildContentSecurityPolicy(location, mediaOrigins)
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, policy) })
  })
}
