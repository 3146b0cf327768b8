import { createServer } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { PGlite } from '@electric-sql/pglite'
import { Server } from 'socket.io'
import { io as connect, type Socket } from 'socket.io-client'
import { openDatabase } from '../../db/connection'
import { migrateToLatest } from '../../db/migrate'
import { seedDatabase } from '../../db/seed/seed'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { hashToken, randomToken } from '../../server/lib/ids'
import { createLogger } from '../../server/lib/logger'

// `npm run bench:chat`: thousands of signed-in sockets on the app server, a steady message rate into
// one 50-member party chat (validated, stored, acked, broadcast), beside a bare Socket.IO server that
// only relays the same rate to 50 sockets, in the same process and run. Loopback only; stops by itself.
const socketCount = Number(process.env.BENCH_SOCKETS ?? 2000)
const members = 50
const rate = Number(process.env.BENCH_RATE ?? 100)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const drainMs = 3000

const started = performance.now()
const watchdog = setTimeout(() => {
  console.error('chat benchmark: over its 115 s budget, stopping')
  process.exit(2)
}, 115_000)
watchdog.unref()

type AnySocket = Socket<any, any>

/** Progress on stderr, so the printed figures stay clean on stdout. */
const phase = (text: string) => process.stderr.write(`[bench:chat ${((performance.now() - started) / 1000).toFixed(1)} s] ${text}\n`)

/** Connects sockets a batch at a time, so the handshakes do not all land at once. */
async function connectAll(url: string, tokens: Array<string | undefined>, batch = 100): Promise<AnySocket[]> {
  const sockets: AnySocket[] = []
  for (let index = 0; index < tokens.length; index += batch) {
    const group = tokens.slice(index, index + batch).map(
      (token) =>
        new Promise<AnySocket>((resolve, reject) => {
          const socket: AnySocket = connect(url, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true })
          socket.once('connect', () => resolve(socket))
          socket.once('connect_error', reject)
        }),
    )
    sockets.push(...(await Promise.all(group)))
  }
  return sockets
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number
}

interface RunResult {
  title: string
  sent: number
  refused: number
  deliveries: number
  expected: number
  messagesPerSecond: number
  deliveriesPerSecond: number
  p50: number
  p99: number
}

/**
 * Sends `rate` messages a second for `seconds`, round-robin from the member sockets, each message
 * carrying its sequence number; every other member records how long it took to arrive.
 */
async function measure(title: string, sockets: AnySocket[], send: (socket: AnySocket, text: string) => Promise<boolean>, receiveEvent: string, textOf: (payload: any) => string): Promise<RunResult> {
  const sentAt = new Map<string, number>()
  const latencies: number[] = []
  let lastDelivery = 0
  for (const socket of sockets) {
    socket.on(receiveEvent, (payload: unknown) => {
      const at = sentAt.get(textOf(payload))
      if (at === undefined) return
      lastDelivery = performance.now()
      latencies.push(lastDelivery - at)
    })
  }
  let sent = 0
  let refused = 0
  let lastAck = 0
  const pending: Array<Promise<void>> = []
  const begin = performance.now()
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = performance.now() - begin
      if (elapsed >= seconds * 1000) {
        clearInterval(tick)
        resolve()
        return
      }
      const due = Math.floor((elapsed / 1000) * rate)
      while (sent < due) {
        const sender = sockets[sent % sockets.length] as AnySocket
        const text = `${title.length}:${sent}`
        sentAt.set(text, performance.now())
        sent += 1
        pending.push(
          send(sender, text).then((ok) => {
            if (!ok) refused += 1
            lastAck = performance.now()
          }),
        )
      }
    }, 5)
  })
  await Promise.all(pending)
  // Throughput: accepted messages over the time until the last of them was acknowledged.
  const ackedMs = lastAck - begin
  const expected = (sent - refused) * (sockets.length - 1)
  const drainUntil = performance.now() + drainMs
  while (latencies.length < expected && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 20))
  for (const socket of sockets) socket.off(receiveEvent)
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    title,
    sent,
    refused,
    deliveries: latencies.length,
    expected,
    messagesPerSecond: (sent - refused) / (ackedMs / 1000),
    deliveriesPerSecond: latencies.length / ((lastDelivery - begin) / 1000),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  }
}

// --- The app server, in this process, with its own database (PGlite, or DATABASE_URL).
const dataDir = await mkdtemp(join(tmpdir(), 'mafia-bench-chat-'))
// Every simulated user connects from this one address.
const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', SOCKET_HANDSHAKES_PER_ADDRESS: '1000000', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) })
// PGlite in memory: the benchmark measures chat, not the disk of a shared machine.
const database = config.databaseUrl ? openDatabase({ databaseUrl: config.databaseUrl }) : openDatabase({ pglite: new PGlite() })
await migrateToLatest(database.db)
await seedDatabase(database.db)
phase(`database ${database.kind} migrated and seeded`)
const app = await buildApp({ config, database, logger: createLogger({ name: 'bench', level: 'silent', file: false }) })
await app.listen({ port: 0, host: '127.0.0.1' })
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

// Users and sessions straight into the database, in bulk.
const runTag = Math.random().toString(36).slice(2, 8)
const tokens: string[] = []
const userIds: number[] = []
for (let index = 0; index < socketCount; index += 500) {
  const size = Math.min(500, socketCount - index)
  const users = await database.db
    .insertInto('users')
    .values(
      Array.from({ length: size }, (_, offset) => ({
        nickname: `bench${runTag}${index + offset}`,
        email: `bench${runTag}${index + offset}@example.test`,
        password_hash: '!',
        email_confirmation: true,
        referral_token: randomToken(12),
      })),
    )
    .returning('id')
    .execute()
  const batchTokens = users.map(() => randomToken())
  await database.db
    .insertInto('sessions')
    .values(users.map((user, offset) => ({ user_id: user.id, token_hash: hashToken(batchTokens[offset] as string), user_agent: 'bench' })))
    .execute()
  userIds.push(...users.map((user) => user.id))
  tokens.push(...batchTokens)
}
const party = await database.db.insertInto('chats').values({ type: 3, owner_id: userIds[0] as number }).returning('id').executeTakeFirstOrThrow()
await database.db
  .insertInto('chat_members')
  .values(userIds.slice(0, members).map((userId) => ({ chat_id: party.id, user_id: userId })))
  .execute()

phase(`${socketCount} users and sessions created`)
const connectStart = performance.now()
const appSockets = await connectAll(appUrl, tokens)
const connectSeconds = (performance.now() - connectStart) / 1000
const partySockets = appSockets.slice(0, members)
phase(`${appSockets.length} sockets connected; sending`)

const appResult = await measure(
  'app: chat:group:message into a party of 50',
  partySockets,
  async (socket, text) => {
    const answer = await socket.timeout(10_000).emitWithAck('chat:group:message', { chatId: party.id, message: text })
    return !answer?.error
  },
  'chat:message:new',
  (payload) => payload.text,
)
const stored = await database.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<number>().as('count')).where('chat_id', '=', party.id).executeTakeFirstOrThrow()
for (const socket of appSockets) socket.disconnect()
await app.close()
phase('app run done; bare run')

// --- A bare Socket.IO server on another port: join one room, ack, relay. Nothing else.
const httpServer = createServer()
const bare = new Server(httpServer, { path: '/socket.io', serveClient: false })
bare.on('connection', (socket) => {
  void socket.join('party')
  socket.on('msg', (payload: { text: string }, ack?: (answer: { ok: true }) => void) => {
    ack?.({ ok: true })
    socket.to('party').emit('msg', payload)
  })
})
await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', () => resolve()))
const bareUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`
const bareSockets = await connectAll(
  bareUrl,
  Array.from({ length: members }, () => undefined),
)
const bareResult = await measure(
  'bare Socket.IO relay to 50',
  bareSockets,
  async (socket, text) => {
    await socket.timeout(10_000).emitWithAck('msg', { text })
    return true
  },
  'msg',
  (payload) => payload.text,
)
for (const socket of bareSockets) socket.disconnect()
await new Promise<void>((resolve) => bare.close(() => resolve()))

await database.db.destroy()
await rm(dataDir, { recursive: true, force: true })

const format = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a')
console.log(
  `\nChat benchmark: ${socketCount} signed-in sockets (connected in ${format(connectSeconds)} s), party of ${members}, ${rate} messages/s for ${seconds} s, database ${database.kind}, Node ${process.version}`,
)
console.log('| server | offered msg/s | accepted msg/s | refused | deliveries/s | delivered | p50 ms | p99 ms |')
console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
for (const row of [appResult, bareResult]) {
  console.log(`| ${row.title} | ${rate} | ${format(row.messagesPerSecond)} | ${row.refused} | ${format(row.deliveriesPerSecond, 0)} | ${row.deliveries}/${row.expected} | ${format(row.p50, 2)} | ${format(row.p99, 2)} |`)
}
console.log(`messages stored by the app: ${stored.count} of ${appResult.sent - appResult.refused} accepted`)
console.log(
  `ratio (app / bare): p50 latency ${format(appResult.p50 / bareResult.p50, 2)}x, p99 latency ${format(appResult.p99 / bareResult.p99, 2)}x, messages/s ${format(appResult.messagesPerSecond / bareResult.messagesPerSecond, 3)}`,
)
console.log(`total time ${format((performance.now() - started) / 1000)} s`)
clearTimeout(watchdog)
process.exit(0)
