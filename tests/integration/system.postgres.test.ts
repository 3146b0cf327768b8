import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'

/** The app on a PostgreSQL server: only the integration:postgres project selects this file (build/vitest.config.ts). */
let server: TestApp

beforeAll(async () => {
  if (process.env.TEST_DB_KIND !== 'postgres' || !process.env.TEST_DATABASE_URL) throw new Error('these tests need a PostgreSQL server: run them in the integration:postgres project')
  server = await startTestApp()
})
afterAll(() => server?.close())

describe('the app on a PostgreSQL server', () => {
  it('keeps answering after the database server closed its idle connections', async () => {
    await request(server.url, 'GET', '/api/health')
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(server.database.db)
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    const terminated = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [rows[0]?.name])
    await admin.end()
    expect(terminated.rowCount).toBeGreaterThan(0)
    // The pool drops the closed connections and opens new ones; the process must not crash.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const { status, body } = await request(server.url, 'GET', '/api/health')
    expect(status).toBe(200)
    expect(body).toEqual({ ok: true, db: 'postgres' })
  })
})
