import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { KyselyPlugin } from 'kysely'
import { openDatabase, type DatabaseHandle } from '../../db/connection'
import { migrateToLatest } from '../../db/migrate'
import { seedDatabase } from '../../db/seed/seed'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { createLogger } from '../../server/lib/logger'
import type { SocketLimits } from '../../server/plugins/rate-limit'

export interface BenchApp {
  app: FastifyInstance
  database: DatabaseHandle
  /** http://127.0.0.1:<port> */
  url: string
  close(): Promise<void>
}

const unlimited = { max: 10_000_000, window: 60_000 }

/**
 * The app server a benchmark measures: a fresh database (PostgreSQL with DATABASE_URL, else PGlite in
 * memory, or in a temporary DATA_DIR with `onDisk`), migrated and seeded, silent, listening on
 * loopback. Every simulated user comes from this one address, so the per-address limits are lifted;
 * per-user limits keep their defaults unless `sockets` changes them. `beforeListen` adds routes;
 * `plugins` see every query the app makes (not the benchmark's own setup through `database`).
 */
export async function startBenchApp(options: { name: string; onDisk?: boolean; sockets?: Partial<SocketLimits>; beforeListen?: (app: FastifyInstance) => void; plugins?: KyselyPlugin[] }): Promise<BenchApp> {
  const dataDir = await mkdtemp(join(tmpdir(), `mafia-bench-${options.name}-`))
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) })
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: options.onDisk ? dataDir : undefined })
  await migrateToLatest(database.db)
  await seedDatabase(database.db)
  const appDb = (options.plugins ?? []).reduce((db, plugin) => db.withPlugin(plugin), database.db)
  const app = await buildApp({
    config,
    database: { ...database, db: appDb },
    logger: createLogger({ name: 'bench', level: 'silent', file: false }),
    rateLimits: {
      global: unlimited,
      authPerIp: unlimited,
      authPerAccount: unlimited,
      lockout: { failures: 5, duration: 60_000 },
      sockets: { handshakePerAddress: { max: unlimited.max, windowMs: unlimited.window }, ...options.sockets },
    },
  })
  options.beforeListen?.(app)
  await app.listen({ port: 0, host: '127.0.0.1' })
  return {
    app,
    database,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
