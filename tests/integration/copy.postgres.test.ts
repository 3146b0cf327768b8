import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BinaryCopyWriter, copyIn, copyOut } from '../../db/copy'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'

/** COPY on a PostgreSQL server (db/copy.ts). Only the integration:postgres project selects this file. */
let database: TestDatabase

beforeAll(async () => {
  if (process.env.TEST_DB_KIND !== 'postgres') throw new Error('these tests need a PostgreSQL server: run them in the integration:postgres project')
  database = await createTestDatabase()
  await sql`create table copied (id integer not null, value double precision, label text not null)`.execute(database.db)
})
afterAll(() => database?.dispose())

const withClient = <T>(work: Parameters<NonNullable<TestDatabase['withClient']>>[0]) => (database.withClient as NonNullable<TestDatabase['withClient']>)(work) as Promise<T>

/** `count` rows as a binary COPY stream; row `bad` (if any) has no label, which the table refuses. */
function rows(count: number, bad = -1): Uint8Array {
  const copy = new BinaryCopyWriter()
  const label = new TextEncoder().encode('a label long enough to make the stream several megabytes')
  for (let id = 0; id < count; id += 1) {
    copy.row(3)
    copy.int4(id)
    copy.float8(id / 3)
    if (id === bad) copy.null()
    else copy.text(label)
  }
  return copy.finish()
}

describe('COPY on a PostgreSQL server', () => {
  it('sends a stream of several megabytes in pieces and reads one back whole', async () => {
    const stream = rows(60_000)
    expect(stream.byteLength).toBeGreaterThan(4 << 20)
    await withClient((client) => copyIn(client, 'copy copied (id, value, label) from stdin (format binary)', [stream]))
    const stored = await sql<{ count: number; sum: number }>`select count(*)::integer as count, sum(id)::float8 as sum from copied`.execute(database.db)
    expect(stored.rows[0]).toEqual({ count: 60_000, sum: (59_999 * 60_000) / 2 })
    const back = await withClient<Uint8Array>((client) => copyOut(client, 'copy (select id, value, label from copied order by id) to stdout (format binary)'))
    expect(Buffer.from(back).equals(Buffer.from(stream))).toBe(true)
  })

  it('answers a refused stream with the server’s error, keeps nothing of it, and leaves the connection usable', async () => {
    await sql`truncate copied`.execute(database.db)
    await expect(withClient((client) => copyIn(client, 'copy copied (id, value, label) from stdin (format binary)', [rows(60_000, 50_000)]))).rejects.toThrow(/not-null|null value/)
    expect((await sql<{ count: number }>`select count(*)::integer as count from copied`.execute(database.db)).rows[0]?.count).toBe(0)
    await expect(withClient((client) => client.query('select 1 as one').then((result) => result.rows))).resolves.toEqual([{ one: 1 }])
  })

  it('fails instead of waiting forever when the connection is lost mid-way', async () => {
    const copying = withClient((client) => copyOut(client, 'copy (select pg_sleep(10)) to stdout'))
    // Listened to before the backend goes: its failure may come before the termination's own answer.
    const failed = expect(copying).rejects.toThrow(/terminating connection/)
    await new Promise((resolve) => setTimeout(resolve, 300))
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'copy (select pg_sleep%' and pid <> pg_backend_pid()`.execute(database.db)
    await failed
  })
})
