import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../db/connection'
import { migrateToLatest } from '../../db/migrate'
import { seedDatabase } from '../../db/seed/seed'
import { startFuzzApp } from './fuzz-app'
import { formatReport, runFuzz } from './harness'

// `npm run fuzz -- --seed 1 --count 100000`: the real app in this process (an in-memory PGlite, or
// DATABASE_URL), generated bad payloads to every HTTP route and socket event, and a report of each
// crash, 5xx, unanswered request and write. Exits 1 when anything was found. Options by flag or
// environment:
//   --seed / FUZZ_SEED        the generator's seed (default 1)
//   --count / FUZZ_COUNT      generated payloads (default 10000), after the fixed corpus
//   --batch / FUZZ_BATCH      refused payloads between two database snapshots (default 100)
//   DATABASE_URL              a PostgreSQL database to fuzz instead (it must be a throwaway one:
//                             the run migrates it and leaves its users, chats and tables behind)

function option(name: string, variable: string, fallback: number): number {
  const position = process.argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))
  const argument = position === -1 ? undefined : (process.argv[position]?.split('=')[1] ?? process.argv[position + 1])
  const value = Number(argument ?? process.env[variable] ?? fallback)
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`)
  return value
}

const seed = option('seed', 'FUZZ_SEED', 1)
const count = option('count', 'FUZZ_COUNT', 10_000)
const batchSize = option('batch', 'FUZZ_BATCH', 100)

const dataDir = await mkdtemp(join(tmpdir(), 'mafia-fuzz-'))
const databaseUrl = process.env.DATABASE_URL
const database = await openDatabase({ databaseUrl })
console.log(`fuzz: seed ${seed}, ${count} payloads, database ${database.kind}`)
await migrateToLatest(database.db)
await seedDatabase(database.db)
const fuzzApp = await startFuzzApp({ database, dataDir })
let exitCode = 1
try {
  const report = await runFuzz(fuzzApp, { seed, count, batchSize, trace: process.env.FUZZ_TRACE === '1', log: (line) => console.log(`fuzz: ${line}`) })
  console.log(formatReport(report))
  exitCode = report.findings.length > 0 || report.unservedRoutes.length > 0 ? 1 : 0
} finally {
  await fuzzApp.app.close()
  await database.db.destroy()
  await rm(dataDir, { recursive: true, force: true })
}
process.exit(exitCode)
