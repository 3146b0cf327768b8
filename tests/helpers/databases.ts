import { readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../db/connection'
import { migrateToLatest } from '../../db/migrate'
import { seedDatabase } from '../../db/seed/seed'

/** Where global setup leaves the migrated, seeded PGlite data directory for every suite to load. */
export const pgliteTemplateFile = join(tmpdir(), `mafia-table-template-${process.ppid}-${process.env.VITEST_POOL_ID ?? 'x'}.tar`)
export const templateFileFromEnv = () => process.env.MAFIA_TEST_PGLITE_TEMPLATE ?? inject('pgliteTemplate') ?? pgliteTemplateFile
/**
 * The PostgreSQL template of this test run. Global setup names it after its own process, so two runs on
 * one server (a developer's and CI's) never drop each other's template.
 */
export const postgresTemplateName = (setupPid: string | number = process.env.MAFIA_TEST_PG_TEMPLATE_PID ?? inject('postgresTemplatePid')) => `mafia_table_template_${setupPid}`

function postgresUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/** An admin connection to the server's maintenance database, for CREATE/DROP DATABASE. */
function adminConnection(baseUrl: string): Kysely<any> {
  return new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: baseUrl, max: 1 }) }) })
}

/** Drops this run's PostgreSQL template (global teardown). */
export async function dropPostgresTemplate(postgresUrl: string, name: string): Promise<void> {
  const admin = adminConnection(postgresUrl)
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin)
  await admin.destroy()
}

/** Builds both templates once per test run (called from global setup). */
export async function prepareTemplates(options: { templateFile: string; postgresUrl?: string; postgresTemplate: string }): Promise<void> {
  // Side by side: PGlite works on its own thread and PostgreSQL in its server, so neither waits for the other.
  const embedded = async () => {
    const handle = await openDatabase({})
    await migrateToLatest(handle.db)
    await seedDatabase(handle.db)
    // Every test database starts from this folder, and PGlite zeroes its whole buffer pool at each
    // start: the default 128 MB was a quarter of a test database's start (about 0.3 of 1.3 s). A test
    // database holds a few megabytes, so 16 MB keeps all of it cached.
    await sql`alter system set shared_buffers = '16MB'`.execute(handle.db)
    await writeFile(options.templateFile, await (handle.dumpPglite as () => Promise<Uint8Array>)())
    await handle.close()
  }
  const server = async (postgresUrl: string) => {
    const admin = adminConnection(postgresUrl)
    await sql`drop database if exists ${sql.id(options.postgresTemplate)} with (force)`.execute(admin)
    await sql`create database ${sql.id(options.postgresTemplate)}`.execute(admin)
    await admin.destroy()
    const template = await openDatabase({ databaseUrl: postgresUrlFor(postgresUrl, options.postgresTemplate) })
    await migrateToLatest(template.db)
    await seedDatabase(template.db)
    await template.db.destroy()
  }
  await Promise.all([embedded(), options.postgresUrl ? server(options.postgresUrl) : undefined])
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and drops the per-suite database. */
  dispose(): Promise<void>
}

/** A fresh, migrated and seeded database for one suite, of the kind the test project runs on. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const kind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite'
  if (kind === 'pglite') {
    const dump = await readFile(templateFileFromEnv())
    const handle = await openDatabase({ pgliteDump: dump })
    return { ...handle, dispose: () => handle.close() }
  }
  const baseUrl = process.env.TEST_DATABASE_URL as string
  const name = `mafia_table_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = adminConnection(baseUrl)
  await sql`create database ${sql.id(name)} template ${sql.id(postgresTemplateName())}`.execute(admin)
  await admin.destroy()
  const handle = await openDatabase({ databaseUrl: postgresUrlFor(baseUrl, name) })
  return {
    ...handle,
    async dispose() {
      await handle.close()
      const cleanup = adminConnection(baseUrl)
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(cleanup)
      await cleanup.destroy()
    },
  }
}
