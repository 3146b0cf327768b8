import { Agent, request as httpRequest } from 'node:http'
import { io, type Socket } from 'socket.io-client'
import { NoPayload } from '../../server/contract/socket/common'
import { corpus, type CorpusCase } from './corpus'
import type { FuzzApp } from './fuzz-app'
import { httpCase, type HttpCase, type HttpIdentity } from './http-cases'
import { createRandom, type Random } from './prng'
import { changes, createSnapshotter, type Snapshot } from './snapshot'
import { httpTargets, socketTargets, strayEvents, unservedContractRoutes, type HttpTarget, type SocketTarget } from './targets'
import { generatePayload, materialise, oddValue, preview, toJsonText, type IdPools, type Schema } from './values'
import { buildWorld, newSession, type World } from './world'

export type FindingKind = 'crash' | '5xx' | 'write' | 'unanswered'

/** One thing the server did wrong, with the payload that made it. */
export interface Finding {
  kind: FindingKind
  /** The route (`POST /api/auth/signup`) or event (`chat:message`) the payload went to. */
  target: string
  identity: string
  /** The payload's number in this run (`corpus:<name>` for the fixed cases). */
  index: string
  mutation: string
  payload: string
  detail: string
}

export interface FuzzOptions {
  seed: number
  count: number
  /** Refused payloads between two snapshots (a dirty batch is bisected down to its payload). */
  batchSize?: number
  /** How long an answer may take before the payload counts as unanswered. */
  answerTimeoutMs?: number
  /** Progress lines (every `progressEvery` payloads) and the setup's steps. */
  log?: (line: string) => void
  progressEvery?: number
  /** Logs each payload before it is sent (to find the one a run hangs on). */
  trace?: boolean
  /** Replays the fixed corpus of earlier findings before the generated payloads (default true). */
  withCorpus?: boolean
}

export interface FuzzReport {
  seed: number
  /** Payloads sent, generated and from the corpus. */
  sent: number
  perTarget: Map<string, number>
  accepted: number
  refused: number
  /** Payloads after which the server closed the connection or gave no status (counted, not findings). */
  dropped: number
  findings: Finding[]
  /**
   * Changes after a batch of refused payloads that no payload of the batch made again when sent
   * alone: work the server did by itself (a timer, a disconnect's clean-up). Printed, not counted.
   */
  unattributed: string[]
  /** Milliseconds spent on each target's payloads, answers and snapshots included. */
  timePerTarget: Map<string, number>
  /** Contract routes the server does not serve. */
  unservedRoutes: string[]
  durationMs: number
  snapshots: number
}

type Status = 'refused' | 'accepted' | 'ambiguous'

interface Outcome {
  status: Status
  fault?: { kind: FindingKind; detail: string }
  dropped?: boolean
}

/** One payload, ready to send and to send again while a dirty batch is bisected. */
interface Item {
  index: string
  target: string
  identity: string
  mutation: string
  describe(): string
  send(): Promise<Outcome>
  /** What a replay needs first: a live socket of its identity. */
  needsSocket?: SocketIdentity
}

type SocketIdentity = 'anonymous' | 'attacker' | 'share-page'
type AnySocket = Socket<any, any>

const httpAgent = new Agent({ keepAlive: true, maxSockets: 8 })

function sendHttp(baseUrl: string, request: HttpCase, token: string | undefined, timeoutMs: number): Promise<Outcome & { status: Status; code?: number }> {
  const url = new URL(baseUrl)
  const headers: Record<string, string | number> = { ...request.headers }
  if (request.bearer && token) headers.authorization = `Bearer ${token}`
  if (request.body) headers['content-length'] = request.body.length
  return new Promise((resolve) => {
    let settled = false
    const finish = (outcome: Outcome & { code?: number }) => {
      if (settled) return
      settled = true
      resolve(outcome)
    }
    let sent
    try {
      sent = httpRequest({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent: httpAgent })
    } catch (error) {
      // Node refused to write the request (an unescaped character): nothing reached the server.
      finish({ status: 'refused', dropped: true, fault: undefined, code: 0 })
      void error
      return
    }
    sent.setTimeout(timeoutMs, () => {
      finish({ status: 'refused', fault: { kind: 'unanswered', detail: `no HTTP answer within ${timeoutMs} ms` } })
      sent.destroy()
    })
    sent.on('response', (response) => {
      const code = response.statusCode ?? 0
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => {
        if (chunks.length < 4) chunks.push(chunk)
      })
      response.on('end', () => {
        if (code >= 500) finish({ status: 'refused', code, fault: { kind: '5xx', detail: `HTTP ${code}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}` } })
        else finish({ status: code >= 400 ? 'refused' : 'accepted', code })
      })
      response.on('error', () => finish({ status: 'ambiguous', dropped: true, code }))
    })
    sent.on('upgrade', (_response, socket) => {
      socket.destroy()
      finish({ status: 'accepted', code: 101 })
    })
    sent.on('error', () => finish({ status: 'ambiguous', dropped: true }))
    sent.end(request.body)
  })
}

/**
 * Writes a Socket.IO event packet (`2<ack id>[event, ...args]`) straight to the connection, the
 * JSON text written by `toJsonText` (markers and all), registering the ack the way the client does.
 */
function writePacket(socket: AnySocket, data: unknown[], ack: ((answer: unknown) => void) | undefined): void {
  const internals = socket as unknown as { ids: number; acks: Record<number, (answer: unknown) => void>; io: { engine: { write(message: string): void } } }
  let id = ''
  if (ack) {
    const number = internals.ids++
    internals.acks[number] = ack
    id = String(number)
  }
  internals.io.engine.write(`2${id}${toJsonText(data)}`)
}

/** The outcome, or an unanswered one when even the sender's own timeouts did not end the wait. */
function watchdog(sending: Promise<Outcome>, limitMs: number): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'refused', fault: { kind: 'unanswered', detail: `no outcome within ${limitMs} ms` } }), limitMs)
  })
  return Promise.race([sending, expired]).finally(() => clearTimeout(timer))
}

function classifyAck(answer: unknown): Outcome {
  if (answer && typeof answer === 'object' && !Array.isArray(answer) && 'error' in answer) {
    const error = (answer as { error: unknown }).error
    if (error === 'errors.internal') return { status: 'refused', fault: { kind: '5xx', detail: 'ack errors.internal' } }
    return { status: 'refused' }
  }
  return { status: 'accepted' }
}

/**
 * Runs the fuzz: builds the world (attacker, victim), sends `count` generated payloads (and the
 * corpus) to every HTTP route and socket event as the anonymous caller, the attacker and the
 * attacker's share page, and watches for crashes, 5xx answers, error log lines, unanswered requests
 * and writes. The app is the caller's; the sockets this opens are closed before it returns.
 */
export async function runFuzz(target: FuzzApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now()
  const log = options.log ?? (() => undefined)
  const batchSize = options.batchSize ?? 100
  const answerTimeoutMs = options.answerTimeoutMs ?? 10_000
  const progressEvery = options.progressEvery ?? 10_000
  const db = target.database.db
  const random = createRandom(options.seed)

  log('building the world: an attacker, a victim with chats, a party, friends, a table and a share key')
  const world: World = await buildWorld(target.url, db)
  const pools: IdPools = world.pools
  const snapshotter = await createSnapshotter(db, target.uploadsDir)
  const report: FuzzReport = {
    seed: options.seed,
    sent: 0,
    perTarget: new Map(),
    accepted: 0,
    refused: 0,
    dropped: 0,
    findings: [],
    unattributed: [],
    timePerTarget: new Map(),
    unservedRoutes: unservedContractRoutes(target.app),
    durationMs: 0,
    snapshots: 0,
  }

  // ---- crashes: anything thrown out of the process's event loop while the payloads run
  let current: Item | undefined
  let replaying = false
  const record = (kind: FindingKind, item: Item | undefined, detail: string) => {
    if (replaying && kind !== 'write' && kind !== 'crash') return
    report.findings.push({
      kind,
      target: item?.target ?? '(between payloads)',
      identity: item?.identity ?? '',
      index: item?.index ?? '',
      mutation: item?.mutation ?? '',
      payload: item ? item.describe() : '',
      detail,
    })
  }
  const onUncaught = (error: unknown) => record('crash', current, `uncaught exception: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  const onRejection = (error: unknown) => record('crash', current, `unhandled rejection: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.on('uncaughtException', onUncaught)
  process.on('unhandledRejection', onRejection)

  // ---- the identities' sockets, opened on demand
  const sockets = new Map<SocketIdentity, AnySocket>()
  const revoked = { attacker: false }
  async function openSocket(identity: SocketIdentity): Promise<AnySocket> {
    const auth = identity === 'attacker' ? { token: world.attacker.token } : identity === 'share-page' ? { shareKey: world.attackerShareKey } : {}
    const socket: AnySocket = io(target.url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, forceNew: true, timeout: answerTimeoutMs })
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', (error: Error) => reject(error))
    })
    socket.on('auth:revoked', () => {
      revoked.attacker = true
    })
    return socket
  }
  async function socketOf(identity: SocketIdentity): Promise<AnySocket> {
    const existing = sockets.get(identity)
    if (existing?.connected) return existing
    existing?.close()
    try {
      const socket = await openSocket(identity)
      sockets.set(identity, socket)
      return socket
    } catch (error) {
      // The attacker signed themselves out, or replaced their share key: a new one, then again.
      if (identity === 'attacker') await newSession(db, world.attacker)
      else if (identity === 'share-page') world.attackerShareKey = await renewShareKey()
      else throw error
      const socket = await openSocket(identity)
      sockets.set(identity, socket)
      return socket
    }
  }
  async function renewShareKey(): Promise<string> {
    await ensureAttackerSession()
    const answer = await fetch(`${target.url}/api/auth/shareKey`, { method: 'POST', headers: { authorization: `Bearer ${world.attacker.token}` } })
    const body = (await answer.json()) as { key?: string }
    if (!body.key) throw new Error(`the attacker's share key could not be renewed: ${answer.status}`)
    return body.key
  }
  async function ensureAttackerSession(): Promise<void> {
    const answer = await fetch(`${target.url}/api/auth`, { headers: { authorization: `Bearer ${world.attacker.token}` } })
    await answer.arrayBuffer()
    if (answer.status !== 200) {
      await newSession(db, world.attacker)
    }
  }

  // ---- payload items
  function httpItem(index: string, route: HttpTarget, identity: HttpIdentity, request: HttpCase): Item {
    return {
      index,
      target: route.name,
      identity,
      mutation: request.mutation,
      describe: () => `${request.method} ${request.path.slice(0, 200)}${request.body ? ` ${preview(request.body.toString('utf8'), 200)}` : ''}${Object.keys(request.headers).length ? ` headers ${preview(request.headers, 160)}` : ''}`,
      async send() {
        return sendHttp(target.url, request, identity === 'attacker' ? world.attacker.token : undefined, answerTimeoutMs)
      },
    }
  }

  function socketItem(index: string, event: string, identity: SocketIdentity, args: unknown[], acked: boolean, mutation: string, raw = false): Item {
    return {
      index,
      target: event.length > 60 ? `${event.slice(0, 40)}… (${event.length} chars)` : event,
      identity,
      mutation,
      needsSocket: identity,
      describe: () => `${preview(event, 60)} ${args.map((arg) => preview(arg, 200)).join(', ')}`,
      async send() {
        const socket = await socketOf(identity)
        const wire = args.map(materialise)
        return new Promise<Outcome>((resolve) => {
          let settled = false
          const finish = (outcome: Outcome) => {
            if (settled) return
            settled = true
            clearTimeout(timer)
            socket.off('disconnect', onDisconnect)
            resolve(outcome)
          }
          const onDisconnect = () => finish({ status: 'ambiguous', dropped: true })
          socket.on('disconnect', onDisconnect)
          const timer = setTimeout(
            () => finish(acked ? { status: 'refused', fault: { kind: 'unanswered', detail: `no ack within ${answerTimeoutMs} ms` } } : { status: 'ambiguous' }),
            answerTimeoutMs,
          )
          const onAck = (answer: unknown) => finish(classifyAck(answer))
          try {
            if (raw) (socket as unknown as { packet(packet: { type: number; data: unknown[] }): void }).packet({ type: 2, data: [event, ...wire] })
            else if (acked) socket.emit(event, ...wire, onAck)
            else socket.emit(event, ...wire)
          } catch {
            // The client's encoder recurses, so 10,000 levels overflow its stack: the packet is written by hand.
            try {
              writePacket(socket, [event, ...args], acked ? onAck : undefined)
            } catch {
              finish({ status: 'refused', dropped: true })
              return
            }
          }
          // An event with no ack: a ping behind it on the same socket says it was taken in.
          if (!acked) socket.emit('getOnline', () => finish({ status: 'ambiguous' }))
        })
      },
    }
  }

  function handshakeItem(index: string, auth: unknown, mutation: string): Item {
    return {
      index,
      target: 'socket handshake',
      identity: 'anonymous',
      mutation,
      describe: () => `auth ${preview(auth, 200)}`,
      send: () =>
        new Promise<Outcome>((resolve) => {
          const socket: AnySocket = io(target.url, { path: '/socket.io', transports: ['websocket'], auth: materialise(auth) as Record<string, unknown>, reconnection: false, forceNew: true, timeout: answerTimeoutMs })
          let settled = false
          const finish = (outcome: Outcome) => {
            if (settled) return
            settled = true
            clearTimeout(timer)
            socket.close()
            resolve(outcome)
          }
          const timer = setTimeout(() => finish({ status: 'refused', fault: { kind: 'unanswered', detail: 'handshake unanswered' } }), answerTimeoutMs)
          // A handshake over the size cap: the server closes the connection without a word.
          socket.io.once('close', () => finish({ status: 'refused', dropped: true }))
          socket.once('connect', () => finish({ status: 'accepted' }))
          socket.once('connect_error', (error: Error) => {
            if (error.message === 'errors.internal') finish({ status: 'refused', fault: { kind: '5xx', detail: 'handshake refused with errors.internal' } })
            else if (error.message === 'timeout') finish({ status: 'refused', fault: { kind: 'unanswered', detail: 'handshake unanswered' } })
            else finish({ status: 'refused' })
          })
        }),
    }
  }

  const httpRoutes = httpTargets(target.app)
  const events = socketTargets()
  type Plan = { kind: 'http'; route: HttpTarget } | { kind: 'socket'; event: SocketTarget } | { kind: 'handshake' } | { kind: 'stray' }
  const plans: Plan[] = [
    ...httpRoutes.map((route): Plan => ({ kind: 'http', route })),
    ...events.map((event): Plan => ({ kind: 'socket', event })),
    { kind: 'handshake' },
    { kind: 'stray' },
  ]
  const turns = new Map<Plan, number>()
  const httpIdentities: HttpIdentity[] = ['attacker', 'anonymous']
  const socketIdentities: SocketIdentity[] = ['attacker', 'anonymous', 'attacker', 'share-page']

  function generate(index: number, random: Random): Item {
    // Every target in turn, in an order shuffled afresh for each round.
    const round = Math.floor(index / plans.length)
    const order = roundOrder(round)
    const plan = plans[order[index % plans.length] as number] as Plan
    const turn = turns.get(plan) ?? 0
    turns.set(plan, turn + 1)
    const label = String(index)
    if (plan.kind === 'http') {
      return httpItem(label, plan.route, httpIdentities[turn % httpIdentities.length] as HttpIdentity, httpCase(plan.route, random, pools))
    }
    if (plan.kind === 'handshake') {
      const odd = oddValue(random, pools)
      const auth = random.pick<unknown>([{ token: odd }, { shareKey: odd }, { token: world.attacker.token, shareKey: odd }, { token: odd, shareKey: world.attackerShareKey }, odd, { token: 'x'.repeat(100_000) }])
      return handshakeItem(label, auth, 'handshake-auth')
    }
    if (plan.kind === 'stray') {
      const event = random.pick(strayEvents)
      return socketItem(label, event, random.pick(socketIdentities), [oddValue(random, pools)], false, 'stray-event', true)
    }
    const { event } = plan
    const identity = socketIdentities[turn % socketIdentities.length] as SocketIdentity
    const schema = event.payload as Schema
    const payload = generatePayload(schema, random, pools)
    let args: unknown[] = payload.value === undefined ? [] : [payload.value]
    let mutation: string = payload.mutation
    if (event.payload === NoPayload && random.chance(0.5)) {
      args = []
      mutation = 'no-payload'
    }
    const extra = random.int(20)
    if (extra === 0) {
      args = [...args, oddValue(random, pools)]
      mutation += '+extra-argument'
    } else if (extra === 1) {
      args = [Buffer.from(toJsonText(args[0] ?? null))]
      mutation += '+binary'
    } else if (extra === 2) {
      args = [{ data: Buffer.alloc(1024, 1), value: args[0] ?? null }]
      mutation += '+binary-field'
    }
    return socketItem(label, event.event, identity, args, event.acked, mutation)
  }

  const orders = new Map<number, number[]>()
  function roundOrder(round: number): number[] {
    let order = orders.get(round)
    if (!order) {
      const shuffle = random.fork(`round-${round}`)
      order = plans.map((_, position) => position)
      for (let position = order.length - 1; position > 0; position -= 1) {
        const swap = shuffle.int(position + 1)
        ;[order[position], order[swap]] = [order[swap] as number, order[position] as number]
      }
      orders.clear()
      orders.set(round, order)
    }
    return order
  }

  function corpusItem(entry: CorpusCase): Item {
    const label = `corpus:${entry.name}`
    if (entry.http) {
      const route = httpRoutes.find((candidate) => candidate.method === entry.http?.method && candidate.url === entry.http.route) ?? { kind: 'http', method: entry.http.method, url: entry.http.route, definition: undefined, name: `${entry.http.method} ${entry.http.route}` }
      const body = entry.http.body === undefined ? undefined : Buffer.from(typeof entry.http.body === 'string' ? entry.http.body : toJsonText(entry.http.body(pools)))
      const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...entry.http.headers }
      return httpItem(label, route, entry.identity === 'anonymous' ? 'anonymous' : 'attacker', { method: entry.http.method, path: entry.http.path ?? entry.http.route, headers, body, bearer: true, mutation: 'corpus' })
    }
    const socket = entry.socket as NonNullable<CorpusCase['socket']>
    return socketItem(label, socket.event, entry.identity, socket.args(pools), socket.acked ?? true, 'corpus')
  }

  // ---- writes: snapshots around batches of refused payloads
  let baseline: Snapshot = await snapshotter.take()
  let pending: Item[] = []
  const take = async () => {
    report.snapshots += 1
    return snapshotter.take()
  }

  /** Sends items again, one group at a time, down to the ones that write on their own. */
  async function bisect(items: Item[], retried = false): Promise<Array<{ item: Item; changed: string[] }>> {
    if (items.length === 1 && items[0]?.needsSocket) await socketOf(items[0].needsSocket)
    const before = await take()
    const outcomes: Outcome[] = []
    for (const item of items) {
      current = item
      const outcome = await item.send()
      if (outcome.dropped) await serverSettled()
      outcomes.push(outcome)
    }
    target.errors.take()
    const after = await take()
    const changed = changes(before, after)
    if (changed.length === 0) return []
    if (items.length === 1) {
      // A session or share key renewed on the way is the harness's write, not the payload's; so is
      // a write the server finishes late for an earlier socket (a connect joins the general chat):
      // a payload is blamed only when it writes again when sent once more on a settled server.
      if (!retried) {
        await serverSettled()
        return bisect(items, true)
      }
      return outcomes[0]?.status === 'refused' && !outcomes[0].dropped ? [{ item: items[0] as Item, changed }] : []
    }
    const middle = Math.ceil(items.length / 2)
    return [...(await bisect(items.slice(0, middle))), ...(await bisect(items.slice(middle)))]
  }

  /** Compares the database with the baseline; a change after refused payloads is found out by bisection. */
  async function settle(acceptedItem?: Item): Promise<void> {
    const after = await take()
    const changed = changes(baseline, after)
    if (changed.length > 0 && pending.length > 0) {
      replaying = true
      const culprits = await bisect(pending)
      replaying = false
      for (const culprit of culprits) record('write', culprit.item, `a refused payload changed ${culprit.changed.join(', ')}`)
      if (culprits.length === 0 && !acceptedItem) {
        report.unattributed.push(`after payloads ${pending[0]?.index}…${pending.at(-1)?.index}: ${changed.join(', ')}`)
      }
      pending = []
      baseline = await take()
      return
    }
    pending = []
    baseline = after
  }

  async function healthy(): Promise<boolean> {
    try {
      const answer = await fetch(`${target.url}/api/health`, { signal: AbortSignal.timeout(answerTimeoutMs) })
      await answer.arrayBuffer()
      return answer.status < 500
    } catch {
      return false
    }
  }

  let attackerChecked = true
  async function run(item: Item): Promise<boolean> {
    // Getting a socket or a session back may write (a new session): never inside a batch.
    const needs = item.needsSocket
    if ((needs && !sockets.get(needs)?.connected) || (!attackerChecked && item.identity === 'attacker') || revoked.attacker) {
      await settle()
      if (!attackerChecked || revoked.attacker) {
        await ensureAttackerSession()
        attackerChecked = true
        revoked.attacker = false
        sockets.get('attacker')?.close()
      }
      if (needs) await socketOf(needs)
      baseline = await take()
    }
    current = item
    if (options.trace) log(`#${item.index} ${item.identity} ${item.target} ${item.mutation}`)
    const sentAt = performance.now()
    const outcome = await watchdog(item.send(), 3 * answerTimeoutMs)
    if (options.trace) log(`  ${outcome.status}${outcome.dropped ? ' (dropped)' : ''}${outcome.fault ? ` ${outcome.fault.kind}` : ''}`)
    report.sent += 1
    report.perTarget.set(item.target, (report.perTarget.get(item.target) ?? 0) + 1)
    if (outcome.dropped) {
      report.dropped += 1
      // The server cleans up after a closed connection (a seat, a queue place) on its own time.
      if (item.needsSocket && item.needsSocket !== 'anonymous') await serverSettled()
    }
    const logged = target.errors.take()
    if (outcome.fault) record(outcome.fault.kind, item, [outcome.fault.detail, ...logged.map((line) => `error log line: ${line}`)].join('\n'))
    else if (logged.length > 0) record('5xx', item, logged.map((line) => `error log line: ${line}`).join('\n'))
    if (outcome.status === 'refused') {
      report.refused += 1
      pending.push(item)
      if (pending.length >= batchSize) await settle()
    } else {
      if (outcome.status === 'accepted') report.accepted += 1
      // What an accepted payload wrote is its own business; refused ones before it are checked apart.
      await settle(item)
      if (item.identity === 'attacker') attackerChecked = false
    }
    if (outcome.dropped || outcome.fault) {
      if (!(await healthy())) {
        record('crash', item, 'the server stopped answering /api/health')
        return false
      }
    }
    report.timePerTarget.set(item.target, (report.timePerTarget.get(item.target) ?? 0) + performance.now() - sentAt)
    return true
  }

  /** Lets the server finish what a closed connection set off: its queries queue behind this one. */
  async function serverSettled(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 20))
    await db.selectNoFrom((eb) => eb.lit(1).as('one')).execute()
  }

  try {
    const items: Array<() => Item> = []
    if (options.withCorpus ?? true) for (const entry of corpus) items.push(() => corpusItem(entry))
    let alive = true
    for (const make of items) {
      alive = await run(make())
      if (!alive) break
    }
    for (let index = 0; alive && index < options.count; index += 1) {
      alive = await run(generate(index, random))
      if ((index + 1) % progressEvery === 0) {
        log(`${index + 1} payloads, ${report.findings.length} findings, ${((performance.now() - started) / 1000).toFixed(0)} s`)
      }
    }
    if (alive) {
      await settle()
      if (!(await healthy())) record('crash', undefined, 'the server stopped answering /api/health')
    }
  } finally {
    current = undefined
    for (const socket of sockets.values()) socket.close()
    process.off('uncaughtException', onUncaught)
    process.off('unhandledRejection', onRejection)
  }
  report.durationMs = performance.now() - started
  return report
}

/** The report as text: totals, payloads per target, then each finding (similar ones grouped). */
export function formatReport(report: FuzzReport): string {
  const lines: string[] = []
  const count = (kind: FindingKind) => report.findings.filter((finding) => finding.kind === kind).length
  lines.push(`fuzz: seed ${report.seed}, ${report.sent} payloads in ${(report.durationMs / 1000).toFixed(1)} s (${report.accepted} accepted, ${report.refused} refused, ${report.dropped} connections dropped), ${report.snapshots} snapshots`)
  lines.push(`findings: ${count('crash')} crashes, ${count('5xx')} 5xx, ${count('write')} writes, ${count('unanswered')} unanswered`)
  lines.push('')
  lines.push('payloads per target:')
  const width = Math.max(...[...report.perTarget.keys()].map((name) => name.length), 10)
  for (const [name, sent] of [...report.perTarget].sort(([a], [b]) => a.localeCompare(b))) lines.push(`  ${name.padEnd(width)}  ${sent}`)
  const slowest = [...report.timePerTarget].sort(([, a], [, b]) => b - a).slice(0, 8)
  lines.push('')
  lines.push(`slowest targets (total ms): ${slowest.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}`)
  if (report.unattributed.length > 0) {
    lines.push('')
    lines.push(`changes no payload made again on its own (the server's own work; not counted): ${report.unattributed.length}`)
    for (const line of report.unattributed.slice(0, 10)) lines.push(`  ${line}`)
  }
  if (report.unservedRoutes.length > 0) {
    lines.push('')
    lines.push(`contract routes the server does not serve: ${report.unservedRoutes.join(', ')}`)
  }
  if (report.findings.length > 0) {
    lines.push('')
    lines.push('findings (grouped by kind, target and first line of detail):')
    const groups = new Map<string, Finding[]>()
    for (const finding of report.findings) {
      const key = `${finding.kind} | ${finding.target} | ${finding.detail.split('\n')[0]?.slice(0, 160)}`
      groups.set(key, [...(groups.get(key) ?? []), finding])
    }
    for (const [key, findings] of groups) {
      const first = findings[0] as Finding
      lines.push(`- ${key} (×${findings.length})`)
      lines.push(`    first: payload #${first.index} as ${first.identity}, ${first.mutation}: ${first.payload}`)
      lines.push(`    ${first.detail.split('\n').slice(0, 6).join('\n    ')}`)
    }
  }
  return lines.join('\n')
}
