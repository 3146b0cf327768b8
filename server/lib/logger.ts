import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino'

/** Paths, headers and fields whose values never reach a log line. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'token',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
]

const redacted = '[redacted]'

/** Pages whose next path segment is a mailed token (`/reset/<token>`, `/confirm/<token>`). */
const tokenPages = new Set(['reset', 'confirm'])
/** Query parameters whose value is a secret whatever it looks like. */
const secretParameter = /token|key|secret|password|code|signature|sig$/i
/** A value that looks like a random token: 32 or more URL-safe base64 characters (ours are 43). */
const tokenLike = /^[A-Za-z0-9_-]{32,}={0,2}$/

/**
 * A request URL fit for a log: the segment after `/reset/` or `/confirm/`, every path segment that
 * looks like a random token, and the value of every query parameter that names a secret or looks
 * like a token are replaced with `[redacted]`. Mail links carry their token in the path, and a log
 * line is read by more people (the admin panel's log view) than the mailbox it was sent to.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?')
  const path = queryStart === -1 ? url : url.slice(0, queryStart)
  const query = queryStart === -1 ? undefined : url.slice(queryStart + 1)
  const segments = path.split('/')
  const safePath = segments
    .map((segment, index) => {
      if (index > 0 && tokenPages.has(decodeSafely(segments[index - 1] ?? '').toLowerCase()) && segment !== '') return redacted
      return tokenLike.test(decodeSafely(segment)) ? redacted : segment
    })
    .join('/')
  if (query === undefined) return safePath
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals === -1) return tokenLike.test(decodeSafely(pair)) ? redacted : pair
      const name = pair.slice(0, equals)
      const value = decodeSafely(pair.slice(equals + 1))
      return secretParameter.test(decodeSafely(name)) || tokenLike.test(value) ? `${name}=${redacted}` : pair
    })
    .join('&')
  return `${safePath}?${safeQuery}`
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

/** What Fastify hands the `req` serializer: its request, with the address under TRUST_PROXY. */
interface LoggedRequest {
  method: string
  url: string
  host?: string
  ip?: string
  headers?: Record<string, string | string[] | undefined>
  socket?: { remotePort?: number }
}

/** Fastify's request line, with the URL redacted (`redactUrl`). */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/** How the log files are rotated and capped: a new file at 10 MB or each day, the newest ten kept per process. */
export const logFileRotation = { size: '10m', frequency: 'daily', keep: 9 } as const

/**
 * JSON logs to stdout and to DATA_DIR/logs/<name>.<n>.log (rotated and capped by `pino-roll` in a
 * worker thread: `logFileRotation`), which the log service reads. `file: false` keeps tests from
 * writing log files; `destination` sends every line to one stream instead (tests read what was logged).
 */
export function createLogger(options: { name: string; level: string; dataDir?: string; file?: boolean; destination?: DestinationStream }): Logger {
  const base: LoggerOptions = {
    name: options.name,
    level: options.level,
    redact: { paths: redactedPaths, censor: redacted },
    // Fastify takes a logger's own `req` serializer over its default one.
    serializers: { req: serializeRequest },
  }
  if (options.destination) return pino(base, options.destination)
  if (!options.dataDir || options.file === false) return pino(base)
  const dir = join(options.dataDir, 'logs')
  mkdirSync(dir, { recursive: true })
  const files = pino.transport({
    target: 'pino-roll',
    options: { file: join(dir, options.name), extension: '.log', size: logFileRotation.size, frequency: logFileRotation.frequency, limit: { count: logFileRotation.keep }, mkdir: true },
  }) as DestinationStream
  return pino(
    base,
    pino.multistream([
      { stream: process.stdout, level: options.level as pino.Level },
      { stream: files, level: options.level as pino.Level },
    ]),
  )
}
