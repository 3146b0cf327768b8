import { startServerProcess, stopAfterBudget } from './server-process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { Server } from 'socket.io'
import { io as connect, type Socket } from 'socket.io-client'
import { chatLimits } from '../../server/contract/socket/chats'
import { createBenchAccounts } from './bench-accounts'
import { startCpuProfile, type ProfileSummary } from './cpu-profile'
import { startBenchApp } from './bench-app'
import { percentile } from './percentile'

// `npm run bench:chat`: how many chat messages a second the app carries. Thousands of signed-in
// sockets are connected to the app server; 50 of them are members of one party chat and send into
// it (validated, counted against the sender's allowance, stored, acked, pushed to the other 49).
// The offered rate doubles until the p99 from a send to its arrival at every other member passes
// the goal (50 ms), a message is refused or lost, or the server falls behind the offered rate; then
// it is bisected between the last rate carried and the first one not (a rate missed without a refusal
// or a lost message is tried twice; a start rate not carried is halved until one is). The same ramp runs against a
// bare Socket.IO server holding as many sockets that only acks and relays to a room of 50. Each
// server runs in its own child process (so it can be profiled alone); the clients run in this one.
// The per-user sending allowance (`chat:send`, 5 a second) is raised: the benchmark looks for the
// server's limit, not the product's per-user cap. Loopback only; stops by itself.
//
// What the app's path costs beyond the relay's: each message is checked and stored before its ack
// and push, but messages that arrive while a write is in flight are stored together in one
// statement (group commit, `server/modules/chats/README.md`), so a busy chat pays a database round
// trip per batch, not per message. What is left is the round trip's latency (a few ms on PGlite),
// the request's checks (session, allowance, schema) and a larger message. Both servers spend most of
// their time writing the same frame to 49 sockets (`writev`). On a shared two-core machine the
// figures of one run move by a factor of two: compare the two servers of the same run, and run twice.
// Each step also prints the server's CPU time per accepted message (every thread of its process,
// PGlite's included) and how busy its main thread was: those move far less with the machine's load.
// Options by flag (or environment):
//   --sockets=2000 (BENCH_SOCKETS)  signed-in sockets, or a list run one after the other: --sockets=2000,10000
//   --step-seconds=4                how long each offered rate runs
//   --start-rate=25                 the first offered rate, messages/s
//   --max-rate=50000                the ramp stops here
//   --p99=50                        the latency goal, ms
//   --cpu-profile=file              the app server's CPU profile during its ramp (slower)
//   DATABASE_URL                    PostgreSQL instead of PGlite in a temporary DATA_DIR

function flag(name: string): string | undefined {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
}

function wholeNumber(name: string, text: string | undefined, fallback: number): number {
  const value = Number(text ?? fallback)
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`)
  return value
}

const socketCounts = (flag('sockets') ?? process.env.BENCH_SOCKETS ?? '2000').split(',').map((text) => wholeNumber('sockets', text, 2000))
const stepSeconds = wholeNumber('step-seconds', flag('step-seconds'), 4)
const startRate = wholeNumber('start-rate', flag('start-rate'), 25)
const maxRate = wholeNumber('max-rate', flag('max-rate'), 50_000)
const p99GoalMs = wholeNumber('p99', flag('p99'), 50)
const cpuProfileFile = flag('cpu-profile')
const members = 50
/** Bisection stops when the rate carried and the rate not carried are this close. */
const bisectUntil = 1.1
/** How long the last messages of a step may take to arrive before the missing ones count as lost. */
const drainMs = 3000
/** How long the server's CPU is measured with every socket connected and nothing sent. */
const idleMs = 5000
/**
 * The pause between the last socket's connection and the idle measurement: the first seconds after
 * 2,000 sockets connect still carry their connections' work (the app's main thread: about 100 ms of
 * CPU a second in the first 5 s, then none), which is not what a server costs while idle.
 */
const settleMs = 5000
const ackTimeoutMs = 5000
const budgetMs = 1_800_000

type ServerKind = 'app' | 'bare'
type ToServer = { type: 'profile' } | { type: 'usage' } | { type: 'close' }
/** The server process's CPU time so far, every thread (PGlite's included) and its main thread's alone, and the main thread's busy time, in ms. */
interface Usage {
  cpuMs: number
  mainCpuMs: number
  mainBusyMs: number
}

/** The main thread's own CPU time, from Linux's per-thread counters (NaN elsewhere): the rest of the process's is its other threads'. */
function mainThreadCpuMs(): number {
  try {
    // /proc/<pid>/task/<pid>/stat: the fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in ticks of 10 ms.
    const fields = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return Number.NaN
  }
}
type FromServer =
  | { type: 'ready'; url: string; tokens: string[]; partyId: number; database: string | null }
  | { type: 'profiling' }
  | ({ type: 'usage' } & Usage)
  | { type: 'closed'; stored: number | null; profile: ProfileSummary | null }
  | { type: 'failed'; message: string }

/* ---------- a server process ---------- */

async function runServer(kind: ServerKind, socketCount: number): Promise<void> {
  const send = (message: FromServer) => new Promise<void>((resolve) => (process.send ? process.send(message, undefined, undefined, () => resolve()) : resolve()))
  let close: () => Promise<number | null>
  let ready: FromServer
  if (kind === 'app') {
    // The sending allowance is still counted on every message, so the limiter's work stays in the measured path.
    // The embedded database in a DATA_DIR on disk, as the server runs it: in memory its files grow by
    // copying themselves whole, which held its thread for tens of ms at a time as they grew.
    const { database, url, close: closeApp } = await startBenchApp({ name: 'chat', onDisk: true, sockets: { requests: { 'chat:send': { max: 1_000_000, windowMs: 1000 } } } })
    const accounts = await createBenchAccounts(database.db, socketCount, 'chat')
    const party = await database.db
      .insertInto('chats')
      .values({ type: 3, owner_id: accounts[0]?.id as number })
      .returning('id')
      .executeTakeFirstOrThrow()
    await database.db
      .insertInto('chat_members')
      .values(accounts.slice(0, members).map((account) => ({ chat_id: party.id, user_id: account.id })))
      .execute()
    close = async () => {
      const stored = await database.db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('chat_id', '=', party.id)
        .executeTakeFirstOrThrow()
      await closeApp()
      return Number(stored.count)
    }
    ready = { type: 'ready', url, tokens: accounts.map((account) => account.token), partyId: party.id, database: database.kind }
  } else {
    // A bare relay: the first 50 sockets join one room; a message is acked and relayed to the room.
    const httpServer = createServer()
    const io = new Server(httpServer, { path: '/socket.io', serveClient: false })
    io.on('connection', (socket) => {
      if ((socket.handshake.auth as { member?: boolean }).member) void socket.join('party')
      socket.on('msg', (payload: { text: string }, ack?: (answer: { ok: true }) => void) => {
        ack?.({ ok: true })
        socket.to('party').emit('msg', payload)
      })
    })
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', () => resolve()))
    close = () => new Promise<null>((resolve) => io.close(() => resolve(null)))
    ready = { type: 'ready', url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, tokens: [], partyId: 0, database: null }
  }
  let profiler: Awaited<ReturnType<typeof startCpuProfile>> | null = null
  process.on('message', (message: ToServer) => {
    const run = async () => {
      if (message.type === 'profile') {
        profiler = await startCpuProfile()
        await send({ type: 'profiling' })
      } else if (message.type === 'usage') {
        const cpu = process.cpuUsage()
        await send({ type: 'usage', cpuMs: (cpu.user + cpu.system) / 1000, mainCpuMs: mainThreadCpuMs(), mainBusyMs: performance.eventLoopUtilization().active })
      } else {
        const profile = profiler && cpuProfileFile ? await profiler.stop(cpuProfileFile) : null
        const stored = await close()
        await send({ type: 'closed', stored, profile })
        process.exit(0)
      }
    }
    run().catch((error: unknown) => void send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }))
  })
  await send(ready)
}

/* ---------- the clients, in this process ---------- */

type AnySocket = Socket<any, any>

const started = performance.now()
/** Progress on stderr, so the printed figures stay clean on stdout. */
const phase = (text: string) => process.stderr.write(`[bench:chat ${((performance.now() - started) / 1000).toFixed(1)} s] ${text}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A server process and its messages, one at a time. */
function startServer(kind: ServerKind, socketCount: number) {
  return startServerProcess<ToServer, FromServer>(fileURLToPath(import.meta.url), kind, { extraFlags: [`--count=${socketCount}`] })
}

/** Connects sockets a batch at a time, so the handshakes do not all land at once. */
async function connectAll(url: string, auths: Array<Record<string, unknown>>, batch = 100): Promise<AnySocket[]> {
  const sockets: AnySocket[] = []
  for (let index = 0; index < auths.length; index += batch) {
    const group = auths.slice(index, index + batch).map(
      (auth) =>
        new Promise<AnySocket>((resolve, reject) => {
          const socket: AnySocket = connect(url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, forceNew: true })
          socket.once('connect', () => resolve(socket))
          socket.once('connect_error', reject)
        }),
    )
    sockets.push(...(await Promise.all(group)))
    if ((index / batch) % 20 === 19) phase(`${sockets.length} of ${auths.length} connected`)
  }
  return sockets
}

function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 0.5)
}

interface Step {
  offered: number
  sent: number
  refused: number
  delivered: number
  expected: number
  /** Messages accepted per second, over the time from the first send to the last ack. */
  accepted: number
  p50: number
  p99: number
  carried: boolean
  /** The server's CPU time per accepted message, every thread (ms): steadier than rates on a shared machine. */
  cpuPerMessage: number
  /** The main thread's share of it (ms). */
  mainCpuPerMessage: number
  /** The share of the step's time the server's main thread was busy. */
  mainBusy: number
}

interface Party {
  sockets: AnySocket[]
  receiveEvent: string
  textOf: (payload: any) => string
  send: (socket: AnySocket, text: string) => Promise<boolean>
  usage: () => Promise<Usage>
}

let stepNumber = 0

/**
 * Offers `rate` messages a second for `stepSeconds`, round-robin from the members, each message
 * tagged with the step and its number; every other member records how long it took to arrive.
 */
async function offer(party: Party, rate: number): Promise<Step> {
  stepNumber += 1
  const tag = `s${stepNumber}:`
  const sentAt = new Map<string, number>()
  const latencies: number[] = []
  const listener = (payload: unknown) => {
    const at = sentAt.get(party.textOf(payload))
    if (at !== undefined) latencies.push(performance.now() - at)
  }
  for (const socket of party.sockets) socket.on(party.receiveEvent, listener)
  let sent = 0
  let refused = 0
  let lastAck = 0
  const pending: Array<Promise<void>> = []
  const usageBefore = await party.usage()
  const begin = performance.now()
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = performance.now() - begin
      const due = Math.min(rate * stepSeconds, Math.floor((elapsed / 1000) * rate))
      while (sent < due) {
        const sender = party.sockets[sent % party.sockets.length] as AnySocket
        const text = `${tag}${sent}`
        sentAt.set(text, performance.now())
        sent += 1
        pending.push(
          party.send(sender, text).then((ok) => {
            if (!ok) refused += 1
            lastAck = performance.now()
          }),
        )
      }
      if (elapsed >= stepSeconds * 1000) {
        clearInterval(tick)
        resolve()
      }
    }, 2)
  })
  await Promise.all(pending)
  const expected = (sent - refused) * (party.sockets.length - 1)
  const drainUntil = performance.now() + drainMs
  while (latencies.length < expected && performance.now() < drainUntil) await sleep(20)
  const usageAfter = await party.usage()
  const stepMs = performance.now() - begin
  for (const socket of party.sockets) socket.off(party.receiveEvent, listener)
  const sorted = latencies.sort((a, b) => a - b)
  const accepted = (sent - refused) / ((lastAck - begin) / 1000)
  const p99 = percentile(sorted, 0.99)
  // Carried: every message accepted and delivered, the server kept up with the offer, p99 within the goal.
  const carried = refused === 0 && latencies.length >= expected && accepted >= 0.95 * rate && p99 <= p99GoalMs
  const cpuPerMessage = (usageAfter.cpuMs - usageBefore.cpuMs) / Math.max(1, sent - refused)
  const mainCpuPerMessage = (usageAfter.mainCpuMs - usageBefore.mainCpuMs) / Math.max(1, sent - refused)
  const mainBusy = (usageAfter.mainBusyMs - usageBefore.mainBusyMs) / stepMs
  return { offered: rate, sent, refused, delivered: latencies.length, expected, accepted, p50: percentile(sorted, 0.5), p99, carried, cpuPerMessage, mainCpuPerMessage, mainBusy }
}

/** Doubles the offered rate until a step is not carried, then bisects; returns every step and the highest carried. */
async function ramp(title: string, party: Party): Promise<{ warmup: Step; steps: Step[]; best: Step | null }> {
  const steps: Step[] = []
  let best: Step | null = null
  let failedAt: number | null = null
  const once = async (rate: number) => {
    const step = await offer(party, rate)
    steps.push(step)
    phase(
      `${title}: ${rate} msg/s offered: p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, accepted ${step.accepted.toFixed(0)}/s, refused ${step.refused}, delivered ${step.delivered}/${step.expected}, server CPU ${step.cpuPerMessage.toFixed(3)} ms/msg (main thread ${step.mainCpuPerMessage.toFixed(3)}), main thread ${(100 * step.mainBusy).toFixed(0)} % busy: ${step.carried ? 'carried' : 'not carried'}`,
    )
    // A server that fell behind is left to catch up before the next step.
    await sleep(step.carried ? 500 : 3000)
    return step
  }
  // A rate missed without a refusal or a lost message (too late, or behind the offer) is tried once
  // more: on a shared machine one stall of another process delays every message in flight and
  // holds back the acks for a while, which is not the server's limit.
  const run = async (rate: number) => {
    const step = await once(rate)
    const retry = !step.carried && step.refused === 0 && step.delivered >= step.expected
    return retry ? once(rate) : step
  }
  // A warm-up step, not counted: the first messages compile the send and deliver path on both sides.
  const warmup = await offer(party, startRate)
  await sleep(500)
  for (let rate = startRate; rate <= maxRate; rate *= 2) {
    const step = await run(rate)
    if (!step.carried) {
      failedAt = rate
      break
    }
    best = step
  }
  // A start rate not carried (a loaded machine) is halved until one is, so the ramp still finds a figure.
  for (let rate = Math.floor(startRate / 2); best === null && rate >= 1; rate = Math.floor(rate / 2)) {
    const step = await run(rate)
    if (step.carried) best = step
    else failedAt = rate
  }
  let low = best?.offered ?? 0
  let high = failedAt
  while (high !== null && low > 0 && high / low > bisectUntil) {
    const rate = Math.round((low + high) / 2)
    const step = await run(rate)
    if (step.carried) {
      best = step
      low = rate
    } else high = rate
  }
  return { warmup, steps, best }
}

interface Measured {
  kind: ServerKind
  sockets: number
  connectSeconds: number
  /** CPU ms a second with every socket connected and nothing sent. */
  idleCpu: number
  warmup: Step
  steps: Step[]
  best: Step | null
  stored: number | null
  database: string | null
  profile: ProfileSummary | null
}

async function measureServer(kind: ServerKind, socketCount: number): Promise<Measured> {
  const server = startServer(kind, socketCount)
  const opened: AnySocket[] = []
  try {
    const ready = await server.expect('ready')
    phase(`${kind} server ready${ready.database ? ` (database ${ready.database})` : ''}; connecting ${socketCount} sockets`)
    const auths = kind === 'app' ? ready.tokens.map((token) => ({ token })) : Array.from({ length: socketCount }, (_, index) => ({ member: index < members }))
    const connectStart = performance.now()
    opened.push(...(await connectAll(ready.url, auths)))
    const connectSeconds = (performance.now() - connectStart) / 1000
    phase(`${kind}: ${opened.length} sockets connected in ${connectSeconds.toFixed(1)} s`)
    const sockets = opened.slice(0, members)
    const usage = async (): Promise<Usage> => {
      server.tell({ type: 'usage' })
      return server.expect('usage')
    }
    const party: Party =
      kind === 'app'
        ? {
            sockets,
            receiveEvent: 'chat:message:new',
            textOf: (payload) => payload.text,
            send: async (socket, text) => {
              const answer = await socket
                .timeout(ackTimeoutMs)
                .emitWithAck('chat:group:message', { chatId: ready.partyId, message: text })
                .catch(() => ({ error: 'timeout' }))
              return !answer?.error
            },
            usage,
          }
        : {
            sockets,
            receiveEvent: 'msg',
            textOf: (payload) => payload.text,
            send: async (socket, text) =>
              socket
                .timeout(ackTimeoutMs)
                .emitWithAck('msg', { text })
                .then(
                  () => true,
                  () => false,
                ),
            usage,
          }
    // What the server spends with its sockets connected and nothing sent (timers, heartbeats), ms of CPU a second.
    await sleep(settleMs)
    const idleBefore = await usage()
    await sleep(idleMs)
    const idleCpu = ((await usage()).cpuMs - idleBefore.cpuMs) / (idleMs / 1000)
    phase(`${kind}: ${idleCpu.toFixed(0)} ms of CPU a second while idle`)
    if (kind === 'app' && cpuProfileFile) {
      server.tell({ type: 'profile' })
      await server.expect('profiling')
    }
    const { warmup, steps, best } = await ramp(`${kind} at ${socketCount} sockets`, party)
    // The server stops its profile before the sockets go, so their disconnections stay out of it.
    server.tell({ type: 'close' })
    const closed = await server.expect('closed')
    return { kind, sockets: opened.length, connectSeconds, idleCpu, warmup, steps, best, stored: closed.stored, database: ready.database, profile: closed.profile }
  } finally {
    for (const socket of opened) socket.disconnect()
    if (server.child.exitCode === null) server.child.kill()
  }
}

const format = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a')

async function runClients(): Promise<void> {
  const watchdog = stopAfterBudget('chat', budgetMs)
  const loadBefore = loadavg()
  const results: Array<{ app: Measured; bare: Measured }> = []
  for (const count of socketCounts) results.push({ app: await measureServer('app', count), bare: await measureServer('bare', count) })

  console.log(
    `\nChat capacity benchmark: a party of ${members} in one chat, offered rates doubling from ${startRate} msg/s then bisected (${stepSeconds} s a step), goal p99 ≤ ${p99GoalMs} ms from a send to every other member, database ${results[0]?.app.database}, Node ${process.version}, per-user allowance raised from ${chatLimits.messagesPerSecond}/s, load average (1, 5, 15 min) before ${loadBefore.map((value) => value.toFixed(1)).join(' ')}, at the end ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}${cpuProfileFile ? ', app CPU PROFILED (slower)' : ''}`,
  )
  for (const { app, bare } of results) {
    console.log(`\n${app.sockets} sockets connected (app in ${format(app.connectSeconds)} s, bare in ${format(bare.connectSeconds)} s); every step:`)
    console.log('| server | offered msg/s | accepted msg/s | refused | delivered | p50 ms | p99 ms | server CPU ms/msg | of it main thread | main thread busy | carried |')
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|')
    for (const measured of [app, bare]) {
      for (const step of measured.steps) {
        console.log(
          `| ${measured.kind} | ${step.offered} | ${format(step.accepted, 0)} | ${step.refused} | ${step.delivered}/${step.expected} | ${format(step.p50, 2)} | ${format(step.p99, 2)} | ${format(step.cpuPerMessage, 3)} | ${format(step.mainCpuPerMessage, 3)} | ${format(100 * step.mainBusy, 0)} % | ${step.carried ? 'yes' : 'no'} |`,
        )
      }
    }
    if (app.stored !== null) console.log(`messages stored by the app: ${app.stored} (of ${[app.warmup, ...app.steps].reduce((sum, step) => sum + step.sent - step.refused, 0)} accepted, the warm-up step's included)`)
  }
  console.log('\n| sockets | app: highest rate carried, msg/s | its p99, ms | bare relay: highest rate carried, msg/s | its p99, ms | ratio (app / bare) | goal ≥ 0.8 |')
  console.log('|---:|---:|---:|---:|---:|---:|---|')
  for (const { app, bare } of results) {
    const ratio = (app.best?.accepted ?? 0) / (bare.best?.accepted ?? Number.NaN)
    console.log(
      `| ${app.sockets} | ${format(app.best?.accepted ?? 0, 0)} | ${format(app.best?.p99 ?? Number.NaN, 2)} | ${format(bare.best?.accepted ?? 0, 0)} | ${format(bare.best?.p99 ?? Number.NaN, 2)} | ${format(ratio, 2)} | ${ratio >= 0.8 ? 'met' : 'NOT MET'} |`,
    )
  }
  // The rates of one run move with whatever else the machine does; CPU time per message moves far less.
  console.log(
    `\n| sockets | app: server CPU per message, ms (highest rate carried / median of carried steps) | bare relay: the same | ratio of the medians (bare / app) | idle CPU, ms/s (app / bare) | at the highest rate carried, less the idle CPU: app / bare, ms |`,
  )
  console.log('|---:|---:|---:|---:|---:|---:|')
  for (const { app, bare } of results) {
    const carriedMedian = (measured: Measured) => median(measured.steps.filter((step) => step.carried).map((step) => step.cpuPerMessage))
    const figures = (measured: Measured) => `${format(measured.best?.cpuPerMessage ?? Number.NaN, 3)} / ${format(carriedMedian(measured), 3)}`
    // What the messages themselves cost: at a low rate the server's timers and heartbeats are a large part of each message's share.
    const lessIdle = (measured: Measured) => (measured.best ? measured.best.cpuPerMessage - measured.idleCpu / measured.best.accepted : Number.NaN)
    console.log(
      `| ${app.sockets} | ${figures(app)} | ${figures(bare)} | ${format(carriedMedian(bare) / carriedMedian(app), 2)} | ${format(app.idleCpu, 0)} / ${format(bare.idleCpu, 0)} | ${format(lessIdle(app), 3)} / ${format(lessIdle(bare), 3)} |`,
    )
  }
  console.log(`(every thread of each server's process${results[0]?.app.database === 'postgres' ? '; the PostgreSQL server apart, not counted' : ", the app's database thread included"})`)
  for (const { app } of results) {
    if (!app.profile || !cpuProfileFile) continue
    const ms = (value: number) => value.toFixed(0).padStart(8)
    const share = (value: number) => ((100 * value) / (app.profile as ProfileSummary).totalMs).toFixed(1).padStart(5)
    console.log(`\napp server CPU profile during its ramp at ${app.sockets} sockets (${cpuProfileFile}): ${format(app.profile.totalMs / 1000)} s sampled`)
    console.log('by package or file:')
    for (const entry of app.profile.places) console.log(`  ${ms(entry.ms)} ms  ${share(entry.ms)} %  ${entry.name}`)
    console.log('by function (self time):')
    for (const entry of app.profile.functions) console.log(`  ${ms(entry.ms)} ms  ${share(entry.ms)} %  ${entry.name}`)
    console.log("the project's functions, with what they call:")
    for (const entry of app.profile.inclusive) console.log(`  ${ms(entry.ms)} ms  ${share(entry.ms)} %  ${entry.name}`)
  }
  console.log(`total time ${format((performance.now() - started) / 1000)} s`)
  clearTimeout(watchdog)
  process.exit(results.every(({ app, bare }) => app.best && bare.best) ? 0 : 1)
}

const serverKind = flag('server')
if (serverKind === 'app' || serverKind === 'bare') await runServer(serverKind, wholeNumber('count', flag('count'), 2000))
else await runClients()
