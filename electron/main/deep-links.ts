import { resolve } from 'node:path'
import type { App } from 'electron'

/** The URL scheme the desktop app opens: `mafia://mafia/<id>` opens the table `/mafia/<id>`. */
export const deepLinkScheme = 'mafia'

/**
 * The route of the error screen a bad `mafia://` link opens: an unknown route or a malformed token
 * lands there, and nothing else happens (no request, no navigation to what the link named).
 */
export const linkErrorRoute = '/desktop/link-error'

// A table id is a positive 32-bit integer, as in the contract (server/contract/socket/common.ts, `Id`).
const maximumId = 2_147_483_647
// A mailed token or a referral token: base64url (server/lib/ids.ts randomToken), at most 128 characters (TokenBody).
const tokenPattern = /^[A-Za-z0-9_-]{8,128}$/

/** The kinds of link the app opens, each to its route: `mafia://<kind>/<value>`. */
const linkKinds: Record<string, (value: string) => string | null> = {
  mafia: (value) => (/^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= maximumId ? `/mafia/${value}` : null),
  confirm: (value) => (tokenPattern.test(value) ? `/confirm/${value}` : null),
  reset: (value) => (tokenPattern.test(value) ? `/reset/${value}` : null),
  // A referral: the sign-up page with the referrer's token.
  signup: (value) => (tokenPattern.test(value) ? `/signup/${value}` : null),
}

/** What a `mafia://` link opens: its route, or the error screen for a link that is not one of ours. */
export type DeepLink = { kind: 'route'; route: string } | { kind: 'error' }

/**
 * The app route a `mafia://` link opens: exactly `mafia://<kind>/<value>` (an optional trailing slash
 * allowed; the scheme in any case) with a kind of `linkKinds` and a value of its form. Everything else
 * (other hosts, extra segments, dot segments, queries, fragments, credentials, ports, escapes, bad
 * ids or tokens) is an error, so a link can never steer the app anywhere else.
 */
export function resolveDeepLink(link: unknown): DeepLink {
  if (typeof link !== 'string' || link.length > 200) return { kind: 'error' }
  const prefix = `${deepLinkScheme}://`
  if (link.slice(0, prefix.length).toLowerCase() !== prefix) return { kind: 'error' }
  const match = /^([a-z]+)\/([^/]+)\/?$/.exec(link.slice(prefix.length))
  if (!match) return { kind: 'error' }
  const [, kind = '', value = ''] = match
  const toRoute = Object.hasOwn(linkKinds, kind) ? linkKinds[kind] : undefined
  const route = toRoute?.(value) ?? null
  return route ? { kind: 'route', route } : { kind: 'error' }
}

/** The route a `mafia://` link opens, or null for a bad one. */
export function parseDeepLink(link: unknown): string | null {
  const result = resolveDeepLink(link)
  return result.kind === 'route' ? result.route : null
}

/** The route a link opens, bad ones included: the error screen for those. */
export function deepLinkRoute(link: unknown): string {
  return parseDeepLink(link) ?? linkErrorRoute
}

/**
 * The route of the first `mafia://` link among command-line arguments (Windows and Linux pass links
 * so): its route, the error screen when it is a bad one, or null when there is no link at all.
 */
export function findDeepLinkRoute(argv: readonly string[]): string | null {
  const link = argv.find((argument) => argument.toLowerCase().startsWith(`${deepLinkScheme}:`))
  return link === undefined ? null : deepLinkRoute(link)
}

/**
 * Makes this app the handler of `mafia://` links. Started as `electron .` (a development run), the
 * system must launch Electron with the app's folder, so the path is passed along.
 */
export function registerDeepLinkScheme(
  app: Pick<App, 'setAsDefaultProtocolClient'>,
  run: { defaultApp: boolean; execPath: string; argv: readonly string[] },
): boolean {
  const appPath = run.argv[1]
  if (run.defaultApp && appPath !== undefined) return app.setAsDefaultProtocolClient(deepLinkScheme, run.execPath, [resolve(appPath)])
  return app.setAsDefaultProtocolClient(deepLinkScheme)
}
