import autocannon from 'autocannon'
import { createUserWithSession } from '../helpers/users'
import { startBenchApp } from './bench-app'

// `npm run bench:http`: an authenticated GET /api/auth (session lookup, ban check, user serialisation)
// beside a bare Fastify route served by the same process, same hooks, same run.
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)

// PGlite on disk (a temporary DATA_DIR), as a server runs it.
const { database, url: base, close } = await startBenchApp({
  name: 'http',
  onDisk: true,
  beforeListen: (app) => app.get('/api/bench/bare', async () => ({ ok: true })),
})
const { token } = await createUserWithSession(database.db)

async function run(title: string, path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: `${base}${path}`, connections, duration: seconds, headers })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  return { title, requestsPerSecond: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 }
}

// Warm up both paths so JIT and the connection pool are ready before measuring.
await autocannon({ url: `${base}/api/bench/bare`, connections, duration: 2 })
await autocannon({ url: `${base}/api/auth`, connections, duration: 2, headers: { authorization: `Bearer ${token}` } })

const bare = await run('bare Fastify route', '/api/bench/bare')
const authenticated = await run('GET /api/auth (authenticated)', '/api/auth', { authorization: `Bearer ${token}` })

console.log(`\nHTTP benchmark: ${connections} connections, ${seconds} s each, database ${database.kind}, Node ${process.version}`)
console.log('| route | requests/s | p50 ms | p99 ms |')
console.log('|---|---:|---:|---:|')
for (const row of [bare, authenticated]) console.log(`| ${row.title} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} |`)
console.log(`ratio (authenticated / bare): throughput ${(authenticated.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}, p99 latency ${(authenticated.p99 / Math.max(bare.p99, 1)).toFixed(2)}x`)

await close()
