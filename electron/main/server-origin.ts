/**
 * The club server the desktop app talks to. The app's pages come from `app://mafia/`; its `/api`, its
 * socket and its media go to this origin. It is the default club server until the user chooses
 * another (on first start or in the settings), and the choice is remembered (settings-store.ts).
 */
import desktopDefaults from '../desktop-defaults.json'

/**
 * The club server a fresh install talks to, from `electron/desktop-defaults.json` (beside the update
 * feed the installers are packaged with); `MAFIA_SERVER_URL` overrides it for a run.
 */
export const defaultServerOrigin: string = desktopDefaults.serverOrigin

/** The environment variable that points one run at another server (development: `http://localhost:8080`). */
export const serverUrlVariable = 'MAFIA_SERVER_URL'

/** Why an origin was refused: each has a message the settings screen shows (i18n `desktop.server.*`). */
export type ServerOriginRefusal = 'not_a_url' | 'not_secure' | 'credentials' | 'has_path'

export type ServerOriginResult = { ok: true; origin: string } | { ok: false; reason: ServerOriginRefusal }

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether a URL is https, or http on this machine (development). */
export function isSecureOrigin(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))
}

/**
 * A server origin from what the user typed: `https://club.example.org` (a trailing slash allowed), or
 * loopback `http:` for development. Refused: anything that is not a URL, another scheme, plain http
 * to another machine (passwords and camera streams would cross the network in clear text),
 * credentials, and a path, query or fragment (the app talks to the server's root).
 */
export function parseServerOrigin(input: unknown): ServerOriginResult {
  if (typeof input !== 'string' || input.trim() === '' || input.length > 2048) return { ok: false, reason: 'not_a_url' }
  let url: URL
  try {
    url = new URL(input.trim())
  } catch {
    return { ok: false, reason: 'not_a_url' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'not_secure' }
  if (!isSecureOrigin(url)) return { ok: false, reason: 'not_secure' }
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials' }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') return { ok: false, reason: 'has_path' }
  return { ok: true, origin: url.origin }
}

/** The English message of a refusal, for logs and for a refused `MAFIA_SERVER_URL`. */
export function serverOriginMessage(reason: ServerOriginRefusal): string {
  switch (reason) {
    case 'not_a_url':
      return 'The server address is not a URL.'
    case 'not_secure':
      return 'The server address must start with https:// (http:// only on this machine, for development).'
    case 'credentials':
      return 'The server address must not carry a user name or password.'
    case 'has_path':
      return 'The server address is an origin only: no path, query or fragment.'
  }
}

/** Which server this run talks to, and whether the user has chosen one yet. */
export interface ServerChoice {
  origin: string
  /** False on first start: the app opens its server choice, with the default filled in. */
  chosen: boolean
}

/**
 * The server of this run: `MAFIA_SERVER_URL` when set (it must pass the same check; a bad one stops
 * the app with the reason), else the remembered choice, else the default club server. A remembered
 * value that no longer passes (an edited settings file) is ignored.
 */
export function selectServerOrigin(options: { override: string | undefined; saved: unknown; fallback?: string }): ServerChoice {
  if (options.override !== undefined && options.override.trim() !== '') {
    const result = parseServerOrigin(options.override)
    if (!result.ok) throw new Error(`${serverUrlVariable}: ${serverOriginMessage(result.reason)} (${JSON.stringify(options.override)})`)
    return { origin: result.origin, chosen: true }
  }
  const saved = parseServerOrigin(options.saved)
  if (saved.ok) return { origin: saved.origin, chosen: true }
  return { origin: options.fallback ?? defaultServerOrigin, chosen: false }
}

/** The WebSocket twin of an http(s) origin (`https://x` -> `wss://x`). */
export function webSocketTwin(origin: string): string {
  const url = new URL(origin)
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`
}
