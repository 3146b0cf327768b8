import { openDatabase } from '../db/connection'
import { migrateToLatest } from '../db/migrate'
import { seedDatabase } from '../db/seed/seed'
import { buildApp } from './app'
import { loadConfig } from './config'
import { createLogger } from './lib/logger'

// Process entry: config -> database -> migrations and seed -> app -> listen; closes cleanly on a signal.
const config = loadConfig()
const logger = createLogger({ name: 'app', level: config.logLevel, dataDir: config.dataDir })
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onPoolError: (error) => logger.warn({ err: error }, 'an idle database connection was closed by the server'),
})

try {
  await migrateToLatest(database.db, logger)
  await seedDatabase(database.db)
  const app = await buildApp({ config, database, logger })
  await app.listen({ port: config.port, host: config.host })
  logger.info({ port: config.port, db: database.kind }, 'Mafia Table is listening')

  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'shutting down')
    await app.close()
    await database.db.destroy()
    process.exit(0)
  }
  process.on('SIGINT', () => void close('SIGINT'))
  process.on('SIGTERM', () => void close('SIGTERM'))
} catch (error) {
  logger.fatal({ err: error }, 'failed to start')
  await database.db.destroy().catch(() => undefined)
  process.exit(1)
}
