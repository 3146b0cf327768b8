import { startServerProcess, stopAfterBudget } from './server-process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { writeHeapSnapshot } from 'node:v8'
import { Server } from 'socket.io'
import { startCpuProfile, type ProfileSummary } from './cpu-profile'
import { request } from '../helpers/requests'
import { closeOpenSockets, connectSocket, type TestSocket } from '../helpers/sockets'
import { createBenchAccounts, createFriendships, createParties, type BenchAccount } from './bench-accounts'
import { startBenchApp } from './bench-app'
import { countPostgres, StatementCounter } from './statement-counter'

// `npm run bench:sockets`: the server's memory per connected, signed-in user. Thousands of sockets
// connect to the app server, each signing in as the renderer does on connect (the online count,
// the current table, friends and requests, chats and parties), every user in a party of 50 with
// four friends; then the same number of sockets connect to a bare Socket.IO server that does
// nothing with them. Each server runs in its own child process with --expose-gc and measures
// itself after a full garbage collection: heap used and RSS once connected, less the same figures
// before, after a warm-up round of sockets that connected and left (so compiled code and the
// database's caches count as the baseline, not per socket). The clients run in this process.
// Loopback only; stops by itself. Options by environment or flag:
//   BENCH_SOCKETS / --sockets=10000   signed-in sockets
//   --warmup=200                      sockets of the warm-up round
//   DATABASE_URL                      PostgreSQL instead of an in-memory PGlite
//   --heap-snapshot=file              also write the app server's heap snapshot once connected
//   --cpu-profile=file                the app server's CPU profile while the sockets connect (slower)

function option(flag: string, variables: string[], fallback: number): number {
  const fromFlag = process.argv.find((arg) => arg.startsWith(`--${flag}=`))?.split('=')[1]
  const fromEnv = variables.map((name) => process.env[name]).find((value) => value !== undefined && value !== '')
  const value = Number(fromFlag ?? fromEnv ?? fallback)
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${flag} must be a positive whole number`)
  return value
}

const socketCount = option('sockets', ['BENCH_SOCKETS'], 10_000)
const warmupCount = Math.min(socketCount, option('warmup', [], 200))
const partySize = 50
const friendsEach = 2
const heapSnapshotFile = process.argv.find((arg) => arg.startsWith('--heap-snapshot='))?.split('=')[1]
const cpuProfileFile = process.argv.find((arg) => arg.startsWith('--cpu-profile='))?.split('=')[1]
const budgetMs = 900_000
/** The goal: heap per signed-in socket at most this many times the bare server's. */
const heapRatioGoal = 1.5

type ServerKind = 'app' | 'bare'
type ToServer = { type: 'measure'; snapshot?: string } | { type: 'profile' } | { type: 'count' } | { type: 'close' }
type FromServer =
  | { type: 'ready'; url: string; accounts: BenchAccount[]; database: string | null }
  | { type: 'memory'; usage: NodeJS.MemoryUsage; sockets: number; snapshot: string | null; profile: ProfileSummary | null; statements: Statements | null }
  | { type: 'profiling' }
  | { type: 'counting' }
  | { type: 'failed'; message: string }

/** The SQL statements the app server ran while the sockets connected: how many, and the most frequent by text. */
interface Statements {
  total: number
  top: Array<[string, number]>
}

/* ---------- a server process ---------- */

/** The process's memory once garbage is collected (a few rounds, with turns between them so finalizers and weak maps settle). */
async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  const collect = (globalThis as { gc?: () => void }).gc
  if (!collect) throw new Error('the server process needs --expose-gc')
  for (let round = 0; round < 4; round++) {
    collect()
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return process.memoryUsage()
}

async function runServer(kind: ServerKind): Promise<void> {
  const send = (message: FromServer) => new Promise<void>((resolve) => (process.send ? process.send(message, undefined, undefined, () => resolve()) : resolve()))
  let socketsNow: () => number
  let close: () => Promise<void>
  let ready: FromServer
  const statements = new StatementCounter()
  if (kind === 'app') {
    countPostgres(statements)
    const { app, database, url, close: closeApp } = await startBenchApp({ name: 'sockets' })
    const accounts = await createBenchAccounts(database.db, socketCount, 'sock')
    await createParties(database.db, accounts, partySize)
    await createFriendships(database.db, accounts, friendsEach)
    socketsNow = () => app.io.engine.clientsCount
    close = closeApp
    ready = { type: 'ready', url, accounts, database: database.kind }
  } else {
    // Socket.IO as it comes: sockets connect and stay, nothing else.
    const httpServer = createServer()
    const io = new Server(httpServer, { path: '/socket.io', serveClient: false })
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', () => resolve()))
    socketsNow = () => io.engine.clientsCount
    close = () => new Promise<void>((resolve) => io.close(() => resolve()))
    ready = { type: 'ready', url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, accounts: [], database: null }
  }
  let profiler: Awaited<ReturnType<typeof startCpuProfile>> | null = null
  process.on('message', (message: ToServer) => {
    const run = async () => {
      if (message.type === 'profile') {
        profiler = await startCpuProfile()
        await send({ type: 'profiling' })
      } else if (message.type === 'count') {
        statements.counting = true
        await send({ type: 'counting' })
      } else if (message.type === 'measure') {
        const counted = statements.counting ? { total: statements.total(), top: [...statements.counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12) } : null
        statements.counting = false
        const profile = profiler && cpuProfileFile ? await profiler.stop(cpuProfileFile) : null
        profiler = null
        const usage = await settledMemory()
        const snapshot = message.snapshot ? writeHeapSnapshot(message.snapshot) : null
        await send({ type: 'memory', usage, sockets: socketsNow(), snapshot, profile, statements: counted })
      } else {
        await close()
        process.exit(0)
      }
    }
    run().catch((error: unknown) => void send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }))
  })
  await send(ready)
}

/* ---------- the clients, in this process ---------- */

const started = performance.now()
/** Progress on stderr, so the printed figures stay clean on stdout. */
const phase = (text: string) => process.stderr.write(`[bench:sockets ${((performance.now() - started) / 1000).toFixed(1)} s] ${text}\n`)

/** A server process and its messages, one at a time; it reads the same options as this process. */
function startServer(kind: ServerKind) {
  return startServerProcess<ToServer, FromServer>(fileURLToPath(import.meta.url), kind, { execArgv: ['--expose-gc'] })
}

/** What the renderer asks on every connect of a signed-in user (realtime/index.ts and its connect hooks): throws on a refusal. */
async function signInAsRenderer(socket: TestSocket): Promise<void> {
  socket.emit('getOnline')
  const answers = await Promise.all([
    request(socket, 'mafia:lobby:in', undefined, 120_000),
    request(socket, 'friends:list', undefined, 120_000),
    request(socket, 'friends:request:check', undefined, 120_000),
    request(socket, 'chats:check', undefined, 120_000),
    request(socket, 'chats:group:check', undefined, 120_000),
  ])
  for (const answer of answers) {
    if (answer && typeof answer === 'object' && 'error' in answer) throw new Error(`a sign-in request was refused: ${String(answer.error)}`)
  }
}

/** Connects a socket per token, `batch` at a time, each doing `then` before the next batch starts. */
async function connectAll(url: string, tokens: string[], then: (socket: TestSocket) => Promise<void>, batch = 100): Promise<TestSocket[]> {
  const sockets: TestSocket[] = []
  for (let index = 0; index < tokens.length; index += batch) {
    const group = await Promise.all(
      tokens.slice(index, index + batch).map(async (token) => {
        const socket = await connectSocket(url, token)
        await then(socket)
        return socket
      }),
    )
    sockets.push(...group)
    if ((index / batch) % 20 === 19) phase(`${sockets.length} of ${tokens.length} connected`)
  }
  return sockets
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Measured {
  baseline: NodeJS.MemoryUsage
  loaded: NodeJS.MemoryUsage
  sockets: number
  connectSeconds: number
  database: string | null
  profile: ProfileSummary | null
  statements: Statements | null
}

/** One server: its baseline after the warm-up round, then its memory with every socket connected. */
async function measureServer(kind: ServerKind): Promise<Measured> {
  const server = startServer(kind)
  try {
    const ready = await server.expect('ready')
    phase(`${kind} server ready${ready.database ? ` (database ${ready.database}, ${ready.accounts.length} users with sessions, parties and friends)` : ''}`)
    const tokens = kind === 'app' ? ready.accounts.map((account) => account.token) : Array.from({ length: socketCount }, (_, index) => `bare${index}`)
    const then = kind === 'app' ? signInAsRenderer : async () => undefined
    // The warm-up round: connect, sign in, leave; then the baseline.
    await connectAll(ready.url, tokens.slice(0, warmupCount), then)
    closeOpenSockets()
    await sleep(1500)
    server.tell({ type: 'measure' })
    const baseline = await server.expect('memory')
    if (baseline.sockets !== 0) throw new Error(`${kind}: ${baseline.sockets} sockets still open after the warm-up`)
    phase(`${kind} baseline: heap ${(baseline.usage.heapUsed / 2 ** 20).toFixed(1)} MB, RSS ${(baseline.usage.rss / 2 ** 20).toFixed(1)} MB; connecting ${socketCount} sockets`)
    if (kind === 'app' && cpuProfileFile) {
      server.tell({ type: 'profile' })
      await server.expect('profiling')
    }
    if (kind === 'app') {
      server.tell({ type: 'count' })
      await server.expect('counting')
    }
    const connectStart = performance.now()
    await connectAll(ready.url, tokens, then)
    const connectSeconds = (performance.now() - connectStart) / 1000
    // Pushes of the last arrivals (online counts, friends coming online) settle first.
    await sleep(2000)
    server.tell({ type: 'measure', ...(kind === 'app' && heapSnapshotFile ? { snapshot: heapSnapshotFile } : {}) })
    const loaded = await server.expect('memory')
    if (loaded.snapshot) phase(`heap snapshot written to ${loaded.snapshot}`)
    phase(`${kind}: ${loaded.sockets} sockets connected in ${connectSeconds.toFixed(1)} s; heap ${(loaded.usage.heapUsed / 2 ** 20).toFixed(1)} MB, RSS ${(loaded.usage.rss / 2 ** 20).toFixed(1)} MB`)
    closeOpenSockets()
    server.tell({ type: 'close' })
    await server.expect('failed').catch(() => undefined)
    return { baseline: baseline.usage, loaded: loaded.usage, sockets: loaded.sockets, connectSeconds, database: ready.database, profile: loaded.profile, statements: loaded.statements }
  } finally {
    closeOpenSockets()
    if (server.child.exitCode === null) server.child.kill()
  }
}

async function runClients(): Promise<void> {
  const watchdog = stopAfterBudget('sockets', budgetMs)
  const loadBefore = loadavg()
  const app = await measureServer('app')
  const bare = await measureServer('bare')

  const kb = (bytes: number) => (bytes / 1024).toFixed(1)
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1)
  const perSocket = (measured: Measured, field: 'heapUsed' | 'rss' | 'external') => (measured.loaded[field] - measured.baseline[field]) / measured.sockets
  console.log(
    `\nSocket memory benchmark: ${socketCount} sockets, each signed in as the renderer does on connect (a party of ${partySize}, ${friendsEach * 2} friends), database ${app.database}, Node ${process.version}, warm-up ${warmupCount} sockets, load average (1, 5, 15 min) before ${loadBefore.map((value) => value.toFixed(1)).join(' ')}, at the end ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  )
  console.log('')
  console.log('| server | sockets | connected in, s | heap used before / after, MB | RSS before / after, MB | heap per socket, KB | RSS per socket, KB | external per socket, KB |')
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
  for (const [title, measured] of [
    ['app (signed in)', app],
    ['bare Socket.IO', bare],
  ] as const) {
    console.log(
      `| ${title} | ${measured.sockets} | ${measured.connectSeconds.toFixed(1)} | ${mb(measured.baseline.heapUsed)} / ${mb(measured.loaded.heapUsed)} | ${mb(measured.baseline.rss)} / ${mb(measured.loaded.rss)} | ${kb(perSocket(measured, 'heapUsed'))} | ${kb(perSocket(measured, 'rss'))} | ${kb(perSocket(measured, 'external'))} |`,
    )
  }
  const heapRatio = perSocket(app, 'heapUsed') / perSocket(bare, 'heapUsed')
  const rssRatio = perSocket(app, 'rss') / perSocket(bare, 'rss')
  console.log('')
  console.log(`ratio (app / bare): heap per socket ${heapRatio.toFixed(2)}x, RSS per socket ${rssRatio.toFixed(2)}x`)
  console.log(`goal: heap per signed-in socket at most ${heapRatioGoal}x the bare server's: ${heapRatio <= heapRatioGoal ? 'met' : 'NOT MET'}`)
  if (app.statements) {
    console.log(`\nSQL statements while the app's sockets connected and signed in: ${app.statements.total}, ${(app.statements.total / app.sockets).toFixed(2)} per socket`)
    for (const [text, count] of app.statements.top) console.log(`  ${String(count).padStart(8)}  ${(count / app.sockets).toFixed(3)}/socket  ${text}`)
  }
  if (app.profile && cpuProfileFile) {
    const ms = (value: number) => value.toFixed(0).padStart(8)
    const share = (value: number) => ((100 * value) / (app.profile as ProfileSummary).totalMs).toFixed(1).padStart(5)
    console.log(`\napp server CPU profile while the sockets connected (${cpuProfileFile}): ${(app.profile.totalMs / 1000).toFixed(1)} s sampled, ${((1000 * app.profile.totalMs) / app.sockets).toFixed(0)} µs per socket`)
    console.log('by package or file:')
    for (const entry of app.profile.places) console.log(`  ${ms(entry.ms)} ms  ${share(entry.ms)} %  ${entry.name}`)
    console.log("the project's functions, with what they call:")
    for (const entry of app.profile.inclusive) console.log(`  ${ms(entry.ms)} ms  ${share(entry.ms)} %  ${entry.name}`)
  }
  console.log(`total time ${((performance.now() - started) / 1000).toFixed(1)} s`)
  clearTimeout(watchdog)
  const complete = app.sockets === socketCount && bare.sockets === socketCount
  if (!complete) console.log(`incomplete: the servers counted ${app.sockets} and ${bare.sockets} sockets of ${socketCount}`)
  process.exit(complete ? 0 : 1)
}

const serverKind = process.argv.find((arg) => arg.startsWith('--server='))?.split('=')[1]
if (serverKind === 'app' || serverKind === 'bare') await runServer(serverKind)
else await runClients()
