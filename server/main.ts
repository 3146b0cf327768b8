import { openDatabase } from '../db/connection'
import { migrateToLatest } from '../db/migrate'
import { seedDatabase } from '../db/seed/seed'
import { DatabaseStartError } from '../db/start-errors'
import { exitCodes } from './exit-codes'
import { loadConfig } from './config'
import { createLogger } from './lib/logger'

// Process entry: config -> database -> migrations and seed -> app -> listen; closes cleanly on a signal.
// The app's modules are imported once the database is open: a server that cannot open DATA_DIR
// (another server holds it, it cannot be written, it is corrupt) says so and stops at once, without
// first loading every module it will not run.
const config = loadConfig()
// Until DATA_DIR is known to be writable, messages go to stdout only (the log file lives in DATA_DIR).
const startLogger = createLogger({ name: 'app', level: config.logLevel })

let database
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => logger.warn({ err: error }, 'a database connection was closed; the pool opens a new one for the next query'),
    // PGlite's thread is gone: every query would wait forever, so the server stops and a supervisor restarts it.
    onPgliteExit: (error) => {
      logger.fatal({ err: error }, 'the embedded database stopped; the server stops too')
      logger.flush(() => process.exit(exitCodes.databaseDied))
    },
  })
} catch (error) {
  if (error instanceof DatabaseStartError) {
    startLogger.fatal(error.message)
    process.exit(exitCodes[error.reason])
  }
  startLogger.fatal({ err: error }, 'failed to open the database')
  process.exit(exitCodes.failed)
}
const logger = createLogger({ name: 'app', level: config.logLevel, dataDir: config.dataDir })

try {
  await migrateToLatest(database.db, logger)
  await seedDatabase(database.db)
  const { buildApp } = await import('./app')
  const app = await buildApp({ config, database, logger })
  await app.listen({ port: config.port, host: config.host })
  logger.info({ port: config.port, db: database.kind }, 'Mafia Table is listening')
  // The log service beside it, in this process: the same sessions decide who is an admin.
  // A taken port costs the log service's own address only: the app's origin still answers its calls.
  await app.logService.server
    .listen({ port: config.logServicePort, host: config.host })
    .then(() => logger.info({ port: config.logServicePort }, 'the log service is listening'))
    .catch((error: unknown) => logger.error({ err: error, port: config.logServicePort }, 'the log service could not listen on LOG_SERVICE_PORT; its calls are answered on the app server only'))

  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'shutting down')
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void close('SIGINT'))
  process.on('SIGTERM', () => void close('SIGTERM'))
} catch (error) {
  logger.fatal({ err: error }, 'failed to start')
  await database.close().catch(() => undefined)
  process.exit(exitCodes.failed)
}
