import { PGlite } from '@electric-sql/pglite'
import { sql } from 'kysely'
import { openDatabase } from '../../db/connection'

// `npm run bench:db`: how long one slow query (about a second of PGlite's work) stalls the server's event
// loop, with PGlite in this thread (as the app ran it before) and in its own thread (as it runs now).
// A 5 ms timer ticks meanwhile; the longest gap between its ticks is the stall every socket and request saw.
const rows = Number(process.env.BENCH_ROWS ?? 2_000_000)
const slowQuery = `select count(*) from generate_series(1, ${rows}) as a(n) where n % 7 = 3`

async function measure(run: () => Promise<unknown>): Promise<{ queryMs: number; longestGapMs: number }> {
  let last = performance.now()
  let longestGap = 0
  const ticker = setInterval(() => {
    const now = performance.now()
    longestGap = Math.max(longestGap, now - last)
    last = now
  }, 5)
  const started = performance.now()
  await run()
  const queryMs = performance.now() - started
  // One more tick, so a stall at the very end is counted.
  await new Promise((resolve) => setTimeout(resolve, 20))
  clearInterval(ticker)
  return { queryMs, longestGapMs: longestGap }
}

const format = (ms: number) => `${ms.toFixed(0)} ms`

const inProcess = new PGlite()
await inProcess.query('select 1')
await inProcess.query(slowQuery) // warm-up
const before = await measure(() => inProcess.query(slowQuery))
await inProcess.close()

const database = await openDatabase({})
await sql.raw('select 1').execute(database.db)
await sql.raw(slowQuery).execute(database.db) // warm-up
const after = await measure(() => sql.raw(slowQuery).execute(database.db))
await database.close()

console.log(`one slow query (${rows.toLocaleString('en')} rows of generate_series), event loop ticking every 5 ms:`)
console.log('| PGlite | query | longest event-loop stall |')
console.log('|---|---|---|')
console.log(`| in the server thread | ${format(before.queryMs)} | ${format(before.longestGapMs)} |`)
console.log(`| in its own thread | ${format(after.queryMs)} | ${format(after.longestGapMs)} |`)
