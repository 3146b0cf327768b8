import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { io } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../server/lib/logger'
import { request } from '../helpers/http'
import { relaxedRateLimits, startTestApp, linkIn, type TestApp } from '../helpers/test-app'
import { eventually, goodPassword, mailsTo, signUp } from './auth-support'

/** The renderer's page: one inline script (the <base> setter) and the bundle. */
const inlineScript = "\n      if (location.protocol === 'http:') document.head.appendChild(document.createElement('base'))\n    "
const indexHtml = `<!doctype html><html><head><script>${inlineScript}</script><script type="module" crossorigin src="./assets/index.js"></script></head><body><div id="root"></div></body></html>`
const inlineScriptHash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`

let rendererDir: string

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'mafia-table-renderer-'))
  await writeFile(join(rendererDir, 'index.html'), indexHtml)
})
afterAll(() => rm(rendererDir, { recursive: true, force: true }))

/** An anonymous socket whose handshake carries these headers (as a proxy would add them); closed once connected. */
async function handshakeWith(url: string, headers: Record<string, string>): Promise<void> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: headers, reconnection: false, forceNew: true })
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', (error) => reject(error))
    })
  } finally {
    socket.close()
  }
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Map<string, string[]> {
  const result = new Map<string, string[]>()
  for (const directive of (policy ?? '').split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/)
    if (name) result.set(name, sources)
  }
  return result
}

/** Two sign-in-family calls per address: enough to show whose address a request counts against. */
const limits = { ...relaxedRateLimits, authPerIp: { max: 2, window: 60_000 } }
const forgot = (server: TestApp, forwardedFor?: string) =>
  request(server.url, 'POST', '/api/auth/forgot', { body: { email: 'nobody@example.test' }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} })

describe('behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  let server: TestApp
  beforeAll(async () => {
    server = await startTestApp({ rendererDir, rateLimits: limits, env: { PUBLIC_URL: 'https://mafia.example.test', TRUST_PROXY: 'loopback', MEDIA_ORIGINS: 'wss://media-1.example.test:8443' } })
  })
  afterAll(() => server.close())

  it('the app pages send a policy that runs only the app’s own scripts and refuses to be framed', async () => {
    for (const path of ['/', '/signin', '/reset/some-token']) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.status).toBe(200)
      const policy = directives(response.headers.get('content-security-policy'))
      expect(policy.get('default-src')).toEqual(["'self'"])
      // The page's one inline script is allowed by its hash; nothing else inline, nothing from elsewhere.
      expect(policy.get('script-src')).toEqual(["'self'", inlineScriptHash])
      expect(policy.get('object-src')).toEqual(["'none'"])
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
      // The app itself and the media nodes (here one named in MEDIA_ORIGINS; registered nodes join them).
      expect(policy.get('connect-src')).toEqual(["'self'", 'wss://mafia.example.test', 'wss://media-1.example.test:8443'])
      expect(policy.get('base-uri')).toEqual(["'self'"])
      expect(policy.get('frame-ancestors')).toEqual(["'none'"])
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  it('the API\'s answers carry the same media nodes, which the desktop app reads from /api/health at start', async () => {
    const response = await fetch(`${server.url}/api/health`)
    expect(response.status).toBe(200)
    expect(directives(response.headers.get('content-security-policy')).get('connect-src')).toContain('wss://media-1.example.test:8443')
  })

  it('the streamer’s page may be framed (OBS and overlays embed it), under the same policy otherwise', async () => {
    const response = await fetch(`${server.url}/obs-share`)
    expect(response.status).toBe(200)
    const policy = directives(response.headers.get('content-security-policy'))
    expect(policy.get('frame-ancestors')).toEqual(['*'])
    expect(policy.get('script-src')).toEqual(["'self'", inlineScriptHash])
    expect(response.headers.get('x-frame-options')).toBeNull()
  })

  it('API answers carry the headers too', async () => {
    const response = await fetch(`${server.url}/api/auth`)
    expect(response.status).toBe(401)
    expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"])
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('HSTS only when the request came over https, here through the proxy; never over plain http', async () => {
    expect((await fetch(`${server.url}/`)).headers.get('strict-transport-security')).toBeNull()
    const overTls = await fetch(`${server.url}/`, { headers: { 'x-forwarded-proto': 'https' } })
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000')
  })

  it('each client behind the proxy has its own address: in HTTP limits and in socket handshakes alike', async () => {
    expect((await forgot(server, '203.0.113.1')).status).toBe(200)
    expect((await forgot(server, '203.0.113.1')).status).toBe(200)
    expect((await forgot(server, '203.0.113.1')).status).toBe(429)
    // Another client behind the same proxy still has its own allowance.
    expect((await forgot(server, '203.0.113.2')).status).toBe(200)

    const seen: string[] = []
    server.app.io.use((socket, next) => {
      seen.push(server.app.clientAddress(socket))
      next()
    })
    await handshakeWith(server.url, { 'x-forwarded-for': '198.51.100.7, 127.0.0.1' })
    expect(seen).toEqual(['198.51.100.7'])
  })
})

describe('without TRUST_PROXY', () => {
  let server: TestApp
  beforeAll(async () => {
    server = await startTestApp({ rateLimits: limits })
  })
  afterAll(() => server.close())

  it('a forwarded address or protocol is not believed: no spoofing past a limit, no HSTS over plain http', async () => {
    expect((await forgot(server, '203.0.113.1')).status).toBe(200)
    expect((await forgot(server, '203.0.113.2')).status).toBe(200)
    const third = await forgot(server, '203.0.113.3')
    expect(third.status).toBe(429)
    expect(third.body.code).toBe('errors.rate_limited')
    const overTls = await fetch(`${server.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } })
    expect(overTls.headers.get('strict-transport-security')).toBeNull()
  })

  it('a socket handshake is counted at the direct peer, whatever it claims', async () => {
    const seen: string[] = []
    server.app.io.use((socket, next) => {
      seen.push(server.app.clientAddress(socket))
      next()
    })
    await handshakeWith(server.url, { 'x-forwarded-for': '198.51.100.7' })
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatch(/^(::ffff:)?127\.0\.0\.1$/)
  })
})

describe('mail tokens never reach a log', () => {
  let server: TestApp
  let logged = ''
  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString('utf8')
        done()
      },
    })
    server = await startTestApp({ rendererDir, logger: createLogger({ name: 'test', level: 'info', destination }) })
  })
  afterAll(() => server.close())

  it('neither the pages of a confirm and a reset link nor the calls that use them log the token', async () => {
    const account = await signUp(server)
    expect((await fetch(`${server.url}/confirm/${account.confirmToken}`)).status).toBe(200)
    expect((await request(server.url, 'POST', '/api/auth/signup/confirm', { body: { token: account.confirmToken } })).status).toBe(200)

    expect((await request(server.url, 'POST', '/api/auth/forgot', { body: { email: account.email } })).status).toBe(200)
    const mails = await eventually(() => mailsTo(server, account.email), (list) => list.length === 2)
    const resetToken = linkIn((mails[1] as { text: string }).text, 'reset')
    expect((await fetch(`${server.url}/reset/${resetToken}?from=mail`)).status).toBe(200)
    expect((await fetch(`${server.url}/reset/${resetToken}/`)).status).toBe(200)
    const reset = await request(server.url, 'POST', '/api/auth/forgot/confirm', { body: { token: resetToken, password: `${goodPassword} again` } })
    expect(reset.status).toBe(200)
    // A token in a query (a mistyped link, an old client) is no better in a log.
    await fetch(`${server.url}/api/auth?token=${resetToken}`)

    await eventually(async () => logged, (text) => text.includes('"url":"/api/auth?token=[redacted]"'))
    expect(logged).toContain('"url":"/confirm/[redacted]"')
    expect(logged).toContain('"url":"/reset/[redacted]?from=mail"')
    expect(logged).toContain('mail written to outbox')
    expect(logged).not.toContain(account.confirmToken)
    expect(logged).not.toContain(resetToken)
    expect(logged).not.toContain(reset.body.token)
  })
})

/** A GET whose body comes back exactly as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    }).on('error', reject)
  })
}

describe('the renderer build as served', () => {
  const script = `console.log(${JSON.stringify('a script long enough to be worth compressing '.repeat(60))})`
  let buildDir: string
  let server: TestApp
  beforeAll(async () => {
    // A build as `vite build` leaves it: a chunk with its precompressed copies, and a source map an older build left behind.
    buildDir = await mkdtemp(join(tmpdir(), 'mafia-table-build-'))
    await mkdir(join(buildDir, 'assets'))
    await writeFile(join(buildDir, 'index.html'), indexHtml)
    await writeFile(join(buildDir, 'assets/index.js'), script)
    await writeFile(join(buildDir, 'assets/index.js.br'), brotliCompressSync(script))
    await writeFile(join(buildDir, 'assets/index.js.gz'), gzipSync(script))
    await writeFile(join(buildDir, 'assets/index.js.map'), JSON.stringify({ version: 3, sources: ['renderer/secret-source.tsx'], mappings: '' }))
    server = await startTestApp({ rendererDir: buildDir })
  })
  afterAll(async () => {
    await server.close()
    await rm(buildDir, { recursive: true, force: true })
  })

  it('sends a script brotli- or gzip-compressed to browsers that accept it, and as it is to others', async () => {
    const brotli = await rawGet(`${server.url}/assets/index.js`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.status).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toMatch(/javascript/)
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script)
    expect(brotli.body.length).toBeLessThan(script.length / 4)

    const gzipped = await rawGet(`${server.url}/assets/index.js`, { 'accept-encoding': 'gzip' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.body).toString()).toBe(script)

    const plain = await rawGet(`${server.url}/assets/index.js`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(script)
  })

  it('never serves a source map, in any spelling, even when the build folder holds one', async () => {
    for (const path of ['/assets/index.js.map', '/assets/index.js.MAP', '/assets/index.js.%6Dap', '/assets/../assets/index.js.map']) {
      const response = await rawGet(`${server.url}${path}`, { 'accept-encoding': 'gzip, br' })
      expect(response.status, path).toBe(404)
      expect(response.body.toString(), path).not.toContain('secret-source')
    }
  })

  it('a missing script is a 404, not the app page a browser would try to run as a script; app addresses still get the page', async () => {
    const missing = await rawGet(`${server.url}/assets/gone-after-a-deploy.js`)
    expect(missing.status).toBe(404)
    expect(missing.headers['content-type']).toMatch(/json/)
    const page = await rawGet(`${server.url}/main`)
    expect(page.status).toBe(200)
    expect(page.body.toString()).toContain('<div id="root">')
  })
})
