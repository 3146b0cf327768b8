import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import type { DatabaseHandle } from '../../db/connection'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { defaultRateLimits, type RateLimits } from '../../server/plugins/rate-limit'
import { socketRequestPayloads } from './targets'

/** Error-level log lines the app wrote since they were last taken. */
export interface ErrorLines {
  take(): string[]
}

/** The app under fuzz: served on a loopback port, its database, and its error-level log lines. */
export interface FuzzApp {
  app: FastifyInstance
  url: string
  database: DatabaseHandle
  uploadsDir: string
  errors: ErrorLines
}

/**
 * A logger that keeps every line at level error or above (pino's 50+) for the harness: each is a 5xx
 * however the client was answered. Warnings and below are dropped.
 */
export function capturingLogger() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string; stack?: string }; event?: string }
          if ((entry.level ?? 0) >= 50) lines.push([entry.msg, entry.event, entry.err?.stack?.split('\n').slice(0, 4).join(' | ') ?? entry.err?.message].filter(Boolean).join(': '))
        } catch {
          lines.push(line.slice(0, 300))
        }
      }
      done()
    },
  })
  const logger = pino({ name: 'fuzz', level: 'error' }, stream)
  return { logger, errors: { take: () => lines.splice(0) } satisfies ErrorLines }
}

const unlimited = 1_000_000_000

/**
 * The app's limits with every allowance raised out of reach (`max` of each window, the socket cap,
 * the failures before sign-ins slow down, each socket request's allowance), so payloads reach the
 * validation and the handlers instead of bouncing off a 429. Windows and durations are kept.
 */
export function fuzzRateLimits(base: RateLimits = defaultRateLimits): RateLimits {
  const raise = (value: unknown, key = ''): unknown => {
    if (typeof value === 'number') return /^(max|failures|socketsPerUser)$/.test(key) ? unlimited : value
    if (Array.isArray(value)) return value.map((item) => raise(item))
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, raise(inner, name)]))
    return value
  }
  const raised = raise(base) as RateLimits
  // Socket requests take the contract's allowance unless the options name the event (or its bucket).
  const sockets = (raised as { sockets?: { requests?: Record<string, unknown> } }).sockets
  if (sockets && typeof sockets === 'object') {
    const requests: Record<string, unknown> = { ...sockets.requests }
    for (const event of [...Object.keys(socketRequestPayloads), 'chat:send']) requests[event] = { max: unlimited, windowMs: 60_000 }
    sockets.requests = requests
  }
  return raised
}

/** Builds the real app on `database` with the fuzz limits and the capturing logger, on a loopback port. */
export async function startFuzzApp(options: { database: DatabaseHandle; dataDir: string; rendererDir?: string }): Promise<FuzzApp> {
  const config = loadConfig({ DATA_DIR: options.dataDir, PORT: '0', LOG_LEVEL: 'error', PUBLIC_URL: 'http://localhost:8080' })
  const { logger, errors } = capturingLogger()
  const app = await buildApp({
    config,
    database: options.database,
    logger,
    rateLimits: fuzzRateLimits(),
    rendererDir: options.rendererDir ?? join(options.dataDir, 'no-renderer'),
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { app, url: `http://127.0.0.1:${port}`, database: options.database, uploadsDir: join(options.dataDir, 'uploads'), errors }
}
