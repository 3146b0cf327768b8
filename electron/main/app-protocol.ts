/**
 * The app's own pages: the renderer build served from the privileged scheme `app://mafia/`, so routes,
 * history and assets work as on the web (a page at `app://mafia/mafia/12` loads `/assets/…` from the
 * build's root). This module is plain Node: it takes a directory and a `Request` and returns a
 * `Response`, so the tests (and the end-to-end harness) run it without Electron; `desktop-app.ts`
 * installs it with `protocol.handle`.
 */
import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'

/** The scheme of the app's pages. */
export const appScheme = 'app'
/** The one host of that scheme. */
export const appHost = 'mafia'
/** The app's origin, as the server's CORS list and the policy name it. */
export const appOrigin = `${appScheme}://${appHost}`

/**
 * How the scheme is registered before the app is ready (`protocol.registerSchemesAsPrivileged`):
 * standard (relative URLs, an origin, storage that lasts), secure (camera and microphone, like https),
 * with the fetch API and CORS, so the page can call the club's server from its own origin.
 */
export const appSchemePrivileges = {
  scheme: appScheme,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true },
} as const

/** The content types of the files a renderer build holds; anything else goes out as bytes. */
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}

/** The content type of a file by its extension. */
export function contentTypeOf(path: string): string {
  return contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

export interface AppProtocolOptions {
  /** The renderer build (`dist/renderer`): only files under it are served. */
  rootDir: string
  /** Headers every answer carries, for example the Content-Security-Policy. */
  headers?: Record<string, string>
  /**
   * The club server, for `/uploads/<file>` (avatars and other pictures the renderer addresses from
   * the root): fetched from the server by the main process and served as the app's own, so the page
   * needs no cross-origin image. Without it, `/uploads/` is a 404.
   */
  uploads?: { origin: string; fetch: (url: string) => Promise<Response> }
}

/** An uploaded file's path: one plain file name under `/uploads/`. */
const uploadPath = /^\/uploads\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/

/**
 * The build's `index.html` as the app serves it: with `<base href="/">`, so a page at any route loads
 * the build's relative assets from the root, and without inline scripts (the web build's only one adds
 * that base on http(s); the app's policy allows no inline script).
 */
export function prepareIndexHtml(html: string): string {
  const withoutInline = html.replace(/<script\b(?![^>]*\bsrc\s*=)[^>]*>[\s\S]*?<\/script>\s*/gi, '')
  return withoutInline.replace(/<head(\s[^>]*)?>/i, (head) => `${head}\n    <base href="/" />`)
}

/** The file a request path names under `rootDir`, or null when it leaves the folder or is not a plain path. */
export function resolveInside(rootDir: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((segment) => segment === '..')) return null
  const root = resolve(rootDir)
  const file = resolve(root, `.${decoded}`)
  return file === root || file.startsWith(root + sep) ? file : null
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/**
 * The handler of `app://mafia/…`:
 * - a file of the build goes out with its content type;
 * - a route (a path whose last segment has no extension) gets `index.html`, so the router takes it;
 * - a missing asset is a 404 (never the page, which a browser must not run as a script);
 * - a path that leaves the build's folder (`..`, encoded or not, backslashes, NUL) is a 403;
 * - `/uploads/<file>` comes from the club server (`uploads`);
 * - another host, or a method other than GET and HEAD, is refused.
 */
export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const extra = options.headers ?? {}
  const answer = (status: number, text: string) => new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...extra } })
  // Read on each page load (a few kilobytes): a rebuilt renderer is served as it is now, never a page naming assets that are gone.
  const index = async () => prepareIndexHtml(await readFile(resolve(options.rootDir, 'index.html'), 'utf8'))

  return async (request) => {
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return answer(400, 'Bad request')
    }
    if (url.protocol !== `${appScheme}:` || url.host !== appHost) return answer(404, 'Not found')
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'Method not allowed')
    // The URL parser resolves plain dot segments; what is left (encoded ones, backslashes) is checked here.
    const rawPath = new URL(request.url).pathname
    const file = resolveInside(options.rootDir, rawPath)
    if (file === null) return answer(403, 'Forbidden')
    const body = request.method === 'HEAD' ? null : undefined
    if (rawPath.startsWith('/uploads/')) {
      if (!options.uploads || !uploadPath.test(rawPath)) return answer(404, 'Not found')
      try {
        const upstream = await options.uploads.fetch(new URL(rawPath, options.uploads.origin).href)
        if (!upstream.ok) return answer(upstream.status === 404 ? 404 : 502, 'Not found')
        const bytes = new Uint8Array(await upstream.arrayBuffer())
        const headers = { 'Content-Type': upstream.headers.get('content-type') ?? 'application/octet-stream', 'X-Content-Type-Options': 'nosniff', ...extra }
        return new Response(body === null ? null : bytes, { status: 200, headers })
      } catch {
        return answer(502, 'The server could not be reached')
      }
    }
    if (rawPath !== '/' && rawPath !== '/index.html' && (await isFile(file))) {
      if (/\.map$/i.test(file)) return answer(404, 'Not found')
      const bytes = await readFile(file)
      return new Response(body === null ? null : bytes, { status: 200, headers: { 'Content-Type': contentTypeOf(file), 'Content-Length': String(bytes.byteLength), ...extra } })
    }
    const lastSegment = rawPath.split('/').pop() ?? ''
    if (lastSegment.includes('.') && rawPath !== '/index.html') return answer(404, 'Not found')
    try {
      const html = await index()
      return new Response(body === null ? null : html, { status: 200, headers: { 'Content-Type': contentTypes['.html'] as string, 'Cache-Control': 'no-cache', ...extra } })
    } catch {
      return answer(404, 'The renderer build is missing: run `npm run build`')
    }
  }
}
