import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium, type Page } from '@playwright/test'
import { chromiumPath } from '../helpers/chromium'

// `npm run size`: what a browser downloads before each first page draws. Builds the renderer if needed,
// starts the real app server (PGlite in a temporary DATA_DIR), opens /signin as a visitor and /main as a
// signed-in user in Chromium, and prints the scripts and styles each page loaded: their size, the bytes
// that crossed the wire (as the server encoded them) and their gzipped size, against the budget.
const root = fileURLToPath(new URL('../..', import.meta.url))
const budgets: Record<string, number> = { '/signin': 200 * 1024 }
// `npm run size -- --files` also lists each file a page loaded, largest first, to see what to cut.
const listFiles = process.argv.includes('--files')
if (!chromiumPath) throw new Error('No Chromium found: install Debian’s chromium-headless-shell or chromium, or set CHROMIUM_PATH.')

spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'build/ensure-renderer-build.ts')], { cwd: root, stdio: 'inherit' })

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

const dataDir = await mkdtemp(join(tmpdir(), 'mafia-size-'))
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'server/main.ts')], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const serverExited = new Promise<number | null>((resolve) => server.once('exit', resolve))

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the app server exited with code ${server.exitCode}`)
    const ok = await fetch(`${base}/signin`).then((response) => response.ok, () => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the app server did not answer within 60 s')
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** A confirmed account signed in with its password, as a newcomer gets one: sign-up, the mailed link, sign-in. */
async function signedInToken(): Promise<string> {
  const account = { nickname: `size_${Date.now().toString(36)}`, email: `size.${Date.now().toString(36)}@example.test`, password: 'correct horse battery' }
  await post('/api/auth/signup', account)
  const outbox = join(dataDir, 'outbox')
  const [file] = (await readdir(outbox)).sort()
  if (!file) throw new Error('no confirmation mail in the outbox')
  const mail = (await readFile(join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const confirmToken = /\/confirm\/([A-Za-z0-9_-]+)/.exec(mail)?.[1]
  if (!confirmToken) throw new Error('no confirmation link in the mail')
  await post('/api/auth/signup/confirm', { token: confirmToken })
  const session = await post<{ token: string }>('/api/auth/login/password', { email: account.email, password: account.password })
  return session.token
}

interface Transfer {
  url: string
  kind: 'js' | 'css'
  bytes: number
  transferred: number
  gzipped: number
}

/** Opens a page in a fresh browser profile, waits until it has drawn and the network is quiet, and lists its scripts and styles. */
async function measure(page: Page, path: string, drawn: string): Promise<Transfer[]> {
  const pending: Array<Promise<Transfer | null>> = []
  page.on('requestfinished', (request) => {
    const type = request.resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    pending.push(
      (async () => {
        const response = await request.response()
        if (!response) return null
        const body = await response.body()
        const sizes = await request.sizes()
        return { url: request.url(), kind: type === 'script' ? 'js' : 'css', bytes: body.length, transferred: sizes.responseBodySize, gzipped: gzipSync(body, { level: 9 }).length }
      })(),
    )
  })
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' })
  await page.locator(drawn).first().waitFor({ state: 'visible', timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  return (await Promise.all(pending)).filter((transfer): transfer is Transfer => transfer !== null)
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

let exitCode = 0
const browser = await chromium.launch({ executablePath: chromiumPath })
try {
  await waitForServer()
  const token = await signedInToken()
  const pages = [
    { path: '/signin', drawn: 'input[type="password"]', token: null },
    { path: '/main', drawn: '[data-testid="lobby-list"]', token },
  ]
  console.log(`\nRenderer size: what each first page loads (Chromium ${browser.version()}, app server on PGlite)`)
  console.log('| page | kind | files | size | transferred | gzipped | budget (JS gzipped) |')
  console.log('|---|---|---:|---:|---:|---:|---|')
  for (const { path, drawn, token: pageToken } of pages) {
    const context = await browser.newContext()
    if (pageToken) await context.addCookies([{ name: 'token', value: pageToken, url: base }])
    const page = await context.newPage()
    const transfers = await measure(page, path, drawn)
    if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended on ${page.url()}`)
    await context.close()
    for (const kind of ['js', 'css'] as const) {
      const files = transfers.filter((transfer) => transfer.kind === kind)
      const sum = (key: 'bytes' | 'transferred' | 'gzipped') => files.reduce((total, file) => total + file[key], 0)
      const budget = kind === 'js' ? budgets[path] : undefined
      const verdict = budget === undefined ? '' : `${kb(budget)}: ${sum('gzipped') <= budget ? 'met' : 'MISSED'}`
      if (budget !== undefined && sum('gzipped') > budget) exitCode = 1
      console.log(`| ${path} | ${kind} | ${files.length} | ${kb(sum('bytes'))} | ${kb(sum('transferred'))} | ${kb(sum('gzipped'))} | ${verdict} |`)
      if (listFiles) {
        for (const file of [...files].sort((a, b) => b.gzipped - a.gzipped)) {
          console.log(`|  | ${new URL(file.url).pathname} |  | ${kb(file.bytes)} | ${kb(file.transferred)} | ${kb(file.gzipped)} |  |`)
        }
      }
    }
  }
} finally {
  await browser.close()
  server.kill('SIGTERM')
  await serverExited
  await rm(dataDir, { recursive: true, force: true })
}
process.exit(exitCode)
