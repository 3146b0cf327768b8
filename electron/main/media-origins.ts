/**
 * The club server's media nodes: the SFUs its tables' video runs on, often on other hosts than the
 * server (`wss://media-1.example.com:8443`). The page's policy must let it connect to them, and only
 * to them, so the app learns them before its first page loads:
 * - from the club server: every answer of the server carries its own Content-Security-Policy, whose
 *   `connect-src` lists the media nodes registered with it and its `MEDIA_ORIGINS`
 *   (`server/plugins/security-headers.ts`); the app reads it from `GET /api/health`;
 * - from `MAFIA_MEDIA_ORIGINS` (comma-separated), for a club whose nodes the server does not know;
 * - and, when the server cannot be reached at start, the nodes it named last time (remembered with
 *   the settings).
 * Only WebSocket origins are taken (wss, or ws on this machine), never a wildcard, a path or credentials.
 */
import { webSocketTwin } from './server-origin'

/** The environment variable naming media nodes beside those the club server announces. */
export const mediaOriginsVariable = 'MAFIA_MEDIA_ORIGINS'

/** How long the start waits for the club server to name its media nodes before using the remembered ones. */
export const mediaOriginsTimeoutMs = 2500

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** A media node's origin (`wss://host:port`), or null for anything else: another scheme, ws to another machine, a wildcard, a path, credentials. */
export function parseMediaOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return null
  }
  const secure = url.protocol === 'wss:' || (url.protocol === 'ws:' && loopbackHosts.has(url.hostname))
  if (!secure || url.hostname.includes('*') || url.username !== '' || url.password !== '') return null
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') return null
  return `${url.protocol}//${url.host}`
}

/** The media nodes of a list (configuration, remembered settings): each checked, each once, in order. */
export function mediaOriginsOf(values: Iterable<unknown>): string[] {
  const origins = new Set<string>()
  for (const value of values) {
    const origin = parseMediaOrigin(value)
    if (origin) origins.add(origin)
  }
  return [...origins]
}

/** `MAFIA_MEDIA_ORIGINS` as origins; a malformed entry stops the app with its reason, as a bad server address does. */
export function configuredMediaOrigins(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)
  for (const entry of entries) {
    if (!parseMediaOrigin(entry)) throw new Error(`${mediaOriginsVariable} must list WebSocket origins such as wss://media-1.example.com:8443 (ws:// only on this machine), got ${JSON.stringify(entry)}`)
  }
  return mediaOriginsOf(entries)
}

/**
 * The media nodes a server's Content-Security-Policy header allows: the WebSocket sources of its
 * `connect-src`, without the server's own socket (the app allows that already).
 */
export function mediaOriginsFromPolicy(policy: string | null, serverOrigin: string): string[] {
  if (!policy) return []
  const connect = policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name?.toLowerCase() === 'connect-src')
  if (!connect) return []
  const own = webSocketTwin(serverOrigin)
  return mediaOriginsOf(connect.slice(1)).filter((origin) => origin !== own)
}

/**
 * Asks the club server which media nodes it uses (its policy, on `GET /api/health`). Null when it did
 * not answer within `timeoutMs` or answered with an error: the caller then keeps what it remembered.
 */
export async function learnMediaOrigins(options: { serverOrigin: string; fetch: (url: string) => Promise<Response>; timeoutMs?: number }): Promise<string[] | null> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), options.timeoutMs ?? mediaOriginsTimeoutMs)
  })
  const asked = options
    .fetch(`${options.serverOrigin}/api/health`)
    .then((response) => (response.ok ? mediaOriginsFromPolicy(response.headers.get('content-security-policy'), options.serverOrigin) : null))
    .catch(() => null)
  try {
    return await Promise.race([asked, timeout])
  } finally {
    clearTimeout(timer)
  }
}
