import { existsSync } from 'node:fs'

/**
 * The browser that the end-to-end tests and `npm run size` drive. Playwright never downloads one:
 * `CHROMIUM_PATH`, else Debian's Chromium headless shell (`chromium-headless-shell`), else its
 * Chromium. The headless shell is Chromium's own lighter headless build, without the browser's
 * window and UI layers; on two cores the whole browser run takes about a quarter less time with it.
 */
export const chromiumPath: string | undefined =
  process.env.CHROMIUM_PATH ?? ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path))
