import { fork, type ChildProcess } from 'node:child_process'
import { readdirSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg, setPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { Server } from 'socket.io'
import { io as connect, type Socket } from 'socket.io-client'
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser'
import type { DatabaseHandle } from '../../db/connection'
import { applyTablePush } from '../../renderer/state/table'
import type { TablePush, TableSnapshot } from '../../server/contract/socket/game'
import { SocketTable, withoutRecord, type Member, type MoveRecord, type TableViewer } from '../helpers/game-table'
import type { TestSocket } from '../helpers/sockets'
import { createBenchAccounts } from './bench-accounts'
import { startBenchApp } from './bench-app'
import { startCpuProfile, type ProfileSummary } from './cpu-profile'
import { watchGcPauses, type GcPauses, type PauseFigures } from './gc-pauses'
import { latencyParts, type ClientMove, type LatencyParts } from './latency-parts'
import { percentile } from './percentile'
import { countPostgres, StatementCounter } from './statement-counter'
import { matchPushes, type Arrival, type SentMove, type Unmatched } from './push-matching'
import { timeRequests, type RequestTimer } from './server-time'
import { threadCpu, threadCpuBetween, threadRuntimeReader } from './thread-cpu'
import { WireRecorder, WireRecording, type WirePlace } from './wire-record'

// `npm run bench:game`: hundreds of judged tables of ten (a judge, ten players, spectators) playing
// whole games at once on the app server, every seat its own Socket.IO client driven by the scripted
// table of tests/helpers/game-table.ts: each client holds its own view from its own stream's pushes.
// Then the same moves, at the same pace, through a bare Socket.IO relay that sends each move's
// pushes to exactly the viewers the game pushed to, with no engine and no database: the game's own
// pushes, byte for byte, which its viewers apply to the views they hold as the game's viewers did.
// The clients' work is then the same in both runs, and only the servers differ. The servers run in
// this process; the clients run in a child process, so the server's CPU is its own. Loopback
// only; stops by itself. Options by environment or flag:
//   TABLES / --tables=200        tables playing at once
//   BENCH_SPECTATORS / --spectators=2   spectators per table
//   BENCH_PACE_MS / --pace=150   pause before each move of the judge or a speaker (votes follow at once)
//   BENCH_RAMP_S / --ramp=20     the tables' starts spread evenly over this many seconds, as tables
//                                start one after another in a club
//   BENCH_WARMUP / --warmup=200  tables that play a whole game first, on the app and then on the
//                                relay, unmeasured, whose viewers then leave: a server that has run
//                                for a while has its hot code compiled, and the relay (run second,
//                                on the same Socket.IO code) would otherwise be the only one
//                                measured warm. Much of a game's code runs once per game (the deal,
//                                the night's resolution, the end, the ratings), and V8 compiles it
//                                only after some hundred games: after 20, the measured games still
//                                paid for compiling it (the server's helper threads 9 to 12 ms per
//                                table, against 5 to 11 after 200), and the clients' own per-game
//                                code ran cold, which showed in every move's way back
//   BENCH_CLIENT_NICE / --client-nice=10   the client process's niceness: the clients stand for
//                                players' own devices, so on this one machine they yield the cores to
//                                the server measured and its database when both want them (0: alike)
//   DATABASE_URL                 PostgreSQL instead of PGlite in a temporary DATA_DIR
//   BENCH_CPU_PROFILE / --cpu-profile=file   the server's CPU profile while the games play, written
//                                to this file and summarised, and the relay's beside it
//                                (file.relay.cpuprofile), to compare (profiling slows both down)
//   BENCH_STATEMENT_CPU=1 / --statement-cpu   PGlite: the embedded database's thread's CPU by
//                                statement, read at the end of each one (the reading costs the
//                                server some CPU of its own)

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
  warmupTables: option('warmup', ['BENCH_WARMUP'], 200),
  clientNice: option('client-nice', ['BENCH_CLIENT_NICE'], 10),
}
type Settings = typeof settings
const profileFile = process.argv.find((arg) => arg.startsWith('--cpu-profile='))?.split('=')[1] ?? process.env.BENCH_CPU_PROFILE
const statementCpu = process.argv.includes('--statement-cpu') || process.env.BENCH_STATEMENT_CPU === '1'
/** The judge's client, seats 1 to 10, then the spectators: a viewer's index at its table. */
const viewersPerTable = 11 + settings.spectators
const budgetMs = 900_000

/** What the change must meet: each figure beside the relay's in the same run. */
const budgets = { cpuRatio: 2, p99Ratio: 2, statementsPerMove: 1.2, reloads: 0, loopDelayP99Ms: 20 }
/** The event-loop delay's sampling interval, ms. */
const loopResolutionMs = 10

/* ---------- what the client process reports ---------- */

/** One move of a table as the relay replays it: who sends it, after what pause, and who gets a push of what size. */
interface PlannedMove {
  actor: number
  command: string
  waitedMs: number
  accepted: boolean
  /** Viewers who got a push for it, and each push's size on the wire. */
  viewers: number[]
  bytes: number[]
  /** Where the text of each of those pushes was recorded (`WireRecorder`), and its length in bytes. */
  wireOffsets: number[]
  wireLengths: number[]
}

interface RunStats {
  /** Wall time from the first move to the last game's end, ms. */
  playMs: number
  moves: number
  accepted: number
  lateMoves: number
  /** Pushes received by all viewers together. */
  pushes: number
  /** Mean size of a push on the wire, in characters. */
  pushBytes: number
  /** For each accepted move with a push: from sending it to the arrival of the last of its pushes. */
  latencies: number[]
  byCommand: Array<{ command: string; count: number; p50: number; p99: number }>
  unmatched: Unmatched
  /** Matched pushes that arrived after their table's next move was sent. */
  late: number
  silentMoves: number
  /** Views synced or loaded again by the clients while playing. */
  reloads: number
  failedTables: string[]
  clientCpuMs: number
  /** How late the client process's own timers ran while playing, p99 and max, ms: a slow client delays the arrivals it records. */
  clientLoopP99: number
  clientLoopMax: number
  /** The client process's collector pauses while playing. */
  clientGc: GcPauses
  /** Sockets dropped during the run, by reason. */
  dropped: Record<string, number>
  /** Every move sent, by whom as the server knows them, to split its time into parts (`latencyParts`). */
  sentMoves: ClientMove[]
  /** The relay's run: its pushes checked against the game's, byte for byte, and how many differed. */
  wireCheck: { compared: number; differing: number } | null
}

type ToClients =
  | { type: 'app'; url: string; members: Array<{ id: number; token: string }>; settings: Settings }
  /**
   * Tables `from` to `to` (excluded) of those seated play, their starts spread over `rampSeconds`;
   * with `leave` (the warm-up), their viewers then disconnect, as players go home after a game.
   */
  | { type: 'play'; from: number; to: number; rampSeconds: number; leave: boolean }
  | { type: 'close' }
  | { type: 'relay'; url: string }
  /** The relay's run of tables `from` to `to`, whose viewers then disconnect (the warm-up's, as the game's did); the clients end after the `last`. */
  | { type: 'replay'; from: number; to: number; rampSeconds: number; last: boolean }
type FromClients =
  | { type: 'seated'; lobbyIds: number[]; connectMs: number; seatMs: number }
  /**
   * A run's last game is over and its pushes have landed: the server stops its clocks here, before
   * the figures are worked out and sent (the app's run sends its plan as well, megabytes that the
   * server's process would otherwise read on the app's clock).
   */
  | { type: 'finished' }
  | { type: 'played'; stats: RunStats; plan: PlannedMove[][] }
  /** The app's sockets left; the game's pushes are in `wireFile` for the relay to send again. */
  | { type: 'closed'; wireFile: string }
  | { type: 'relay-ready' }
  | { type: 'replayed'; stats: RunStats }
  | { type: 'failed'; message: string }

/* ---------- the client process ---------- */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Connects sockets a batch at a time, so the handshakes do not all land at once. */
async function connectAll(url: string, auths: Array<Record<string, unknown>>, onConnect: () => void = () => undefined, batch = 100): Promise<AnySocket[]> {
  const sockets: AnySocket[] = []
  for (let index = 0; index < auths.length; index += batch) {
    const group = auths.slice(index, index + batch).map(
      (auth) =>
        new Promise<AnySocket>((resolve, reject) => {
          const socket: AnySocket = connect(url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, forceNew: true })
          socket.once('connect', () => {
            onConnect()
            resolve(socket)
          })
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

/** The Socket.IO packet of a push, as it starts on the wire. */
const pushPrefix = '2["mafia:game:updated"'

/**
 * Each push a socket receives, in arrival order, read as its raw Socket.IO packet comes off the
 * wire: its size, and its text kept by `recorder` (the game's for the relay to send again; the
 * relay's to check it against the game's). The event's handler runs a tick later, so the pushes wait
 * in a queue, and the handler sets when each arrived (`takeArrival`).
 */
function wireArrivals(socket: AnySocket, recorder: WireRecorder): Arrival[] {
  const queue: Arrival[] = []
  ;(socket.io as any).engine.on('data', (data: unknown) => {
    if (typeof data !== 'string' || !data.startsWith(pushPrefix)) return
    const place = recorder.record(data)
    queue.push({ at: 0, bytes: data.length, host: false, wireOffset: place.offset, wireLength: place.length })
  })
  return queue
}

/** The relay's event for a recorded push: its text goes on the wire as it is (`RecordedPushEncoder`). */
const recordedPush = 'relay:recorded'

/** A relay socket's sender, as its client and the relay both name it: its table and its viewer there. */
const relaySender = (table: number, viewer: number) => `${table}:${viewer}`

/** The relay's wire format: Socket.IO's, except that a recorded push is written as the game wrote it. */
class RecordedPushEncoder extends Encoder {
  override encode(packet: Packet): Array<string | Buffer | ArrayBuffer> {
    if (packet.type === PacketType.EVENT && Array.isArray(packet.data) && packet.data[0] === recordedPush) return [packet.data[1] as string]
    return super.encode(packet)
  }
}

/**
 * About how many bytes of pushes a run's viewers receive, warm-up included, so the recorders take
 * their room before anything is measured: a game of ten with two spectators made about 1,340 pushes
 * of about 530 bytes (`npm run bench:game`), and a spectator more adds one push to most moves.
 */
function expectedPushBytes(config: Settings): number {
  return (config.warmupTables + config.tables) * 110 * (10 + config.spectators) * 600
}

/** The oldest push of a socket's queue (`wireArrivals`), now handled: it arrived `at`. */
function takeArrival(queue: Arrival[], at: number, host: boolean): Arrival {
  const arrival = queue.shift() ?? { at, bytes: 0, host, wireOffset: -1, wireLength: 0 }
  arrival.at = at
  arrival.host = host
  return arrival
}

/**
 * What both runs measure the same way, from each table's moves (in the order sent) and each viewer's
 * arrivals. `senderOf` names a move's sender as the server knows them (a table, as numbered in
 * `tableMoves`, and an actor).
 */
function measure(tableMoves: Array<Array<SentMove & { actor: number; waitedMs: number }>>, tableArrivals: Arrival[][][], senderOf: (table: number, actor: number) => string) {
  const latencies: number[] = []
  const byCommand = new Map<string, number[]>()
  const unmatched: Unmatched = { host: 0, beforeFirstMove: 0, noMoveLeft: 0 }
  let pushes = 0
  let bytes = 0
  let late = 0
  let silentMoves = 0
  const plan: PlannedMove[][] = []
  const sentMoves: ClientMove[] = []
  for (const [table, moves] of tableMoves.entries()) {
    const arrivals = tableArrivals[table] as Arrival[][]
    const matched = matchPushes(moves, arrivals)
    pushes += matched.pushes
    bytes += arrivals.reduce((sum, viewer) => viewer.reduce((total, arrival) => total + arrival.bytes, sum), 0)
    late += matched.late
    silentMoves += matched.silentMoves
    for (const key of Object.keys(unmatched) as Array<keyof Unmatched>) unmatched[key] += matched.unmatched[key]
    plan.push(
      moves.map((move, index) => {
        const done = matched.completedAt[index] ?? null
        sentMoves.push({ sender: senderOf(table, move.actor), sentAt: performance.timeOrigin + move.sentAt, doneAt: move.accepted && done !== null ? performance.timeOrigin + done : null })
        if (move.accepted && done !== null) {
          latencies.push(done - move.sentAt)
          const values = byCommand.get(move.command) ?? []
          values.push(done - move.sentAt)
          byCommand.set(move.command, values)
        }
        const targets = matched.targets[index] ?? []
        return {
          actor: move.actor,
          command: move.command,
          waitedMs: move.waitedMs,
          accepted: move.accepted,
          viewers: targets.map((target) => target.viewer),
          bytes: targets.map((target) => target.arrival.bytes),
          wireOffsets: targets.map((target) => target.arrival.wireOffset),
          wireLengths: targets.map((target) => target.arrival.wireLength),
        }
      }),
    )
  }
  return {
    latencies,
    byCommand: [...byCommand.entries()].map(([command, values]) => {
      const sorted = values.sort((a, b) => a - b)
      return { command, count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }
    }),
    unmatched,
    pushes,
    pushBytes: pushes > 0 ? bytes / pushes : 0,
    late,
    silentMoves,
    plan,
    sentMoves,
  }
}

/**
 * The relay's pushes against the game's, move by move: each went to the same viewers, and each
 * viewer's text is the game's byte for byte. Answers how many pushes were compared and how many
 * differed (a push the relay sent to another viewer, or not at all, counts as differing).
 */
function checkWire(game: PlannedMove[][], gameRecorder: WireRecorder, relay: PlannedMove[][], relayRecorder: WireRecorder): { compared: number; differing: number } {
  let compared = 0
  let differing = 0
  const placeOf = (move: PlannedMove, index: number): WirePlace => ({ offset: move.wireOffsets[index] as number, length: move.wireLengths[index] as number })
  for (const [table, moves] of game.entries()) {
    for (const [index, move] of moves.entries()) {
      const replayed = relay[table]?.[index]
      for (const [target, viewer] of move.viewers.entries()) {
        compared += 1
        const at = replayed?.viewers.indexOf(viewer) ?? -1
        if (!replayed || at < 0 || !gameRecorder.sameText(placeOf(move, target), relayRecorder, placeOf(replayed, at))) differing += 1
      }
    }
  }
  return { compared, differing }
}

/** Every ten seconds while a run plays, how far it got (on stderr, beside the server's progress). */
function progress(run: string, tables: number, done: () => number, moves: () => number): () => void {
  const started = performance.now()
  const timer = setInterval(() => {
    process.stderr.write(`[bench:game clients] ${run}: ${done()} of ${tables} tables done, ${moves()} ${run === 'seating' ? 'sockets connected' : 'moves sent'} in ${((performance.now() - started) / 1000).toFixed(0)} s\n`)
  }, 10_000)
  return () => clearInterval(timer)
}

/**
 * How late a process's timers ran, p99 and max, ms. Node's histogram records each interval between
 * the sampling timer's runs, the interval included (an idle process reads the resolution): what is
 * past it is how late the timer ran.
 */
function loopDelay(loop: ReturnType<typeof monitorEventLoopDelay>): { p99: number; max: number } {
  return { p99: Math.max(0, loop.percentile(99) / 1e6 - loopResolutionMs), max: Math.max(0, loop.max / 1e6 - loopResolutionMs) }
}

/**
 * How late the client process's timers ran while a run played, and how long its collector held it:
 * the clients record a push's arrival when their loop gets to it, so a busy client process lengthens
 * every latency it measures.
 */
function watchClientLoop(): { stop(): Pick<RunStats, 'clientLoopP99' | 'clientLoopMax' | 'clientGc'> } {
  const loop = monitorEventLoopDelay({ resolution: loopResolutionMs })
  loop.enable()
  const gc = watchGcPauses()
  return {
    stop() {
      loop.disable()
      const { p99, max } = loopDelay(loop)
      return { clientLoopP99: p99, clientLoopMax: max, clientGc: gc.stop() }
    },
  }
}

/** A push of the host's own command: a phase's time ran out, or a seat's connection changed. */
const isHostPush = (push: TablePush | undefined) => push?.events.some((event) => event.type === 'time_up' || event.type === 'connection') ?? false

async function runClients(): Promise<void> {
  /** Resolves once the message is handed over: the channel may close only after the last one (a large one takes a while). */
  const send = (message: FromClients) => new Promise<void>((resolve) => (process.send ? process.send(message, undefined, undefined, () => resolve()) : resolve()))
  let config: Settings = settings
  let appSockets: AnySocket[] = []
  const tables: SocketTable[] = []
  /** Each table's moves as the script sent them. */
  const moves: MoveRecord[][] = []
  /** Each table's pushes, by viewer, in arrival order. */
  const arrivals: Arrival[][][] = []
  /** Each table's moves as the relay replays them, once the table has played. */
  const plan: PlannedMove[][] = []
  let relaySockets: AnySocket[][] = []
  const dropped: Record<string, number> = {}
  /** The text of every push the game's viewers receive, for the relay to send again (made with the run's settings). */
  let recorder = new WireRecorder()
  /** The text of every push the relay's viewers receive: the same work for the clients, and checked against the game's. */
  let relayRecorder = new WireRecorder()
  const reloadsNow = () => tables.reduce((sum, table) => sum + table.viewers.reduce((count, viewer) => count + viewer.reloads, 0), 0)

  async function seatTables(url: string, members: Array<{ id: number; token: string }>): Promise<void> {
    let seated = 0
    let connected = 0
    const tableCount = config.warmupTables + config.tables
    const stopProgress = progress('seating', tableCount, () => seated, () => connected)
    const connectStart = performance.now()
    appSockets = await connectAll(
      url,
      members.map((member) => ({ token: member.token })),
      () => (connected += 1),
    )
    // A viewer that leaves on purpose (`leave`) closes its socket itself: not a drop.
    for (const socket of appSockets) socket.on('disconnect', (reason: string) => reason !== 'io client disconnect' && (dropped[reason] = (dropped[reason] ?? 0) + 1))
    const connectMs = performance.now() - connectStart
    const seatStart = performance.now()
    const spectatorsOf: Member[][] = []
    for (let index = 0; index < tableCount; index++) {
      const pool = members.slice(index * viewersPerTable, (index + 1) * viewersPerTable).map((member, offset): Member => ({ ...member, socket: appSockets[index * viewersPerTable + offset] as TestSocket }))
      // The script takes the judge first, then seats 1 to 10, then the spectators: the pool's order is the viewers' order.
      const viewerOfUser = new Map(pool.map((member, offset) => [member.id, offset]))
      const wire = pool.map((member) => wireArrivals(member.socket as AnySocket, recorder))
      const tableArrivals: Arrival[][] = pool.map(() => [])
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
          onArrival: (viewer: TableViewer, _seq: number, at: number) => {
            const index = viewerOfUser.get(viewer.member.id) as number
            const push = viewer.pushes[viewer.pushes.length - 1]
            // The script keeps every push for the tests to read; thousands of viewers need not.
            viewer.pushes.length = 0
            ;(tableArrivals[index] as Arrival[]).push(takeArrival(wire[index] as Arrival[], at, isHostPush(push)))
          },
        }),
      )
      spectatorsOf.push(pool.slice(11))
    }
    await inParallel(tables, 20, async (table, index) => {
      await table.seat()
      for (const spectator of spectatorsOf[index] as Member[]) await table.watch(spectator)
      await table.attach()
      seated += 1
    })
    stopProgress()
    await send({ type: 'seated', lobbyIds: tables.map((table) => table.lobbyId), connectMs, seatMs: performance.now() - seatStart })
  }

  async function playAll(from: number, to: number, rampSeconds: number, leave: boolean): Promise<void> {
    const playing = tables.slice(from, to)
    const clientLoop = watchClientLoop()
    const reloadsBefore = reloadsNow()
    const cpuBefore = process.cpuUsage()
    const start = performance.now()
    const failedTables: string[] = []
    let done = 0
    const stopProgress = progress('app', playing.length, () => done, () => moves.slice(from, to).reduce((sum, tableMoves) => sum + tableMoves.length, 0))
    await Promise.all(
      playing.map(async (table, index) => {
        try {
          await sleep((index * rampSeconds * 1000) / playing.length)
          await table.judgeCommand({ type: 'start' })
          const end = await table.play(() => false, 1000)
          if (end.phase === 'ended') await table.judgeCommand({ type: 'finalise' })
        } catch (error) {
          failedTables.push(`table ${table.lobbyId}: ${(error as Error).message}`)
        }
        done += 1
      }),
    )
    stopProgress()
    const playMs = performance.now() - start
    // Give the last pushes a moment to land before counting.
    await sleep(500)
    const cpu = process.cpuUsage(cpuBefore)
    // Stopped before the figures are worked out, whose own work is not the run's.
    const clientFigures = clientLoop.stop()
    await send({ type: 'finished' })
    const sent = moves.slice(from, to).map((tableMoves) =>
      [...tableMoves]
        .filter((move) => move.actor >= 0)
        .sort((a, b) => a.sentAt - b.sentAt)
        .map((move) => ({ actor: move.actor, command: move.command, sentAt: move.sentAt, waitedMs: move.waitedMs, accepted: move.error === null })),
    )
    const measured = measure(sent, arrivals.slice(from, to), (table, actor) => String((tables[from + table] as SocketTable).viewers[actor]?.member.id))
    for (const [offset, tableMoves] of measured.plan.entries()) plan[from + offset] = tableMoves
    const all = moves.slice(from, to).flat()
    if (leave) for (const socket of appSockets.slice(from * viewersPerTable, to * viewersPerTable)) socket.disconnect()
    await send({
      type: 'played',
      stats: {
        playMs,
        moves: all.length,
        accepted: all.filter((move) => move.error === null).length,
        lateMoves: tables.reduce((sum, table) => sum + table.lateMoves, 0),
        pushes: measured.pushes,
        pushBytes: measured.pushBytes,
        latencies: measured.latencies,
        byCommand: measured.byCommand,
        unmatched: measured.unmatched,
        late: measured.late,
        silentMoves: measured.silentMoves,
        reloads: reloadsNow() - reloadsBefore,
        failedTables,
        clientCpuMs: (cpu.user + cpu.system) / 1000,
        ...clientFigures,
        dropped: { ...dropped },
        sentMoves: measured.sentMoves,
        wireCheck: null,
      },
      plan: measured.plan,
    })
  }

  /** Each relay table's pushes, by viewer, in arrival order; how many each viewer has; the move waiting for them. */
  let replayArrivals: Arrival[][][] = []
  let received: number[][] = []
  let waiting: Array<(() => void) | null> = []

  /** The relay's clients: the same number of sockets per table, each in its own room as in the game. */
  async function joinRelay(url: string): Promise<void> {
    const sockets = await connectAll(
      url,
      Array.from({ length: tables.length * viewersPerTable }, (_, index) => ({ table: Math.floor(index / viewersPerTable), viewer: index % viewersPerTable })),
    )
    relaySockets = tables.map((_, index) => sockets.slice(index * viewersPerTable, (index + 1) * viewersPerTable))
    replayArrivals = tables.map(() => Array.from({ length: viewersPerTable }, () => []))
    received = tables.map(() => new Array<number>(viewersPerTable).fill(0))
    waiting = tables.map(() => null)
    relaySockets.forEach((tableSockets, table) => {
      tableSockets.forEach((socket, viewer) => {
        const wire = wireArrivals(socket, relayRecorder)
        const lobbyId = (tables[table] as SocketTable).lobbyId
        // The viewer holds its view from the game's pushes, applied as the game's viewer applied them.
        let held: TableSnapshot | null = null
        socket.on('mafia:game:updated', (push: TablePush) => {
          ;(replayArrivals[table]![viewer] as Arrival[]).push(takeArrival(wire, performance.now(), false))
          let applied = applyTablePush(held, lobbyId, push)
          // A push of the host's own command (a time-up) came before it in the game; the relay sends none.
          if (applied.outcome === 'gap' && held !== null) applied = applyTablePush({ ...held, seq: push.seq - 1 }, lobbyId, push)
          if (applied.outcome === 'applied') held = withoutRecord(applied.held)
          received[table]![viewer]! += 1
          waiting[table]?.()
        })
      })
    })
    await send({ type: 'relay-ready' })
  }

  /**
   * Replays the moves of tables `from` to `to` (excluded) through the relay: same sender, same pause,
   * the same viewers pushed to. As in the game, a move is sent once the judge, the previous sender and this sender hold
   * every push of the moves before it.
   */
  async function replayAll(from: number, to: number, rampSeconds: number): Promise<void> {
    const cpuBefore = process.cpuUsage()
    const clientLoop = watchClientLoop()
    const start = performance.now()
    const sent: Array<Array<SentMove & { actor: number; waitedMs: number }>> = plan.slice(from, to).map(() => [])
    const failedTables: string[] = []
    let done = 0
    const stopProgress = progress('relay', to - from, () => done, () => sent.reduce((sum, tableMoves) => sum + tableMoves.length, 0))
    await Promise.all(
      plan.slice(from, to).map(async (tableMoves, offset) => {
        const table = from + offset
        const sockets = relaySockets[table] as AnySocket[]
        const expected = new Array<number>(viewersPerTable).fill(0)
        const holds = (viewer: number) => (received[table]![viewer] as number) >= (expected[viewer] as number)
        let previousActor = 0
        try {
          await sleep((offset * rampSeconds * 1000) / (to - from))
          for (const [index, move] of tableMoves.entries()) {
            const ready = () => holds(0) && holds(previousActor) && holds(move.actor)
            if (!ready()) {
              await new Promise<void>((resolve, reject) => {
                const timer = setTimeout(() => reject(new Error(`move ${index}: its viewers did not get the pushes before it`)), 60_000)
                waiting[table] = () => {
                  if (!ready()) return
                  clearTimeout(timer)
                  waiting[table] = null
                  resolve()
                }
              })
            }
            if (move.waitedMs > 0) await sleep(move.waitedMs)
            for (const viewer of move.viewers) expected[viewer]! += 1
            const sentAt = performance.now()
            await (sockets[move.actor] as AnySocket).timeout(60_000).emitWithAck('relay:move', { table, move: index })
            sent[offset]!.push({ actor: move.actor, command: move.command, sentAt, waitedMs: move.waitedMs, accepted: move.accepted })
            previousActor = move.actor
          }
        } catch (error) {
          failedTables.push(`relay table ${table}: ${(error as Error).message}`)
        }
        done += 1
      }),
    )
    stopProgress()
    const playMs = performance.now() - start
    await sleep(500)
    const cpu = process.cpuUsage(cpuBefore)
    const clientFigures = clientLoop.stop()
    await send({ type: 'finished' })
    const measured = measure(sent, replayArrivals.slice(from, to), (table, actor) => relaySender(from + table, actor))
    const wireCheck = checkWire(plan.slice(from, to), recorder, measured.plan, relayRecorder)
    const all = sent.flat()
    for (const socket of relaySockets.slice(from, to).flat()) socket.disconnect()
    await send({
      type: 'replayed',
      stats: {
        playMs,
        moves: all.length,
        accepted: all.filter((move) => move.accepted).length,
        lateMoves: 0,
        pushes: measured.pushes,
        pushBytes: measured.pushBytes,
        latencies: measured.latencies,
        byCommand: measured.byCommand,
        unmatched: measured.unmatched,
        late: measured.late,
        silentMoves: measured.silentMoves,
        reloads: 0,
        failedTables,
        clientCpuMs: (cpu.user + cpu.system) / 1000,
        ...clientFigures,
        dropped: {},
        sentMoves: measured.sentMoves,
        wireCheck,
      },
    })
  }

  process.on('message', (message: ToClients) => {
    const run = async () => {
      if (message.type === 'app') {
        config = message.settings
        recorder = new WireRecorder(expectedPushBytes(config))
        relayRecorder = new WireRecorder(expectedPushBytes(config))
        await seatTables(message.url, message.members)
      } else if (message.type === 'play') await playAll(message.from, message.to, message.rampSeconds, message.leave)
      else if (message.type === 'close') {
        for (const socket of appSockets) socket.disconnect()
        const wireFile = join(tmpdir(), `bench-game-pushes-${process.pid}.bin`)
        recorder.save(wireFile)
        await send({ type: 'closed', wireFile })
      } else if (message.type === 'relay') await joinRelay(message.url)
      else if (message.type === 'replay') {
        await replayAll(message.from, message.to, message.rampSeconds)
        if (message.last) process.disconnect?.()
      }
    }
    run().catch((error: unknown) => void send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }))
  })
}

/* ---------- the server process ---------- */

/** The relay's run compares with the game's only if its viewers got the game's pushes, byte for byte. */
function sameAsTheGame(stats: RunStats): void {
  const check = stats.wireCheck
  if (!check || check.compared === 0) throw new Error("the relay's pushes were not checked against the game's")
  if (check.differing > 0) throw new Error(`${check.differing} of the relay's ${check.compared} pushes differ from the game's`)
}

/** CPU time (ms) of each PostgreSQL backend serving this database, read from /proc (this machine's server only). */
async function postgresBackends(db: DatabaseHandle['db']): Promise<Map<number, number> | null> {
  try {
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db)
    const times = new Map<number, number>()
    for (const { pid } of rows) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null)
      if (!stat) continue
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // utime and stime, the 14th and 15th fields, in clock ticks of 10 ms.
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * 10)
    }
    return times.size > 0 ? times : null
  } catch {
    return null
  }
}

/** The server's CPU in ms between two readings, by thread: its JavaScript thread, the embedded database's, and the rest (V8's and libuv's helpers). */
function threadsBetween(before: ReturnType<typeof threadCpu>, after: ReturnType<typeof threadCpu>) {
  const main = threadCpuBetween(before, after, (name) => name === 'main')
  const database = threadCpuBetween(before, after, (name) => name === 'pglite')
  const others = threadCpuBetween(before, after, (name) => name !== 'main' && name !== 'pglite')
  return main === null || database === null || others === null ? null : { main, database, others }
}

/**
 * Gives a process `niceness`, every thread of it: Linux keeps a niceness per thread, and a process's
 * helper threads started before the change keep their own. Elsewhere the process alone.
 */
function lowerPriority(pid: number, niceness: number): void {
  let threads: number[]
  try {
    threads = readdirSync(`/proc/${pid}/task`).map(Number)
  } catch {
    threads = [pid]
  }
  for (const thread of threads) {
    try {
      setPriority(thread, niceness)
    } catch (error) {
      // A thread that has ended meanwhile, or a system that refuses: the figures say the niceness asked for.
      if (thread === pid) process.stderr.write(`[bench:game] the client process keeps its priority: ${(error as Error).message}\n`)
    }
  }
}

/**
 * Waits until this process (the server and its database thread) has used under a tenth of a core
 * for half a second, so that a phase's leftover work (sockets connecting or leaving, their reads
 * and writes still queued for the embedded database) is not counted in the next phase's measure.
 * Answers how long it waited, ms; gives up after a minute.
 */
async function settle(): Promise<number> {
  const started = performance.now()
  const windowMs = 500
  while (performance.now() - started < 60_000) {
    const before = process.cpuUsage()
    await new Promise((resolve) => setTimeout(resolve, windowMs))
    const used = process.cpuUsage(before)
    if ((used.user + used.system) / 1000 < windowMs / 10) break
  }
  return performance.now() - started
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

  // The clients get a young generation of 64 MB: 2,860 viewers each hold a view that the next push
  // replaces, and with Node's default the client process scavenged four times as often and stood
  // still twice as long while the games played (213 scavenges, 1.8 s), on the cores the server uses.
  const clients: ChildProcess = fork(fileURLToPath(import.meta.url), ['--clients'], { execArgv: ['--max-semi-space-size=64', '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  lowerPriority(clients.pid as number, settings.clientNice)
  const inbox: FromClients[] = []
  let wake: (() => void) | null = null
  clients.on('message', (message: FromClients) => {
    inbox.push(message)
    wake?.()
  })
  clients.on('exit', (code, signal) => {
    // Any end before the last answer is a failure, a kill by a signal (the kernel's out-of-memory killer) included.
    // After a clean exit its last messages still have a moment to arrive; whoever still waits after that waits in vain.
    const failed = () => {
      inbox.push({ type: 'failed', message: `client process ended: ${signal ?? `exit code ${code}`}` })
      wake?.()
    }
    if (code === 0) setTimeout(failed, 2000)
    else failed()
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

  // --- The app server, in this process, with its own database (PGlite in a temporary DATA_DIR, or DATABASE_URL).
  const statements = new StatementCounter()
  countPostgres(statements)
  // The embedded database in a DATA_DIR on disk, as the server runs it (in memory its files grow by copying themselves whole).
  const { app, database, url: appUrl, close } = await startBenchApp({ name: 'game', onDisk: true, plugins: [statements] })
  // Its thread exists once the database is open.
  const databaseRuntime = statementCpu ? threadRuntimeReader('pglite') : null
  if (databaseRuntime) statements.timeStatementsBy(databaseRuntime)
  phase(`database ${database.kind} migrated and seeded, app listening`)
  const appCommands = timeRequests(app.io, 'mafia:game:command', (socket) => String(socket.data.viewer?.user.id))

  // Users and sessions straight into the database, in bulk.
  const warmup = settings.warmupTables
  const total = (warmup + settings.tables) * viewersPerTable
  const members = await createBenchAccounts(database.db, total, 'game')
  tell({ type: 'app', url: appUrl, members, settings })
  const seated = await expectMessage('seated')
  // The client's helper threads (its collector's, libuv's) are all running by now.
  lowerPriority(clients.pid as number, settings.clientNice)
  phase(`${total} sockets connected in ${(seated.connectMs / 1000).toFixed(1)} s, tables seated in ${(seated.seatMs / 1000).toFixed(1)} s`)
  /** The warm-up's starts are spread as densely as the measured run's. */
  const warmupRamp = (settings.rampSeconds * warmup) / Math.max(1, settings.tables)
  let warmupPlan: PlannedMove[][] = []
  if (warmup > 0) {
    phase(`the server settled in ${(await settle() / 1000).toFixed(1)} s; ${warmup} tables play to warm up, unmeasured`)
    tell({ type: 'play', from: 0, to: warmup, rampSeconds: warmupRamp, leave: true })
    await expectMessage('finished')
    const played = await expectMessage('played')
    if (played.stats.failedTables.length > 0) throw new Error(`the warm-up failed: ${played.stats.failedTables.slice(0, 3).join('; ')}`)
    warmupPlan = played.plan
  }
  phase(`the server settled in ${(await settle() / 1000).toFixed(1)} s; playing`)

  const measuredLobbyIds = seated.lobbyIds.slice(warmup)
  const countEvents = async () =>
    Number((await database.db.selectFrom('game_events').select((eb) => eb.fn.countAll<number>().as('count')).where('lobby_id', 'in', measuredLobbyIds).executeTakeFirstOrThrow()).count)
  const eventsBefore = await countEvents()
  const backendsBefore = database.kind === 'postgres' ? await postgresBackends(database.db) : null
  const loadBefore = loadavg()
  const profiler = profileFile ? await startCpuProfile() : null
  statements.counting = true
  appCommands.recording = true
  // How late the server's event loop runs its timers (Socket.IO's heartbeats among them) while the games play.
  const appLoop = monitorEventLoopDelay({ resolution: loopResolutionMs })
  appLoop.enable()
  const appGc = watchGcPauses()
  const appThreadsBefore = threadCpu()
  const appCpuBefore = process.cpuUsage()
  const appStart = performance.now()
  tell({ type: 'play', from: warmup, to: warmup + settings.tables, rampSeconds: settings.rampSeconds, leave: false })
  await expectMessage('finished')
  const appCpu = process.cpuUsage(appCpuBefore)
  const appThreads = threadsBetween(appThreadsBefore, threadCpu())
  const appWallMs = performance.now() - appStart
  const appGcPauses = appGc.stop()
  appLoop.disable()
  statements.counting = false
  appCommands.recording = false
  const profile: ProfileSummary | null = profiler && profileFile ? await profiler.stop(profileFile) : null
  const { stats: appStats, plan: measuredPlan } = await expectMessage('played')
  const backendsAfter = database.kind === 'postgres' ? await postgresBackends(database.db) : null
  const postgresCpuMs = backendsAfter ? [...backendsAfter.entries()].reduce((sum, [pid, ms]) => sum + ms - (backendsBefore?.get(pid) ?? 0), 0) : null
  const stored = (await countEvents()) - eventsBefore
  const results = await database.db.selectFrom('game_results').select(['outcome', 'finalised']).where('lobby_id', 'in', measuredLobbyIds).execute()
  tell({ type: 'close' })
  const { wireFile } = await expectMessage('closed')
  await app.close()
  phase(`games played in ${(appStats.playMs / 1000).toFixed(1)} s`)
  // The app's sockets leaving (each disconnect reads and writes the database) is no part of playing,
  // and must not fall into the relay's measure either.
  phase(`the app's server settled in ${(await settle() / 1000).toFixed(1)} s after its sockets left; the relay replays the games`)

  // --- A bare Socket.IO relay on another port: each move is answered and its pushes sent to the
  // rooms of exactly the viewers the game pushed to (each player's and the judge's own room, the
  // spectators' shared room), each the very text the game's server wrote for it. Nothing else. Its
  // viewers apply them to the views they hold as the game's viewers did, so both runs' clients do the
  // same work and only the servers differ.
  const recording = new WireRecording(wireFile)
  rmSync(wireFile)
  const httpServer = createServer()
  const relay = new Server(httpServer, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 64 * 1024, parser: { Encoder: RecordedPushEncoder, Decoder } })
  const relayMoves = timeRequests(relay, 'relay:move', (socket) => {
    const { table, viewer } = socket.handshake.auth as { table: number; viewer: number }
    return relaySender(table, viewer)
  })
  /** Every table's moves, the warm-up's first, as the clients number the tables. */
  const plan = [...warmupPlan, ...measuredPlan]
  if (plan.some((moves) => moves.some((move) => move.wireOffsets.some((offset) => offset < 0)))) throw new Error('a push of the game was not recorded, so the relay cannot send it')
  /** Each room's position, as each stream's `seq` in the game: seats and the judge, then the spectators. */
  const positions = plan.map(() => new Array<number>(12).fill(0))
  relay.on('connection', (socket) => {
    const { table, viewer } = socket.handshake.auth as { table: number; viewer: number }
    void socket.join(viewer > 10 ? `t${table}:spectators` : `t${table}:v${viewer}`)
    socket.on('relay:move', (request: { table: number; move: number }, ack: (answer: { seq: number }) => void) => {
      const move = plan[request.table]?.[request.move]
      const seqs = positions[request.table]
      if (!move || !seqs) return ack({ seq: 0 })
      let spectatorsPushed = false
      for (const [index, viewer] of move.viewers.entries()) {
        const room = Math.min(viewer, 11)
        if (room === 11 && spectatorsPushed) continue
        spectatorsPushed ||= room === 11
        seqs[room]! += 1
        const text = recording.text(move.wireOffsets[index] as number, move.wireLengths[index] as number)
        relay.to(room === 11 ? `t${request.table}:spectators` : `t${request.table}:v${room}`).emit(recordedPush, text)
      }
      ack({ seq: seqs[Math.min(move.actor, 11)] ?? 0 })
    })
  })
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', () => resolve()))
  tell({ type: 'relay', url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}` })
  await expectMessage('relay-ready')
  if (warmup > 0) {
    phase(`relay sockets connected, settled in ${(await settle() / 1000).toFixed(1)} s; the warm-up's games replay, unmeasured`)
    tell({ type: 'replay', from: 0, to: warmup, rampSeconds: warmupRamp, last: false })
    await expectMessage('finished')
    const replayed = await expectMessage('replayed')
    if (replayed.stats.failedTables.length > 0) throw new Error(`the relay's warm-up failed: ${replayed.stats.failedTables.slice(0, 3).join('; ')}`)
    sameAsTheGame(replayed.stats)
  }
  phase(`the relay settled in ${(await settle() / 1000).toFixed(1)} s; replaying`)
  const relayLoop = monitorEventLoopDelay({ resolution: loopResolutionMs })
  relayLoop.enable()
  const relayGc = watchGcPauses()
  const relayThreadsBefore = threadCpu()
  const relayCpuBefore = process.cpuUsage()
  const relayStart = performance.now()
  relayMoves.recording = true
  const relayProfiler = profileFile ? await startCpuProfile() : null
  tell({ type: 'replay', from: warmup, to: warmup + settings.tables, rampSeconds: settings.rampSeconds, last: true })
  await expectMessage('finished')
  const relayCpu = process.cpuUsage(relayCpuBefore)
  if (relayProfiler && profileFile) await relayProfiler.stop(profileFile.replace(/(\.cpuprofile)?$/, '.relay.cpuprofile'))
  const relayThreads = threadsBetween(relayThreadsBefore, threadCpu())
  const relayWallMs = performance.now() - relayStart
  const relayGcPauses = relayGc.stop()
  relayLoop.disable()
  relayMoves.recording = false
  const { stats: relayStats } = await expectMessage('replayed')
  sameAsTheGame(relayStats)
  await new Promise<void>((resolve) => relay.close(() => resolve()))
  await close()

  // --- The figures, the app's beside the relay's.
  const format = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a')
  const figures = (stats: RunStats, cpu: NodeJS.CpuUsage, wallMs: number, loop: ReturnType<typeof monitorEventLoopDelay>) => {
    const sorted = [...stats.latencies].sort((a, b) => a - b)
    const delay = loopDelay(loop)
    const cpuMs = (cpu.user + cpu.system) / 1000
    const seconds = stats.playMs / 1000
    return {
      stats,
      cpuMsPerTable: cpuMs / settings.tables,
      coreShare: cpuMs / wallMs,
      clientCoreShare: stats.clientCpuMs / stats.playMs,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1) ?? Number.NaN,
      movesPerSecond: stats.accepted / seconds,
      pushesPerSecond: stats.pushes / seconds,
      pushesPerMove: stats.pushes / stats.accepted,
      loopP99: delay.p99,
      loopMax: delay.max,
    }
  }
  const game = figures(appStats, appCpu, appWallMs, appLoop)
  const bare = figures(relayStats, relayCpu, relayWallMs, relayLoop)
  const ratio = (app: number, relayed: number) => format(app / relayed, 2)
  const unmatchedText = (stats: RunStats) =>
    `${stats.unmatched.host + stats.unmatched.beforeFirstMove + stats.unmatched.noMoveLeft} (host ${stats.unmatched.host}, before the first move ${stats.unmatched.beforeFirstMove}, no move left ${stats.unmatched.noMoveLeft})`

  console.log(
    `\nGame benchmark: ${settings.tables} judged tables of ten, ${settings.spectators} spectators each (${total} sockets, connected in ${format(seated.connectMs / 1000)} s, seated in ${format(seated.seatMs / 1000)} s), pace ${settings.paceMs} ms per judge or speaker move, starts spread over ${settings.rampSeconds} s, after ${warmup} tables played a whole game on each server to warm up, the client process at niceness ${settings.clientNice}, database ${database.kind}, Node ${process.version}, load average (1, 5, 15 min) before playing ${loadBefore.map((value) => value.toFixed(1)).join(' ')}, at the end ${loadavg().map((value) => value.toFixed(1)).join(' ')}${profile ? ', CPU PROFILED (slower)' : ''}`,
  )
  console.log('')
  console.log('| figure | app | bare relay | app / relay |')
  console.log('|---|---:|---:|---:|')
  const line = (title: string, app: string, relayed: string, ratioText = '') => console.log(`| ${title} | ${app} | ${relayed} | ${ratioText} |`)
  line('server CPU per table, ms per game', format(game.cpuMsPerTable, 0), format(bare.cpuMsPerTable, 0), ratio(game.cpuMsPerTable, bare.cpuMsPerTable))
  const perTable = (threads: ReturnType<typeof threadsBetween>, part: 'main' | 'database' | 'others') => (threads ? format(threads[part] / settings.tables, 0) : 'n/a')
  line('  of which the main thread', perTable(appThreads, 'main'), perTable(relayThreads, 'main'))
  if (database.kind === 'pglite') line("  of which the embedded database's thread", perTable(appThreads, 'database'), perTable(relayThreads, 'database'))
  line("  of which the other threads (the garbage collector's, libuv's)", perTable(appThreads, 'others'), perTable(relayThreads, 'others'))
  // Socket writes and reads on loopback are worked by the kernel in the writer's and reader's time.
  line('  of it, in the kernel (system time, all threads)', format(appCpu.system / 1000 / settings.tables, 0), format(relayCpu.system / 1000 / settings.tables, 0))
  line('server cores busy while playing', format(game.coreShare, 2), format(bare.coreShare, 2))
  line('tables one core carries at this pace', format(settings.tables / game.coreShare, 0), format(settings.tables / bare.coreShare, 0))
  line('move to every pushed viewer, p50 ms', format(game.p50, 2), format(bare.p50, 2), ratio(game.p50, bare.p50))
  line('p95 ms', format(game.p95, 2), format(bare.p95, 2), ratio(game.p95, bare.p95))
  line('p99 ms', format(game.p99, 2), format(bare.p99, 2), ratio(game.p99, bare.p99))
  line('max ms', format(game.max, 0), format(bare.max, 0))
  const serverTime = (timer: RequestTimer) => {
    const sorted = timer.requests.map((request) => request.answeredAt - request.arrivedAt).sort((a, b) => a - b)
    return `${format(percentile(sorted, 0.5), 2)} / ${format(percentile(sorted, 0.99), 2)} / ${format(sorted.at(-1) ?? Number.NaN, 0)}`
  }
  const appParts = latencyParts(game.stats.sentMoves, appCommands.requests)
  const relayParts = latencyParts(bare.stats.sentMoves, relayMoves.requests)
  const spreadText = (parts: LatencyParts, part: 'toServer' | 'fromServer') => `${format(parts[part].p50, 2)} / ${format(parts[part].p99, 2)}`
  line("  the way there: a move's sending to its arrival at the server, decoded, p50 / p99 ms", spreadText(appParts, 'toServer'), spreadText(relayParts, 'toServer'))
  line("  the server's own part: its arrival to its answer written out, p50 / p99 / max ms", serverTime(appCommands), serverTime(relayMoves))
  // The answer leaves in the same turn of the server's event loop as the move's pushes.
  line("  the way back: the answer written out to its last viewer's client handling the push, p50 / p99 ms", spreadText(appParts, 'fromServer'), spreadText(relayParts, 'fromServer'))
  const slowestText = (parts: LatencyParts) => [parts.slowest.total, parts.slowest.toServer, parts.slowest.server, parts.slowest.fromServer].map((value) => format(value, 1)).join(' / ')
  line('  the slowest 1% of moves, mean ms: whole / there / server / back', slowestText(appParts), slowestText(relayParts))
  line('moves measured', String(game.stats.latencies.length), String(bare.stats.latencies.length))
  line('pushes per accepted move', format(game.pushesPerMove, 2), format(bare.pushesPerMove, 2))
  line('mean push, characters on the wire', format(game.stats.pushBytes, 0), format(bare.stats.pushBytes, 0))
  line('play time, s', format(game.stats.playMs / 1000), format(bare.stats.playMs / 1000))
  line('accepted moves per second', format(game.movesPerSecond, 0), format(bare.movesPerSecond, 0))
  line('pushes received per second', format(game.pushesPerSecond, 0), format(bare.pushesPerSecond, 0))
  line('stored events per second', format(stored / (game.stats.playMs / 1000), 0), '')
  line('pushes that arrived after the next move was sent', String(game.stats.late), String(bare.stats.late))
  line('pushes matched to no move', unmatchedText(game.stats), unmatchedText(bare.stats))
  line('server event loop delay p99 / max, ms (how late a timer ran)', `${format(game.loopP99, 0)} / ${format(game.loopMax, 0)}`, `${format(bare.loopP99, 0)} / ${format(bare.loopMax, 0)}`)
  const pauses = (figures: PauseFigures) => `${figures.count} / ${format(figures.totalMs, 0)} / ${format(figures.maxMs, 0)}`
  line("server garbage collector's pauses: young generation, count / total / longest ms", pauses(appGcPauses.young), pauses(relayGcPauses.young))
  line('  whole heap (mark-compact), count / total / longest ms', pauses(appGcPauses.whole), pauses(relayGcPauses.whole))
  line('client process cores busy', format(game.clientCoreShare, 2), format(bare.clientCoreShare, 2))
  line('client process event loop delay p99 / max, ms (its arrivals are recorded that late)', `${format(game.stats.clientLoopP99, 0)} / ${format(game.stats.clientLoopMax, 0)}`, `${format(bare.stats.clientLoopP99, 0)} / ${format(bare.stats.clientLoopMax, 0)}`)
  line("client process garbage collector's pauses: young generation / whole heap, count / total / longest ms", `${pauses(game.stats.clientGc.young)} / ${pauses(game.stats.clientGc.whole)}`, `${pauses(bare.stats.clientGc.young)} / ${pauses(bare.stats.clientGc.whole)}`)
  console.log('')

  const ended = results.filter((result) => result.finalised).length
  console.log(
    `games: ${ended} of ${settings.tables} ended and finalised (${results.filter((result) => result.outcome === 'red').length} red wins); moves ${game.stats.moves} (${game.stats.accepted} accepted, ${game.stats.moves - game.stats.accepted} refused, ${game.stats.lateMoves} of them late after a time-up); events stored ${stored}`,
  )
  console.log(
    `latency = from sending a move to the arrival of its push at the last viewer who gets one (every viewer of the table the game pushes to; the relay pushes to the same viewers); pushes are matched to moves by time, see tests/bench/push-matching.ts; ${game.stats.silentMoves} accepted app moves and ${bare.stats.silentMoves} relay moves had no push matched`,
  )
  const byCommand = (stats: RunStats) =>
    [...stats.byCommand]
      .sort((a, b) => b.count - a.count)
      .map((entry) => `${entry.command} ${entry.count} ${format(entry.p50, 0)}/${format(entry.p99, 0)}`)
      .join(', ')
  console.log(`latency by command (count, p50/p99 ms): app ${byCommand(game.stats)}`)
  console.log(`                                        relay ${byCommand(bare.stats)}`)
  const statementsTotal = statements.total()
  const perMove = statementsTotal / game.stats.accepted
  console.log(
    `SQL statements while playing: ${statementsTotal}, ${format(perMove, 3)} per accepted move (${statements.transactionControl()} of them BEGIN/COMMIT/ROLLBACK; without them ${format((statementsTotal - statements.transactionControl()) / game.stats.accepted, 3)} per move)`,
  )
  for (const [text, count] of [...statements.counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`  ${String(count).padStart(8)}  ${format(count / game.stats.accepted, 3)}/move  ${text}`)
  }
  if (databaseRuntime) {
    const counts = statements.counts
    console.log("the embedded database's thread's CPU by statement while playing (from the end of the one before to its own end; ms in all, ms each):")
    for (const [text, ns] of [...statements.cpuByGroup.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
      console.log(`  ${format(ns / 1e6, 0).padStart(8)}  ${format(ns / 1e6 / (counts.get(text) ?? 1), 3)} each  ${text}`)
    }
  }
  const executing = [...statements.executing].sort((a, b) => a - b)
  const waited = [...statements.waited].sort((a, b) => a - b)
  console.log(
    `SQL time: the server waited p50 ${format(percentile(waited, 0.5), 2)} ms, p99 ${format(percentile(waited, 0.99), 2)} ms for a query (the ${database.kind === 'postgres' ? "pool's" : "embedded database's"} queue included); from the driver's send to its answer a statement took p50 ${format(percentile(executing, 0.5), 2)} ms, p99 ${format(percentile(executing, 0.99), 2)} ms (this process's event-loop lag included)`,
  )
  if (postgresCpuMs !== null) console.log(`PostgreSQL backends of this database while playing: ${format(postgresCpuMs / 1000)} s CPU, ${format(postgresCpuMs / settings.tables, 0)} ms per table (not in the server's figure)`)
  if (appParts.unpaired + relayParts.unpaired > 0) console.log(`moves left out of the parts of a move's time (their sender's moves and requests did not pair up): app ${appParts.unpaired}, relay ${relayParts.unpaired}`)
  console.log(`the relay's pushes, each checked against the game's: ${relayStats.wireCheck?.compared ?? 0}, the same viewers and the same bytes`)
  console.log(`view reloads by the clients while playing (syncs and loads after the first load): ${game.stats.reloads}`)
  const drops = Object.entries(game.stats.dropped)
  console.log(`sockets dropped while playing: ${drops.length > 0 ? drops.map(([reason, count]) => `${count} (${reason})`).join(', ') : 'none'}`)
  for (const failure of [...game.stats.failedTables, ...bare.stats.failedTables].slice(0, 5)) console.log(`failed: ${failure}`)

  console.log('')
  const verdict = (met: boolean) => (met ? 'met' : 'OVER BUDGET')
  const cpuRatio = game.cpuMsPerTable / bare.cpuMsPerTable
  const p99Ratio = game.p99 / bare.p99
  console.log(`budget: server CPU per table ${format(cpuRatio, 2)}x the relay's (at most ${budgets.cpuRatio}x): ${verdict(cpuRatio <= budgets.cpuRatio)}`)
  console.log(`budget: p99 ${format(p99Ratio, 2)}x the relay's (at most ${budgets.p99Ratio}x): ${verdict(p99Ratio <= budgets.p99Ratio)}`)
  console.log(`budget: SQL statements per accepted move ${format(perMove, 3)} (at most ${budgets.statementsPerMove}): ${verdict(perMove <= budgets.statementsPerMove)}`)
  console.log(`budget: view reloads while playing ${game.stats.reloads} (at most ${budgets.reloads}): ${verdict(game.stats.reloads <= budgets.reloads)}`)
  console.log(
    `budget: server event loop delay p99 ${format(game.loopP99, 1)} ms while playing (under ${budgets.loopDelayP99Ms} ms; the relay's ${format(bare.loopP99, 1)} ms): ${verdict(game.loopP99 < budgets.loopDelayP99Ms)}`,
  )

  if (profile && profileFile) {
    console.log('')
    console.log(`server CPU profile while playing (${profileFile}): ${format(profile.totalMs / 1000)} s sampled`)
    console.log('  by file or package (self time):')
    for (const entry of profile.places) console.log(`  ${format(entry.ms, 0).padStart(8)} ms  ${format((100 * entry.ms) / profile.totalMs, 1).padStart(5)} %  ${entry.name}`)
    console.log('  by function (self time):')
    for (const entry of profile.functions) console.log(`  ${format(entry.ms, 0).padStart(8)} ms  ${format((100 * entry.ms) / profile.totalMs, 1).padStart(5)} %  ${entry.name}`)
    console.log("  the project's own functions (with what they call):")
    for (const entry of profile.inclusive) console.log(`  ${format(entry.ms, 0).padStart(8)} ms  ${format((100 * entry.ms) / profile.totalMs, 1).padStart(5)} %  ${entry.name}`)
  }
  console.log(`total time ${format((performance.now() - started) / 1000)} s`)
  clearTimeout(watchdog)
  process.exit(game.stats.failedTables.length > 0 || bare.stats.failedTables.length > 0 ? 1 : 0)
}

if (process.argv.includes('--clients')) await runClients()
else await runServers()
