import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Kysely } from 'kysely'
import { Migrator } from 'kysely/migration'
import type { Logger } from 'pino'
import { migrations } from './migrations/index'
import type { Database } from './schema'

/** Applies every pending migration in name order; throws on the first failure. */
export async function migrateToLatest(db: Kysely<Database>, logger?: Pick<Logger, 'info' | 'error'>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  for (const result of results ?? []) {
    if (result.status === 'Success') logger?.info({ migration: result.migrationName }, 'migration applied')
    else if (result.status === 'Error') logger?.error({ migration: result.migrationName }, 'migration failed')
  }
  if (error) throw error instanceof Error ? error : new Error(String(error))
}

// `npm run migrate`: migrate the configured database and exit 1 on error.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { loadConfig } = await import('../server/config')
  const { openDatabase } = await import('./connection')
  const { createLogger } = await import('../server/lib/logger')
  const config = loadConfig()
  const logger = createLogger({ name: 'migrate', level: config.logLevel })
  try {
    const { db } = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    try {
      await migrateToLatest(db, logger)
      logger.info('database is up to date')
    } finally {
      await db.destroy()
    }
  } catch (error) {
    logger.error({ err: error }, 'migration failed')
    process.exitCode = 1
  }
}
