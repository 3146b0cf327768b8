import { resolve } from 'node:path'
import type { App } from 'electron'

/** The URL scheme the desktop app opens: `mafia://mafia/<id>` opens the table `/mafia/<id>`. */
export const deepLinkScheme = 'mafia'

// A table id is a positive 32-bit integer, as in the contract (server/contract/socket/common.ts, `Id`).
const maximumId = 2_147_483_647
const linkPattern = new RegExp(`^${deepLinkScheme}://mafia/([1-9][0-9]{0,9})/?$`)

/**
 * The app route a `mafia://` link opens, or null for anything that is not exactly
 * `mafia://mafia/<id>` (an optional trailing slash allowed; the scheme in any case): other hosts,
 * paths, dot segments, queries, fragments, credentials, ports and escapes are refused, so a link can
 * never steer the app anywhere else.
 */
export function parseDeepLink(link: unknown): string | null {
  if (typeof link !== 'string' || link.length > 64) return null
  const schemeLength = deepLinkScheme.length + 1
  const normalised = link.slice(0, schemeLength).toLowerCase() + link.slice(schemeLength)
  const id = linkPattern.exec(normalised)?.[1]
  if (id === undefined || Number(id) > maximumId) return null
  return `/mafia/${id}`
}

/** The route of the first `mafia://` link among command-line arguments (Windows and Linux pass links so). */
export function findDeepLinkRoute(argv: readonly string[]): string | null {
  for (const argument of argv) {
    if (!argument.toLowerCase().startsWith(`${deepLinkScheme}:`)) continue
    const route = parseDeepLink(argument)
    if (route) return route
  }
  return null
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
