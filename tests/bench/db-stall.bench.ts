import { PGlite } from '@electric-sql/pglite'
import { sql } from 'kysely'
import pg from 'pg'
import { openDatabase } from '../../db/connection'
import { startPgliteWorker } from '../../db/pglite-host'

// `npm run bench:db`, three figures of the embedded database:
// - how long one slow query (about a second of PGlite's work) stalls the server's event loop, with
//   PGlite in this thread (as the app ran it before) and in its own thread (as it runs now). A 5 ms
//   timer ticks meanwhile; the longest gap between its ticks is the stall every socket and request saw;
// - the CPU one small statement costs the server's thread and the database's together, with the
//   thread running a statement whole and answering it in one write (as now) and running and
//   answering each protocol message on its own (as pglite-socket does), rounds of each taking turns;
// - the CPU of a move's insert into the game's record with its events stored as `json` (now) and as
//   `jsonb` (before), rounds of each taking turns.
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

/** CPU time (ms) this process has used so far, every thread's: the server's and the database's. */
const processCpuMs = () => {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

const statementsPerRound = Number(process.env.BENCH_STATEMENTS ?? 3_000)
const eventText = JSON.stringify({ type: 'voted', by: 4, target: 7, at: Date.now(), extra: 'x'.repeat(300) })
/** The kinds of small statement measured: a parameterised select (the extended protocol), and an insert of eight rows written out (the simple one, as a move's). */
const statementKinds = {
  'parameterised select by key': (client: pg.Client, index: number) => client.query({ text: 'select id, note from notes where id = $1', values: [1 + (index % 1000)] }),
  'insert of 8 rows, values written out': (client: pg.Client, index: number) =>
    client.query(`insert into events (id, event) values ${Array.from({ length: 8 }, (_, row) => `(${index * 8 + row}, '${eventText}'::jsonb)`).join(', ')}`),
}

/**
 * The game's events as they are stored (`json`, migration 0022) and as they were (`jsonb`): a move's
 * insert of seven events of about 300 characters, the size of a busy move in `bench:game`.
 */
const eventColumnTypes = ['json', 'jsonb'] as const
const eventsPerMove = 7
const gameEventText = (version: number) =>
  JSON.stringify({ type: 'phase_started', version, at: 1_760_000_000_000 + version, phase: 'day_speech', day: 2, speaker: 3, deadline: 1_760_000_060_000 + version, order: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], nominations: [{ by: 1, target: 4 }], votes: [{ voter: 1, candidate: 3 }, { voter: 2, candidate: 3 }] })

async function statementCpu(answerEachMessage: boolean) {
  const worker = await startPgliteWorker({ answerEachMessage })
  const client = new pg.Client({ host: worker.address.host, port: worker.address.port, user: 'postgres', database: 'postgres' })
  await client.connect()
  await client.query(`create table notes (id integer primary key, note text); insert into notes select n, 'note ' || n from generate_series(1, 1000) n`)
  await client.query('create table events (id integer primary key, event jsonb not null)')
  for (const type of eventColumnTypes) {
    await client.query(`create table game_events_${type} (lobby_id integer not null, version integer not null, type text not null, event ${type} not null, created_at timestamptz not null default now(), primary key (lobby_id, version))`)
  }
  return {
    /** Runs a round of one kind of statement; answers the CPU per statement, ms. */
    async round(kind: keyof typeof statementKinds, round: number): Promise<number> {
      const run = statementKinds[kind]
      const before = processCpuMs()
      for (let index = 0; index < statementsPerRound; index++) await run(client, round * statementsPerRound + index)
      return (processCpuMs() - before) / statementsPerRound
    },
    /** Inserts a round of moves of seven events each into the game's event table with this column type; answers the CPU per insert, ms. */
    async eventRound(type: (typeof eventColumnTypes)[number], round: number): Promise<number> {
      const before = processCpuMs()
      for (let index = 0; index < statementsPerRound; index++) {
        const first = (round * statementsPerRound + index) * eventsPerMove
        const values = Array.from({ length: eventsPerMove }, (_, row) => `(${1 + ((first + row) % 200)}, ${first + row}, 'phase_started', '${gameEventText(first + row)}'::${type})`)
        await client.query(`insert into game_events_${type} (lobby_id, version, type, event) values ${values.join(', ')}`)
      }
      return (processCpuMs() - before) / statementsPerRound
    },
    async close() {
      await client.end()
      await worker.stop()
    },
  }
}

const oneWrite = await statementCpu(false)
const eachMessage = await statementCpu(true)
const rounds = 4
const cpu = { oneWrite: new Map<string, number[]>(), eachMessage: new Map<string, number[]>() }
for (const kind of Object.keys(statementKinds) as Array<keyof typeof statementKinds>) {
  for (let round = 0; round < rounds; round++) {
    // The first round of each warms up (plans, the JIT) and is not counted.
    for (const [way, database] of [['oneWrite', oneWrite], ['eachMessage', eachMessage]] as const) {
      const ms = await database.round(kind, round)
      if (round > 0) cpu[way].set(kind, [...(cpu[way].get(kind) ?? []), ms])
    }
  }
}
const eventCpu = new Map<string, number[]>()
for (let round = 0; round < rounds; round++) {
  for (const type of eventColumnTypes) {
    const ms = await oneWrite.eventRound(type, round)
    if (round > 0) eventCpu.set(type, [...(eventCpu.get(type) ?? []), ms])
  }
}
await oneWrite.close()
await eachMessage.close()
const median = (values: number[] | undefined) => (values?.length ? [...values].sort((a, b) => a - b)[values.length >> 1] : undefined)

console.log(`one slow query (${rows.toLocaleString('en')} rows of generate_series), event loop ticking every 5 ms:`)
console.log('| PGlite | query | longest event-loop stall |')
console.log('|---|---|---|')
console.log(`| in the server thread | ${format(before.queryMs)} | ${format(before.longestGapMs)} |`)
console.log(`| in its own thread | ${format(after.queryMs)} | ${format(after.longestGapMs)} |`)

console.log(`\nCPU of both threads per statement through the database's thread (${statementsPerRound.toLocaleString('en')} statements a round, median of ${rounds - 1} rounds):`)
console.log("| statement | run whole, answered in one write | run and answered per message | whole / per message |")
console.log('|---|---|---|---|')
for (const kind of Object.keys(statementKinds)) {
  const together = median(cpu.oneWrite.get(kind))
  const apart = median(cpu.eachMessage.get(kind))
  const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(3)} ms`)
  console.log(`| ${kind} | ${ms(together)} | ${ms(apart)} | ${together !== undefined && apart ? (together / apart).toFixed(2) : 'n/a'} |`)
}

const asJson = median(eventCpu.get('json'))
const asJsonb = median(eventCpu.get('jsonb'))
console.log(`\nCPU of both threads per insert of a move's ${eventsPerMove} events into the game's record (median of ${rounds - 1} rounds):`)
console.log('| events stored as | CPU per insert |')
console.log('|---|---|')
console.log(`| json (now) | ${asJson?.toFixed(3) ?? 'n/a'} ms |`)
console.log(`| jsonb (before) | ${asJsonb?.toFixed(3) ?? 'n/a'} ms |`)
if (asJson !== undefined && asJsonb) console.log(`json / jsonb: ${(asJson / asJsonb).toFixed(2)}`)
