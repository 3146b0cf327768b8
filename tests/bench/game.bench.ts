import { fork, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely'
import { Server } from 'socket.io'
import { io as connect, type Socket } from 'socket.io-client'
import { openDatabase } from '../../db/connection'
import { migrateToLatest } from '../../db/migrate'
import { seedDatabase } from '../../db/seed/seed'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { hashToken, randomToken } from '../../server/lib/ids'
import { createLogger } from '../../server/lib/logger'
import { SocketTable, type Member, type MoveRecord, type TableViewer } from '../helpers/game-table'
import type { TestSocket } from '../helpers/sockets'

// `npm run bench:game`: hundreds of judged tables of ten (a judge, ten players, spectators) playing
// whole games at once on the app server, every seat its own Socket.IO client driven by the scripted
// table of tests/helpers/game-table.ts. Then the same moves, at the same pace, through a bare
// Socket.IO relay that fans each move out to the same sockets with no engine and no database.
// The servers run in this process; the clients run in a child process, so the server's CPU is its
// own. Loopback only; stops by itself. Options by environment or flag:
//   TABLES / --tables=200        tables playing at once
//   BENCH_SPECTATORS / --spectators=2   spectators per table
//   BENCH_PACE_MS / --pace=150   pause before each move of the judge or a speaker (votes follow at once)
//   BENCH_RAMP_S / --ramp=20     the tables' starts spread evenly over this many seconds, as tables
//                                start one after another in a club (all at once, 2600 clients reload at once)
//   DATABASE_URL                 PostgreSQL instead of an in-memory PGlite

type AnySocket = Socket<any, any>

function option(flag: string, variables: string[], fallback: number): number {
  const fromFlag = process.argv.find((arg) => arg.startsWith(`--${flag}=`))?.split('=')[1]
  const fromEnv = variables.map((name) => process.env[name]).find((value) => value !== undefined && value !== '')
  const value = Number(fromFlag ?? fromEnv ?? fallback)
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${flag} must be a number`)
  return value
}

const settings = {
  tables: option('tables', ['TABLES', 'BENCH_TABLES'], 200),
  spectators: option('spectators', ['BENCH_SPECTATORS'], 2),
  paceMs: option('pace', ['BENCH_PACE_MS'], 150),
  rampSeconds: option('ramp', ['BENCH_RAMP_S'], 20),
}
type Settings = typeof settings
const viewersPerTable = 11 + settings.spectators
const budgetMs = 900_000

/* ---------- what the client process reports ---------- */

/** One move of a table, as the baseline replays it. */
interface TraceMove {
  actor: number
  waitedMs: number
  /** New versions (events) the move produced; 0 when refused. */
  events: number
}

interface RunStats {
  /** Wall time from the first move to the last game's end, ms. */
  playMs: number
  /** Versions produced (the relay's count; the app's are counted in its database). */
  events: number
  moves: number
  refused: number
  lateMoves: number
  /** Events received by all viewers together. */
  deliveries: number
  /** Moves whose events every viewer of their table received. */
  measured: number
  /** Moves with events that some viewer never received. */
  undelivered: number
  latencies: number[]
  duringReloads: number[]
  /** p50 and p99 of the latency per command type, with how many were measured. */
  byCommand: Array<{ command: string; count: number; p50: number; p99: number }>
  reloads: number
  failedTables: string[]
  clientCpuMs: number
  /** Sockets the server dropped during the run, by reason. */
  dropped: Record<string, number>
  /** Mean size of an event push as JSON, sampled. */
  pushBytes: number
}

type ToClients =
  | { type: 'app'; url: string; members: Array<{ id: number; token: string }>; settings: Settings }
  | { type: 'play' }
  | { type: 'close' }
  | { type: 'relay'; url: string }
  | { type: 'replay'; pushBytes: number }
type FromClients =
  | { type: 'seated'; lobbyIds: number[]; connectMs: number; seatMs: number }
  | { type: 'played'; stats: RunStats }
  | { type: 'closed' }
  | { type: 'relay-ready' }
  | { type: 'replayed'; stats: RunStats }
  | { type: 'failed'; message: string }

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number
}

/* ---------- the client process ---------- */

/**
 * When each version of one table reached its viewers: how many have it and when the last one got it.
 * A move's latency is from sending it to the moment every viewer holds the version it answered.
 */
class Arrivals {
  private versions = new Map<number, { count: number; last: number }>()
  deliveries = 0

  constructor(private viewers: number) {}

  add(version: number, at: number): void {
    const seen = this.versions.get(version) ?? { count: 0, last: 0 }
    seen.count += 1
    seen.last = Math.max(seen.last, at)
    this.versions.set(version, seen)
    this.deliveries += 1
  }

  /** When every viewer held `version`, or null while someone still misses it. */
  complete(version: number): number | null {
    const seen = this.versions.get(version)
    return seen && seen.count >= this.viewers ? seen.last : null
  }

}

/** Latencies of the moves that produced events: a version is measured once, by the move that answered it first. */
function latenciesOf(moves: Array<{ sentAt: number; version: number | null; reloadsInFlight?: number; command?: string }>, arrivals: Arrivals) {
  const latencies: number[] = []
  /** Latencies by the command's type. */
  const byCommand = new Map<string, number[]>()
  /** The same, for the moves sent while some viewer of the table was loading its view again. */
  const duringReloads: number[] = []
  let undelivered = 0
  let highest = 0
  for (const move of [...moves].sort((a, b) => a.sentAt - b.sentAt)) {
    if (move.version === null || move.version <= highest) continue
    highest = move.version
    const done = arrivals.complete(move.version)
    if (done === null) undelivered += 1
    else {
      latencies.push(done - move.sentAt)
      if (move.command) byCommand.set(move.command, [...(byCommand.get(move.command) ?? []), done - move.sentAt])
      if ((move.reloadsInFlight ?? 0) > 0) duringReloads.push(done - move.sentAt)
    }
  }
  return { latencies, duringReloads, byCommand, undelivered }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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
  }
  return sockets
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++
      await work(items[index] as T, index)
    }
  })
  await Promise.all(lanes)
}

async function runClients(): Promise<void> {
  const send = (message: FromClients) => process.send?.(message)
  let config: Settings = settings
  let appSockets: AnySocket[] = []
  const tables: SocketTable[] = []
  const spectatorsOf: Member[][] = []
  const arrivals: Arrivals[] = []
  const moves: MoveRecord[][] = []
  const traces: TraceMove[][] = []
  let pushBytes = { total: 0, samples: 0 }
  let relaySockets: AnySocket[][] = []
  const dropped: Record<string, number> = {}

  async function seatTables(url: string, members: Array<{ id: number; token: string }>): Promise<void> {
    const connectStart = performance.now()
    appSockets = await connectAll(url, members.map((member) => ({ token: member.token })))
    for (const socket of appSockets) socket.on('disconnect', (reason: string) => (dropped[reason] = (dropped[reason] ?? 0) + 1))
    const connectMs = performance.now() - connectStart
    const seatStart = performance.now()
    let sampled = 0
    for (let index = 0; index < config.tables; index++) {
      const pool = members.slice(index * viewersPerTable, (index + 1) * viewersPerTable).map((member, offset): Member => ({ ...member, socket: appSockets[index * viewersPerTable + offset] as TestSocket }))
      const tableArrivals = new Arrivals(viewersPerTable)
      const tableMoves: MoveRecord[] = []
      arrivals.push(tableArrivals)
      moves.push(tableMoves)
      tables.push(
        new SocketTable({
          newMember: async () => pool.shift() as Member,
          paceMs: config.paceMs,
          tolerateTimeUp: true,
          // A machine shared with other work can be slow to answer; a slow answer is a figure, not a failure.
          timeoutMs: 60_000,
          onMove: (move) => tableMoves.push(move),
          onArrival: (_viewer: TableViewer, version: number, at: number) => tableArrivals.add(version, at),
        }),
      )
      // One push in fifty is measured for the baseline's payload size.
      const socket = pool[0]?.socket
      socket?.on('mafia:game:event', (push: unknown) => {
        if (sampled++ % 50 !== 0) return
        pushBytes = { total: pushBytes.total + JSON.stringify(push).length, samples: pushBytes.samples + 1 }
      })
      spectatorsOf.push(pool.slice(11))
    }
    await inParallel(tables, 10, async (table, index) => {
      await table.seat()
      for (const spectator of spectatorsOf[index] as Member[]) await table.watch(spectator)
      await table.attach()
    })
    send({ type: 'seated', lobbyIds: tables.map((table) => table.lobbyId), connectMs, seatMs: performance.now() - seatStart })
  }

  async function playAll(): Promise<void> {
    const cpuBefore = process.cpuUsage()
    const start = performance.now()
    const failedTables: string[] = []
    await Promise.all(
      tables.map(async (table, index) => {
        try {
          await sleep((index * config.rampSeconds * 1000) / config.tables)
          await table.judgeCommand({ type: 'start' })
          const end = await table.play(() => false, 1000)
          if (end.phase === 'ended') await table.judgeCommand({ type: 'finalise' })
        } catch (error) {
          failedTables.push(`table ${table.lobbyId}: ${(error as Error).message}`)
        }
      }),
    )
    const playMs = performance.now() - start
    // Give the last pushes a moment to land before counting.
    await sleep(500)
    const cpu = process.cpuUsage(cpuBefore)
    let latencies: number[] = []
    let duringReloads: number[] = []
    const byCommand = new Map<string, number[]>()
    let undelivered = 0
    let measured = 0
    for (const index of tables.keys()) {
      const tableMoves = moves[index] as MoveRecord[]
      const result = latenciesOf(tableMoves, arrivals[index] as Arrivals)
      latencies = latencies.concat(result.latencies)
      duringReloads = duringReloads.concat(result.duringReloads)
      for (const [command, values] of result.byCommand) byCommand.set(command, (byCommand.get(command) ?? []).concat(values))
      undelivered += result.undelivered
      measured += result.latencies.length
      // The trace for the baseline: each move with the events it produced, in the order they were answered.
      let previous = 0
      const trace: TraceMove[] = []
      for (const move of [...tableMoves].sort((a, b) => a.sentAt - b.sentAt)) {
        const events = move.version !== null && move.version > previous ? move.version - previous : 0
        if (move.version !== null) previous = Math.max(previous, move.version)
        if (move.actor >= 0) trace.push({ actor: move.actor, waitedMs: move.waitedMs, events })
      }
      traces.push(trace)
    }
    const all = moves.flat()
    send({
      type: 'played',
      stats: {
        playMs,
        events: traces.flat().reduce((sum, move) => sum + move.events, 0),
        moves: all.length,
        refused: all.filter((move) => move.error !== null).length,
        lateMoves: tables.reduce((sum, table) => sum + table.lateMoves, 0),
        deliveries: arrivals.reduce((sum, table) => sum + table.deliveries, 0),
        measured,
        undelivered,
        latencies,
        duringReloads,
        byCommand: [...byCommand.entries()].map(([command, values]) => {
          const sorted = values.sort((a, b) => a - b)
          return { command, count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }
        }),
        reloads: tables.reduce((sum, table) => sum + table.viewers.reduce((count, viewer) => count + viewer.reloads, 0), 0),
        failedTables,
        clientCpuMs: (cpu.user + cpu.system) / 1000,
        dropped: { ...dropped },
        pushBytes: pushBytes.samples > 0 ? pushBytes.total / pushBytes.samples : 0,
      },
    })
  }

  /** The baseline's clients: the same sockets per table, each in its own room, like the user rooms. */
  async function joinRelay(url: string): Promise<void> {
    const sockets = await connectAll(
      url,
      Array.from({ length: config.tables * viewersPerTable }, (_, index) => ({ table: Math.floor(index / viewersPerTable), viewer: index % viewersPerTable })),
    )
    relaySockets = tables.map((_, index) => sockets.slice(index * viewersPerTable, (index + 1) * viewersPerTable))
    send({ type: 'relay-ready' })
  }

  /** Replays every table's trace: same actor, same pause, same number of events, through the relay. */
  async function replayAll(bytes: number): Promise<void> {
    const replayArrivals = tables.map(() => new Arrivals(viewersPerTable))
    /** The latest version each viewer of each table received. */
    const seen = tables.map(() => new Array<number>(viewersPerTable).fill(0))
    relaySockets.forEach((sockets, table) => {
      sockets.forEach((socket, viewer) =>
        socket.on('relay:event', (push: { version: number }) => {
          replayArrivals[table]!.add(push.version, performance.now())
          seen[table]![viewer] = Math.max(seen[table]![viewer]!, push.version)
        }),
      )
    })
    const cpuBefore = process.cpuUsage()
    const start = performance.now()
    const replayMoves: Array<Array<{ sentAt: number; version: number | null }>> = tables.map(() => [])
    let refused = 0
    let events = 0
    const failedTables: string[] = []
    await Promise.all(
      traces.map(async (trace, table) => {
        const sockets = relaySockets[table] as AnySocket[]
        let version = 0
        try {
          await sleep((table * config.rampSeconds * 1000) / config.tables)
          for (const move of trace) {
            // As in the game: the judge and the mover hold the last version before the next move.
            while ((seen[table]![0] as number) < version || (seen[table]![move.actor] as number) < version) await sleep(2)
            if (move.waitedMs > 0) await sleep(move.waitedMs)
            const sentAt = performance.now()
            const answer = await (sockets[move.actor] as AnySocket).timeout(20_000).emitWithAck('relay:move', { table, events: move.events, bytes })
            replayMoves[table]!.push({ sentAt, version: move.events > 0 ? answer.version : null })
            if (move.events === 0) refused += 1
            events += move.events
            version = answer.version
          }
        } catch (error) {
          failedTables.push(`relay table ${table}: ${(error as Error).message}`)
        }
      }),
    )
    const playMs = performance.now() - start
    await sleep(500)
    const cpu = process.cpuUsage(cpuBefore)
    let latencies: number[] = []
    let undelivered = 0
    for (const [table, tableMoves] of replayMoves.entries()) {
      const result = latenciesOf(tableMoves, replayArrivals[table] as Arrivals)
      latencies = latencies.concat(result.latencies)
      undelivered += result.undelivered
    }
    send({
      type: 'replayed',
      stats: {
        playMs,
        events,
        moves: replayMoves.flat().length,
        refused,
        lateMoves: 0,
        deliveries: replayArrivals.reduce((sum, table) => sum + table.deliveries, 0),
        measured: latencies.length,
        undelivered,
        latencies,
        duringReloads: [],
        byCommand: [],
        reloads: 0,
        failedTables,
        clientCpuMs: (cpu.user + cpu.system) / 1000,
        dropped: {},
        pushBytes: bytes,
      },
    })
    for (const socket of relaySockets.flat()) socket.disconnect()
  }

  process.on('message', (message: ToClients) => {
    const run = async () => {
      if (message.type === 'app') {
        config = message.settings
        await seatTables(message.url, message.members)
      } else if (message.type === 'play') await playAll()
      else if (message.type === 'close') {
        for (const socket of appSockets) socket.disconnect()
        send({ type: 'closed' })
      } else if (message.type === 'relay') await joinRelay(message.url)
      else if (message.type === 'replay') {
        await replayAll(message.pushBytes)
        process.disconnect?.()
      }
    }
    run().catch((error: unknown) => send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }))
  })
}

/* ---------- the server process ---------- */

/** Counts the app's SQL statements by kind and table, so the figures can say what a move costs the database. */
class StatementCounter implements KyselyPlugin {
  counts = new Map<string, number>()
  counting = false

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.counting) {
      const node = args.node as any
      const from = node.from?.froms?.[0]
      const table = (from?.node ?? from)?.table?.identifier?.name ?? node.into?.table?.identifier?.name ?? node.table?.table?.identifier?.name ?? '?'
      const key = `${String(node.kind).replace('QueryNode', '').toLowerCase()} ${table}`
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
    }
    return args.node
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }

  total(): number {
    return [...this.counts.values()].reduce((sum, count) => sum + count, 0)
  }
}

async function runServers(): Promise<void> {
  const started = performance.now()
  const watchdog = setTimeout(() => {
    console.error(`game benchmark: over its ${budgetMs / 1000} s budget, stopping`)
    clients.kill()
    process.exit(2)
  }, budgetMs)
  watchdog.unref()
  /** Progress on stderr, so the printed figures stay clean on stdout. */
  const phase = (text: string) => process.stderr.write(`[bench:game ${((performance.now() - started) / 1000).toFixed(1)} s] ${text}\n`)

  const clients: ChildProcess = fork(fileURLToPath(import.meta.url), ['--clients'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const inbox: FromClients[] = []
  let wake: (() => void) | null = null
  clients.on('message', (message: FromClients) => {
    inbox.push(message)
    wake?.()
  })
  clients.on('exit', (code, signal) => {
    // Any end before the last answer is a failure, a kill by a signal (the kernel's out-of-memory killer) included.
    if (code !== 0) inbox.push({ type: 'failed', message: `client process ended: ${signal ?? `exit code ${code}`}` })
    wake?.()
  })
  /** The next message from the client process, which must be of this type. */
  async function expectMessage<T extends FromClients['type']>(type: T): Promise<Extract<FromClients, { type: T }>> {
    while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve))
    const message = inbox.shift() as FromClients
    if (message.type === 'failed') throw new Error(`client process: ${message.message}`)
    if (message.type !== type) throw new Error(`client process said ${message.type}, expected ${type}`)
    return message as Extract<FromClients, { type: T }>
  }
  const tell = (message: ToClients) => clients.send(message)

  // --- The app server, in this process, with its own database (PGlite in memory, or DATABASE_URL).
  const dataDir = await mkdtemp(join(tmpdir(), 'mafia-bench-game-'))
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) })
  const database = config.databaseUrl ? openDatabase({ databaseUrl: config.databaseUrl }) : openDatabase({ pglite: new PGlite() })
  await migrateToLatest(database.db)
  await seedDatabase(database.db)
  phase(`database ${database.kind} migrated and seeded`)
  const unlimited = { max: 10_000_000, window: 60_000 }
  const statements = new StatementCounter()
  const app = await buildApp({
    config,
    database: { ...database, db: database.db.withPlugin(statements) },
    logger: createLogger({ name: 'bench', level: 'silent', file: false }),
    rateLimits: { global: unlimited, authPerIp: unlimited, authPerAccount: unlimited, lockout: { failures: 5, duration: 60_000 } },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

  // Users and sessions straight into the database, in bulk.
  const runTag = Math.random().toString(36).slice(2, 8)
  const total = settings.tables * viewersPerTable
  const members: Array<{ id: number; token: string }> = []
  for (let index = 0; index < total; index += 500) {
    const size = Math.min(500, total - index)
    const users = await database.db
      .insertInto('users')
      .values(
        Array.from({ length: size }, (_, offset) => ({
          nickname: `game${runTag}${index + offset}`,
          email: `game${runTag}${index + offset}@example.test`,
          password_hash: '!',
          email_confirmation: true,
          referral_token: randomToken(12),
        })),
      )
      .returning('id')
      .execute()
    const tokens = users.map(() => randomToken())
    await database.db
      .insertInto('sessions')
      .values(users.map((user, offset) => ({ user_id: user.id, token_hash: hashToken(tokens[offset] as string), user_agent: 'bench' })))
      .execute()
    members.push(...users.map((user, offset) => ({ id: user.id, token: tokens[offset] as string })))
  }
  phase(`${total} users and sessions created; connecting and seating ${settings.tables} tables`)

  tell({ type: 'app', url: appUrl, members, settings })
  const seated = await expectMessage('seated')
  phase(`${total} sockets connected in ${(seated.connectMs / 1000).toFixed(1)} s, tables seated in ${(seated.seatMs / 1000).toFixed(1)} s; playing`)

  const countEvents = async () =>
    Number((await database.db.selectFrom('game_events').select((eb) => eb.fn.countAll<number>().as('count')).where('lobby_id', 'in', seated.lobbyIds).executeTakeFirstOrThrow()).count)
  statements.counting = true
  // How late the server's event loop runs its timers (Socket.IO's heartbeats among them) while the games play.
  const loopDelay = monitorEventLoopDelay({ resolution: 20 })
  loopDelay.enable()
  const appCpuBefore = process.cpuUsage()
  const appStart = performance.now()
  tell({ type: 'play' })
  const played = await expectMessage('played')
  const appCpu = process.cpuUsage(appCpuBefore)
  statements.counting = false
  loopDelay.disable()
  const appWallMs = performance.now() - appStart
  const stored = await countEvents()
  const results = await database.db.selectFrom('game_results').select(['outcome', 'finalised']).where('lobby_id', 'in', seated.lobbyIds).execute()
  tell({ type: 'close' })
  await expectMessage('closed')
  await app.close()
  phase(`games played in ${(played.stats.playMs / 1000).toFixed(1)} s; bare relay run`)

  // --- The app's figures, printed at once (the relay's follow).
  const format = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a')
  const row = (title: string, stats: RunStats, cpu: NodeJS.CpuUsage, wallMs: number, events: number) => {
    const sorted = [...stats.latencies].sort((a, b) => a - b)
    const cpuMs = (cpu.user + cpu.system) / 1000
    return {
      title,
      events,
      eventsPerSecond: events / (stats.playMs / 1000),
      deliveriesPerSecond: stats.deliveries / (stats.playMs / 1000),
      movesPerSecond: (stats.moves - stats.refused) / (stats.playMs / 1000),
      cpuMsPerTable: cpuMs / settings.tables,
      coreShare: cpuMs / wallMs,
      clientCoreShare: stats.clientCpuMs / stats.playMs,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      stats,
    }
  }
  const printRow = (line: ReturnType<typeof row>) => {
    console.log('| server | play s | moves/s | events/s | pushes/s | server CPU ms per table | server cores busy | client cores busy | p50 ms | p95 ms | p99 ms |')
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
    console.log(
      `| ${line.title} | ${format(line.stats.playMs / 1000)} | ${format(line.movesPerSecond, 0)} | ${format(line.eventsPerSecond, 0)} | ${format(line.deliveriesPerSecond, 0)} | ${format(line.cpuMsPerTable, 0)} | ${format(line.coreShare, 2)} | ${format(line.clientCoreShare, 2)} | ${format(line.p50, 2)} | ${format(line.p95, 2)} | ${format(line.p99, 2)} |`,
    )
  }
  const game = row('app: engine, stored events, per-viewer projections', played.stats, appCpu, appWallMs, stored)
  console.log(
    `\nGame benchmark: ${settings.tables} judged tables of ten, ${settings.spectators} spectators each (${total} sockets, connected in ${format(seated.connectMs / 1000)} s, seated in ${format(seated.seatMs / 1000)} s), pace ${settings.paceMs} ms per judge or speaker move, starts spread over ${settings.rampSeconds} s, database ${database.kind}, Node ${process.version}, load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`,
  )
  printRow(game)
  const ended = results.filter((result) => result.finalised).length
  console.log(`games: ${ended} of ${settings.tables} ended and finalised (${results.filter((result) => result.outcome === 'red').length} red wins); events stored ${stored}; moves ${game.stats.moves} (${game.stats.refused} refused, ${game.stats.lateMoves} late after a time-up)`)
  console.log(`latency = from sending a move to the moment all ${viewersPerTable} viewers of its table hold its version: ${game.stats.measured} moves measured, ${game.stats.undelivered} not delivered to every viewer`)
  console.log(`view reloads by the clients (mafia:load:lobby after a deal, a closed vote, the end): ${game.stats.reloads}; mean push ${format(game.stats.pushBytes, 0)} bytes (the relay pads to it)`)
  const whileReloading = [...game.stats.duringReloads].sort((a, b) => a - b)
  console.log(
    `app moves sent while a viewer of their table was reloading: ${whileReloading.length} of ${game.stats.measured}, p50 ${format(percentile(whileReloading, 0.5), 2)} ms, p99 ${format(percentile(whileReloading, 0.99), 2)} ms`,
  )
  const slowest = [...game.stats.byCommand].sort((a, b) => b.p99 - a.p99)
  console.log(`app latency by command (count, p50/p99 ms): ${slowest.map((entry) => `${entry.command} ${entry.count} ${format(entry.p50, 0)}/${format(entry.p99, 0)}`).join(', ')}`)
  const accepted = game.stats.moves - game.stats.refused
  const busiest = [...statements.counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6)
  console.log(`SQL statements while playing: ${statements.total()} (${format(statements.total() / accepted, 1)} per accepted move, transactions' BEGIN/COMMIT not counted); most: ${busiest.map(([key, count]) => `${key} ${count}`).join(', ')}`)
  console.log(`server CPU per table: ${format(game.cpuMsPerTable, 0)} ms for a whole game, ${format((100 * game.coreShare) / settings.tables, 3)} % of a core per playing table at this pace: about ${format(settings.tables / game.coreShare, 0)} tables per core`)
  console.log(`server event loop delay while playing: p50 ${format(loopDelay.percentile(50) / 1e6, 0)} ms, p99 ${format(loopDelay.percentile(99) / 1e6, 0)} ms, max ${format(loopDelay.max / 1e6, 0)} ms`)
  const drops = Object.entries(game.stats.dropped)
  if (drops.length > 0) console.log(`sockets dropped while playing: ${drops.map(([reason, count]) => `${count} (${reason})`).join(', ')}`)
  for (const failure of game.stats.failedTables.slice(0, 5)) console.log(`failed: ${failure}`)

  // --- A bare Socket.IO relay on another port: each move is acked with the table's next versions,
  // each sent to every player's and the judge's own room and to the spectators' room. Nothing else.
  const httpServer = createServer()
  const relay = new Server(httpServer, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 64 * 1024 })
  const versions = new Map<number, number>()
  relay.on('connection', (socket) => {
    const { table, viewer } = socket.handshake.auth as { table: number; viewer: number }
    void socket.join(viewer > 10 ? `t${table}:spectators` : `t${table}:v${viewer}`)
    socket.on('relay:move', (move: { table: number; events: number; bytes: number }, ack: (answer: { version: number }) => void) => {
      let version = versions.get(move.table) ?? 0
      for (let index = 0; index < move.events; index++) {
        version += 1
        // A payload as large as the game's pushes: every viewer's copy is serialised on its own, as each projection is.
        const event = { version, type: 'relay', padding: 'x'.repeat(Math.max(0, move.bytes - 60)) }
        for (let seat = 0; seat <= 10; seat++) relay.to(`t${move.table}:v${seat}`).emit('relay:event', { lobbyId: move.table, ...event })
        relay.to(`t${move.table}:spectators`).emit('relay:event', { lobbyId: move.table, ...event })
      }
      versions.set(move.table, version)
      ack({ version })
    })
  })
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', () => resolve()))
  tell({ type: 'relay', url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}` })
  await expectMessage('relay-ready')
  const relayCpuBefore = process.cpuUsage()
  const relayStart = performance.now()
  tell({ type: 'replay', pushBytes: Math.round(played.stats.pushBytes) })
  const replayed = await expectMessage('replayed')
  const relayCpu = process.cpuUsage(relayCpuBefore)
  const relayWallMs = performance.now() - relayStart
  await new Promise<void>((resolve) => relay.close(() => resolve()))
  await database.db.destroy()
  await rm(dataDir, { recursive: true, force: true })

  // --- The relay's figures beside the app's.
  const bare = row('bare Socket.IO relay of the same moves', replayed.stats, relayCpu, relayWallMs, replayed.stats.events)
  console.log('')
  printRow(bare)
  console.log(`relay: ${bare.stats.measured} moves measured, ${bare.stats.undelivered} not delivered to every viewer; server CPU per table ${format(bare.cpuMsPerTable, 0)} ms`)
  for (const failure of bare.stats.failedTables.slice(0, 5)) console.log(`failed: ${failure}`)
  console.log(
    `ratio (app / bare): p50 ${format(game.p50 / bare.p50, 2)}x, p99 ${format(game.p99 / bare.p99, 2)}x, server CPU per table ${format(game.cpuMsPerTable / bare.cpuMsPerTable, 2)}x`,
  )
  console.log(`total time ${format((performance.now() - started) / 1000)} s`)
  clearTimeout(watchdog)
  process.exit(game.stats.failedTables.length > 0 ? 1 : 0)
}

if (process.argv.includes('--clients')) await runClients()
else await runServers()
