import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import type { DesktopBridge } from '../../electron/common/bridge'
import type * as AppLocation from '../../electron/main/app-location'
import type * as AppProtocol from '../../electron/main/app-protocol'
import type * as Security from '../../electron/main/security'
import { newAccount, text, uniqueSuffix } from './support'

// electron/ is CommonJS (electron/package.json), so its modules are required, as the main process does.
const require = createRequire(import.meta.url)
const { resolveAppLocation } = require('../../electron/main/app-location') as typeof AppLocation
const { createAppProtocolHandler } = require('../../electron/main/app-protocol') as typeof AppProtocol
const { buildContentSecurityPolicy } = require('../../electron/main/security') as typeof Security

/**
 * The renderer as the desktop app serves it: the app's scheme handler (electron/main/app-protocol.ts)
 * run under Node behind a small HTTP server on another loopback address (127.0.0.2, the API server's
 * port: no other port is taken), so the page's origin is not the server's, with the app's
 * Content-Security-Policy. The preload's bridge is stood in for by
 * an init script naming the API server as the club server, as the preload does from its command line.
 * The API server accepts this origin through DESKTOP_ORIGINS (playwright.config.ts).
 */
const rendererDir = fileURLToPath(new URL('../../dist/renderer', import.meta.url))
const appHost = '127.0.0.2'
const appPort = Number(process.env.E2E_PORT ?? 8181)
const appOrigin = `http://${appHost}:${appPort}`
let harness: Server

test.beforeAll(async ({ baseURL }) => {
  const serverOrigin = baseURL as string
  const policy = buildContentSecurityPolicy(resolveAppLocation(undefined, serverOrigin))
  const handle = createAppProtocolHandler({ rootDir: rendererDir, headers: { 'Content-Security-Policy': policy }, uploads: { origin: serverOrigin, fetch: (url) => fetch(url) } })
  harness = createServer((request, response) => {
    // What Electron's protocol.handle does: the page's request as a fetch Request on app://mafia.
    handle(new Request(`app://mafia${request.url ?? '/'}`, { method: request.method }))
      .then(async (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers))
        response.end(Buffer.from(await answer.arrayBuffer()))
      })
      .catch((error: unknown) => response.writeHead(500).end(String(error)))
  })
  await new Promise<void>((resolve) => harness.listen(appPort, appHost, resolve))
})

test.afterAll(async () => {
  await new Promise((resolve) => harness.close(resolve))
})

test('the desktop renderer, served by the app scheme on its own origin, signs in against the club server, shows the shell\'s update download, opens a table, and leads from settings to the server choice', async ({ browser, request, baseURL }) => {
  const serverOrigin = baseURL as string
  const account = await newAccount(request, 'Desktop')
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US' })
  await context.addInitScript(
    ({ origin }) => {
      localStorage.setItem('lang', 'en')
      const reported: unknown[] = []
      const bridge: DesktopBridge = {
        platform: 'linux',
        serverOrigin: origin,
        serverChosen: true,
        appVersion: () => Promise.resolve('0.0.0'),
        playNotificationSound: () => Promise.resolve(),
        showNotification: () => Promise.resolve(),
        isWindowFocused: () => Promise.resolve(true),
        chooseServer: () => Promise.resolve({ ok: true }),
        openAdminWindow: () => Promise.resolve(true),
        reportStatus: (status) => (reported.push(status), Promise.resolve()),
        onNavigate: () => () => {},
        onQuitting: () => () => {},
        // The shell is downloading an update: the app shows its banner.
        onUpdateState: (listener) => (listener({ phase: 'downloading', percent: 30 }), () => {}),
        installUpdate: () => Promise.resolve(false),
      }
      Object.assign(window, { desktop: bridge, desktopReported: reported })
    },
    { origin: serverOrigin },
  )
  const page = await context.newPage()
  const policyViolations: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) policyViolations.push(message.text())
  })
  const apiCalls: string[] = []
  page.on('request', (sent) => {
    const url = new URL(sent.url())
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) apiCalls.push(url.origin)
  })

  try {
    // A deep route loads straight away: the scheme answers every route with the page, assets from the root.
    await page.goto(`${appOrigin}/signin`)
    await page.getByLabel(text('en', 'auth.fields.email'), { exact: true }).fill(account.email)
    await page.getByLabel(text('en', 'auth.fields.password'), { exact: true }).fill(account.password)
    const signIn = page.waitForResponse((answer) => answer.url() === `${serverOrigin}/api/auth/login/password`)
    await page.getByRole('button', { name: text('en', 'auth.signIn.submit'), exact: true }).click()
    expect((await signIn).status()).toBe(200)
    await expect(page).toHaveURL(`${appOrigin}/main`)
    await expect(page.getByTestId('update-banner')).toContainText('Downloading an update: 30%')

    // The table: created from /main's dialog over the club server's socket, opened at its route on the app's origin.
    const tableName = `Desk ${uniqueSuffix()}`
    await page.getByTestId('create-table').click()
    await page.getByTestId('table-name').fill(tableName)
    await page.getByTestId('create-table-submit').click()
    await page.waitForURL(new RegExp(`^${appOrigin.replace(/[.]/g, '\\.')}/mafia/\\d+$`))
    await expect(page.getByTestId('game-table')).toBeVisible()
    const tableUrl = page.url()

    // Reloaded at the table's route, the app page comes back signed in, at the table.
    await page.reload()
    await expect(page.getByTestId('game-table')).toBeVisible()
    expect(page.url()).toBe(tableUrl)

    // Settings lead to the choice of the club server.
    await page.goto(`${appOrigin}/settings`)
    await page.getByRole('link', { name: 'Choose another club server' }).click()
    await expect(page).toHaveURL(`${appOrigin}/desktop/server`)

    // Every API and socket call went to the club server, none to the page's own origin; the policy let them through.
    expect(apiCalls.length).toBeGreaterThan(0)
    expect(new Set(apiCalls)).toEqual(new Set([serverOrigin]))
    expect(policyViolations).toEqual([])
  } finally {
    await context.close()
  }
})

test('the app scheme refuses a way out of the build and answers a missing asset with a 404', async ({ request }) => {
  const outside = await request.get(`${appOrigin}/..%2f..%2fpackage.json`)
  expect(outside.status()).toBe(403)
  const missing = await request.get(`${appOrigin}/assets/not-there.js`)
  expect(missing.status()).toBe(404)
})
