import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { inject } from 'vitest'
import { buildApp, type BuildAppOptions } from '../../server/app'
import { loadConfig, type Config } from '../../server/config'
import { ManualClock } from '../../server/lib/clock'
import { createLogger } from '../../server/lib/logger'
import { setTestHashingCost } from '../../server/modules/auth/passwords'
import { defaultRateLimits, defaultSocketLimits, type RateLimits } from '../../server/plugins/rate-limit'
import { createTestDatabase, type TestDatabase } from './databases'

/**
 * Limits high enough that ordinary tests never meet them; limit tests pass their own. Every test
 * comes from one address, so the per-address limits are raised; per-user limits keep their
 * defaults, which tests playing as players must fit as players do.
 */
export const relaxedRateLimits: RateLimits = {
  global: { max: 100_000, window: 60_000 },
  authPerIp: { max: 10_000, window: 60_000 },
  authPerAccount: { max: 10_000, window: 60_000 },
  lockout: defaultRateLimits.lockout,
  sockets: { ...defaultSocketLimits, handshakePerAddress: { max: 100_000, windowMs: 60_000 } },
}

export interface TestApp {
  app: FastifyInstance
  url: string
  database: TestDatabase
  config: Config
  clock: ManualClock | undefined
  dataDir: string
  /** The raw .eml texts in the outbox, oldest first. */
  outbox(): Promise<string[]>
  close(): Promise<void>
}

export interface StartTestAppOptions {
  env?: Record<string, string>
  rateLimits?: RateLimits
  /** Use a hand-moved clock instead of the system clock. */
  manualClock?: boolean
  database?: TestDatabase
  rendererDir?: string
  mailer?: BuildAppOptions['mailer']
  /** A table lease's life and renewal with several app servers (shortened where a takeover is tested). */
  tableLeases?: BuildAppOptions['tableLeases']
  /** The app's logger (tests that read what was logged); default: a silent one unless TEST_LOG_LEVEL says otherwise. */
  logger?: BuildAppOptions['logger']
  /**
   * scrypt's log cost for passwords hashed in this test process (2^N): `testHashingCost` unless
   * given. Production's 2^15 costs 32 MiB and about 100 ms a hash, which sign-ups in every file
   * would pay for nothing; what hashing protects is tested in the unit tests of passwords.ts.
   */
  passwordHashLogCost?: number
}

/** The scrypt log cost the test app hashes passwords with: 2^10, 1 MiB and a few milliseconds a hash. */
export const testHashingCost = 10

/** The real app on a random port with a fresh database and data directory. */
export async function startTestApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  if (!process.env.MAFIA_TEST_PGLITE_TEMPLATE) process.env.MAFIA_TEST_PGLITE_TEMPLATE = inject('pgliteTemplate')
  if (!process.env.MAFIA_TEST_PG_TEMPLATE_PID) process.env.MAFIA_TEST_PG_TEMPLATE_PID = inject('postgresTemplatePid')
  setTestHashingCost(options.passwordHashLogCost ?? testHashingCost)
  const dataDir = await mkdtemp(join(tmpdir(), 'mafia-table-data-'))
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', PUBLIC_URL: 'http://localhost:8080', ...options.env })
  const database = options.database ?? (await createTestDatabase())
  const clock = options.manualClock ? new ManualClock(new Date()) : undefined
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? createLogger({ name: 'test', level: config.logLevel, file: false }),
    rateLimits: options.rateLimits ?? relaxedRateLimits,
    rendererDir: options.rendererDir ?? join(dataDir, 'no-renderer'),
    ...(clock ? { clock } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.tableLeases ? { tableLeases: options.tableLeases } : {}),
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    database,
    config,
    clock,
    dataDir,
    async outbox() {
      const dir = join(dataDir, 'outbox')
      const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort()
      return Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')))
    },
    async close() {
      await app.close()
      if (!options.database) await database.dispose()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** The first link to PUBLIC_URL/<path>/<token> in a mail. */
export function linkIn(mail: string, path: 'confirm' | 'reset'): string {
  // Quoted-printable mails wrap long lines with "=\n"; undo that before searching.
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const match = new RegExp(`https?://[^\\s"<>]+/${path}/([A-Za-z0-9_-]+)`).exec(text)
  if (!match) throw new Error(`no /${path}/ link in mail:\n${mail}`)
  return match[1] as string
}
