import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createAppProtocolHandler, prepareIndexHtml } from '../../../electron/main/app-protocol'

let root: string
let handler: (request: Request) => Promise<Response>
const fetchUpload = vi.fn((url: string) =>
  Promise.resolve(url.endsWith('/missing.png') ? new Response('no', { status: 404 }) : new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } })),
)

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-scheme-'))
  root = join(dir, 'renderer')
  mkdirSync(join(root, 'assets'), { recursive: true })
  mkdirSync(join(root, 'sounds'), { recursive: true })
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><script>\n var base = 1\n</script><script type="module" crossorigin src="./assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'export const x = 1')
  writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}')
  writeFileSync(join(root, 'assets', 'index-abc.js.map'), '{}')
  writeFileSync(join(root, 'sounds', 'notify.wav'), 'RIFF')
  writeFileSync(join(dir, 'secret.txt'), 'the password')
  writeFileSync(join(dir, 'renderer-evil.txt'), 'next door')
  handler = createAppProtocolHandler({ rootDir: root, headers: { 'Content-Security-Policy': "default-src 'self'" }, uploads: { origin: 'https://club.example.org', fetch: fetchUpload } })
})

const get = (url: string, init?: RequestInit) => handler(new Request(url, init))

describe('the app:// scheme', () => {
  it('serves the build\'s files with their types and the app\'s policy', async () => {
    const script = await get('app://mafia/assets/index-abc.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('content-security-policy')).toBe("default-src 'self'")
    expect(await script.text()).toBe('export const x = 1')
    expect((await get('app://mafia/assets/index-abc.css')).headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect((await get('app://mafia/sounds/notify.wav')).headers.get('content-type')).toBe('audio/wav')
  })

  it('answers every route with the page, its assets addressed from the root and no inline script', async () => {
    for (const route of ['app://mafia/', 'app://mafia/index.html', 'app://mafia/main', 'app://mafia/mafia/12', 'app://mafia/admin/logs/app?x=1', 'app://mafia/confirm/abc_DEF-123']) {
      const page = await get(route)
      expect(page.status, route).toBe(200)
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const html = await page.text()
      expect(html).toContain('<head>\n    <base href="/" />')
      expect(html).toContain('<script type="module" crossorigin src="./assets/index-abc.js"></script>')
      expect(html).not.toContain('var base')
    }
  })

  it('answers a missing asset or a source map with a 404, never with the page', async () => {
    for (const url of ['app://mafia/assets/missing.js', 'app://mafia/favicon.ico', 'app://mafia/assets/index-abc.js.map']) {
      const response = await get(url)
      expect(response.status, url).toBe(404)
      expect(await response.text()).not.toContain('<html')
    }
  })

  it('refuses every way out of the build\'s folder', async () => {
    for (const url of [
      'app://mafia/%2e%2e/secret.txt',
      'app://mafia/assets/%2E%2E/%2E%2E/secret.txt',
      'app://mafia/..%2fsecret.txt',
      'app://mafia/assets/..%2f..%2fsecret.txt',
      'app://mafia/..%5csecret.txt',
      'app://mafia/assets%5c..%5c..%5csecret.txt',
      'app://mafia/%00secret.txt',
      'app://mafia/%E0%A4%A',
    ]) {
      const response = await get(url)
      expect([403, 404], url).toContain(response.status)
      expect(await response.text(), url).not.toMatch(/the password|next door/)
    }
    // The URL parser resolves plain dot segments before the handler sees them: they stay inside.
    const resolved = await get('app://mafia/../../secret.txt')
    expect(await resolved.text()).not.toContain('the password')
    expect((await get('app://mafia/..%2fsecret.txt')).status).toBe(403)
    expect((await get('app://mafia/..%2frenderer-evil.txt')).status).toBe(403)
  })

  it('refuses another host, another scheme and methods other than GET and HEAD', async () => {
    expect((await get('app://evil/assets/index-abc.js')).status).toBe(404)
    expect((await get('https://mafia/assets/index-abc.js')).status).toBe(404)
    expect((await get('app://mafia/main', { method: 'POST', body: 'x' })).status).toBe(405)
    const head = await get('app://mafia/assets/index-abc.js', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('brings uploaded pictures from the club server, by plain file name only', async () => {
    const avatar = await get('app://mafia/uploads/3f2a-avatar.png')
    expect(avatar.status).toBe(200)
    expect(avatar.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await avatar.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]))
    expect(fetchUpload).toHaveBeenLastCalledWith('https://club.example.org/uploads/3f2a-avatar.png')
    expect((await get('app://mafia/uploads/missing.png')).status).toBe(404)
    fetchUpload.mockClear()
    for (const url of ['app://mafia/uploads/a/b.png', 'app://mafia/uploads/..%2fapi%2fauth', 'app://mafia/uploads/.hidden', 'app://mafia/uploads/']) {
      expect([403, 404], url).toContain((await get(url)).status)
    }
    expect(fetchUpload).not.toHaveBeenCalled()
  })

  it('says so when the build is missing', async () => {
    const missing = createAppProtocolHandler({ rootDir: join(root, 'nowhere') })
    const response = await missing(new Request('app://mafia/main'))
    expect(response.status).toBe(404)
    expect(await response.text()).toMatch(/npm run build/)
    expect((await missing(new Request('app://mafia/uploads/a.png'))).status).toBe(404)
  })
})

describe('the page as the app serves it', () => {
  it('gets a base at the root and loses its inline scripts, keeping the others', () => {
    expect(prepareIndexHtml('<html><HEAD lang="x"><script>a()</script><script src="./b.js"></script></HEAD></html>')).toBe(
      '<html><HEAD lang="x">\n    <base href="/" /><script src="./b.js"></script></HEAD></html>',
    )
  })
})
