import { PGlite } from '@electric-sql/pglite'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../db/connection'

const { db } = openDatabase({ pglite: new PGlite() })
afterAll(() => db.destroy())

describe('the embedded database under a burst of queries', () => {
  it('lets timers and I/O run between queued queries, so the server keeps answering', async () => {
    await sql`select 1`.execute(db)
    let finished = 0
    const burst = Array.from({ length: 300 }, (_, index) => sql<{ n: number }>`select ${index}::int as n`.execute(db).then(() => (finished += 1)))
    const finishedWhenTimerRan = await new Promise<number>((resolve) => setTimeout(() => resolve(finished), 0))
    await Promise.all(burst)
    expect(finished).toBe(300)
    expect(finishedWhenTimerRan).toBeLessThan(300)
  })

  it('keeps transactions whole and in order while other queries wait their turn', async () => {
    await sql`create table turns (n int not null)`.execute(db)
    const writes = Array.from({ length: 20 }, (_, index) =>
      db.transaction().execute(async (trx) => {
        await sql`insert into turns (n) values (${index})`.execute(trx)
        await sql`insert into turns (n) values (${index + 100})`.execute(trx)
      }),
    )
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into turns (n) values (${-1})`.execute(trx)
      throw new Error('rolled back')
    })
    await Promise.all(writes)
    await expect(failing).rejects.toThrow('rolled back')
    const rows = await sql<{ n: number }>`select n from turns order by n`.execute(db)
    expect(rows.rows.map((row) => row.n)).toEqual([...Array.from({ length: 20 }, (_, index) => index), ...Array.from({ length: 20 }, (_, index) => index + 100)])
  })
})
