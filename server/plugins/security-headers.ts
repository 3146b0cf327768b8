import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { join } from 'node:path'
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** Pages other sites may show in a frame: the streamer's page, which OBS and overlay tools embed. */
export const framedPaths: ReadonlySet<string> = new Set(['/obs-share'])

/** How long a browser keeps to https once it saw the header over TLS (a year). */
export const hstsMaxAge = 365 * 24 * 60 * 60

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: its WebSocket twin is allowed beside 'self' (older browsers do not count ws: as 'self'). */
  publicUrl: string
  /** The renderer build: the inline scripts of its index.html are allowed by their hashes, nothing else inline. */
  rendererDir: string
  /** The signalling URLs of the media nodes registered now (`ws(s)://host:port/media/ws`), and any configured media origins. */
  mediaUrls(): Iterable<string>
}

/** `'sha256-…'` sources for each inline script (a `<script>` without `src`) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? ''
    if (/\bsrc\s*=/i.test(attributes)) continue
    hashes.push(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`)
  }
  return hashes
}

/** The WebSocket origin that goes with an http(s) or ws(s) address; null for anything else. */
export function webSocketOrigin(address: string): string | null {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return null
  }
  const protocol = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'ws:', 'wss:': 'wss:' }[url.protocol]
  return protocol ? `${protocol}//${url.host}` : null
}

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0] ?? '/'

/**
 * The browser-facing headers of every response, through @fastify/helmet, in line with the desktop
 * app's policy (electron/main/security.ts):
 * - a Content-Security-Policy: everything from the app itself; scripts only from files plus the
 *   page's own inline scripts by hash; styles inline too (Fluent UI inserts style elements);
 *   connections to the app and to the media nodes' signalling origins; no plugins, no frames;
 * - `frame-ancestors 'none'` and `X-Frame-Options: DENY`, except on the streamer's page;
 * - `Referrer-Policy: no-referrer`, so a mail link's token never travels in a Referer;
 * - `Strict-Transport-Security` only on a request that came over TLS (directly, or through a
 *   trusted proxy's `X-Forwarded-Proto`): a plain-http laptop install must not pin itself to https.
 * Uploaded files keep their stricter policy (static-files.ts).
 */
async function securityHeadersPlugin(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const indexPath = join(options.rendererDir, 'index.html')
  const scriptHashes = existsSync(indexPath) ? inlineScriptHashes(readFileSync(indexPath, 'utf8')) : []

  // Origins once registered stay allowed: a page opened before a node went away and came back still reaches it.
  const appSocketOrigin = webSocketOrigin(options.publicUrl)
  const mediaOrigins = new Set<string>()
  const connectSources = () => {
    for (const url of options.mediaUrls()) {
      const origin = webSocketOrigin(url)
      if (origin) mediaOrigins.add(origin)
    }
    return [appSocketOrigin, ...mediaOrigins].filter((origin) => origin !== null).join(' ')
  }
  const frameAncestors = (request: IncomingMessage) => (framedPaths.has(pathOf(request.url)) ? '*' : "'none'")

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...scriptHashes],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:', 'mediastream:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", connectSources],
        'worker-src': ["'self'", 'blob:'],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'frame-src': ["'none'"],
        'frame-ancestors': [frameAncestors],
        // The page sets <base href="/"> so deep links load the build's relative assets from the root.
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Set below: both depend on the request.
    strictTransportSecurity: false,
    xFrameOptions: false,
  })

  app.addHook('onRequest', async (request, reply) => {
    if (!framedPaths.has(pathOf(request.url))) void reply.header('X-Frame-Options', 'DENY')
    if (request.protocol === 'https') void reply.header('Strict-Transport-Security', `max-age=${hstsMaxAge}`)
  })
}

export default fp(securityHeadersPlugin, { name: 'security-headers' })
