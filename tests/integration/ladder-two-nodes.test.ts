import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { connectSocket, nextEvent, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

/**
 * The ladder queue with two app servers on two ports, one PostgreSQL database and one Redis: what a
 * scaled-out deployment looks like. Runs in the integration:postgres project when TEST_REDIS_URL is set too.
 */
const redisUrl = process.env.TEST_REDIS_URL
const enabled = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL) && Boolean(redisUrl)

let shared: TestDatabase | undefined
let first: TestApp | undefined
let second: TestApp | undefined
const open: TestSocket[] = []

/** This run's own adapter channels, so parallel runs on one Redis never hear each other. */
function adapterUrl(base: string): string {
  const url = new URL(base)
  url.searchParams.set('key', `mafia-test-${process.pid}-${randomBytes(6).toString('hex')}`)
  return url.toString()
}

beforeAll(async () => {
  if (!enabled) return
  shared = await createTestDatabase()
  const env = { REDIS_URL: adapterUrl(redisUrl as string) }
  first = await startTestApp({ manualClock: true, database: shared, env })
  second = await startTestApp({ manualClock: true, database: shared, env })
})
afterEach(async () => {
  for (const socket of open.splice(0)) socket.disconnect()
  // A user whose last socket closed leaves the queue: every test starts with nobody waiting.
  if (shared) await expect.poll(() => queue(), { timeout: 5000 }).toEqual([])
})
afterAll(async () => {
  await first?.close()
  await second?.close()
  await shared?.dispose()
})

let noticed = false
/** The two nodes, or null (after a notice) when this project or machine cannot run them. */
function nodes(): { first: TestApp; second: TestApp } | null {
  if (!enabled || !first || !second) {
    if (!noticed) console.log('[tests] two-node ladder tests not run here: they need the integration:postgres project with TEST_DATABASE_URL and TEST_REDIS_URL set.')
    noticed = true
    return null
  }
  return { first, second }
}

async function player(node: TestApp) {
  const { user, token } = await createUserWithSession(node.database.db)
  const socket = await connectSocket(node.url, token)
  open.push(socket)
  return { id: user.id, token, socket }
}
type Player = Awaited<ReturnType<typeof player>>

function ask(socket: TestSocket, event: string, payload?: unknown): Promise<any> {
  const emitter = socket.timeout(8000) as any
  return payload === undefined ? emitter.emitWithAck(event) : emitter.emitWithAck(event, payload)
}

/** Who waits in the shared queue, first come first. */
async function queue(): Promise<number[]> {
  const rows = await (shared as TestDatabase).db.selectFrom('ladder_queue').select('user_id').orderBy('position').execute()
  return rows.map((row) => row.user_id)
}

/** Every `ladder:matched` a socket hears. */
function matchesOf(socket: TestSocket): any[] {
  const heard: any[] = []
  socket.on('ladder:matched', (lobby) => heard.push(lobby))
  return heard
}

describe('the ladder queue across two nodes sharing PostgreSQL and Redis', () => {
  it('seats ten players waiting on two nodes, five on each, at one table; each hears ladder:matched', async () => {
    const both = nodes()
    if (!both) return
    const waiting: Player[] = []
    for (let index = 0; index < 10; index++) waiting.push(await player(index % 2 === 0 ? both.first : both.second))
    const matched = waiting.map((one) => nextEvent(one.socket, 'ladder:matched', 8000))
    for (const [index, one] of waiting.slice(0, 9).entries()) {
      expect(await ask(one.socket, 'ladder:search:start')).toEqual({ status: 'searching', waiting: index + 1, needed: 10 })
    }
    const last = await ask(waiting[9]!.socket, 'ladder:search:start')
    expect(last.status).toBe('seated')
    expect(last.lobby.lobby).toMatchObject({ kind: 'ladder', status: 'running', judge: null })
    expect(last.lobby.lobby.players.map((seat: any) => seat.user.id)).toEqual(waiting.map((one) => one.id))

    const pushes = await Promise.all(matched)
    for (const [index, push] of pushes.entries()) {
      expect(push).toMatchObject({ id: last.lobby.id, as: 'player' })
      expect(push.game?.view.you?.seat).toBe(index + 1)
    }
    expect(await queue()).toEqual([])
    // Each node knows where its players sit.
    expect((await ask(waiting[0]!.socket, 'mafia:lobby:in')).id).toBe(last.lobby.id)
    expect((await ask(waiting[1]!.socket, 'mafia:lobby:in')).id).toBe(last.lobby.id)
  })

  it('twenty players searching at once on both nodes fill two tables, each player seated once', async () => {
    const both = nodes()
    if (!both) return
    const waiting: Player[] = []
    for (let index = 0; index < 20; index++) waiting.push(await player(index % 2 === 0 ? both.first : both.second))
    const heard = waiting.map((one) => matchesOf(one.socket))
    const answers = await Promise.all(waiting.map((one) => ask(one.socket, 'ladder:search:start')))
    for (const answer of answers) expect(answer.error).toBeUndefined()

    await expect.poll(() => heard.every((pushes) => pushes.length > 0), { timeout: 8000 }).toBe(true)
    const tables = new Map<number, number[]>()
    for (const [index, pushes] of heard.entries()) {
      expect(pushes).toHaveLength(1)
      const seated = tables.get(pushes[0].id) ?? []
      seated.push(waiting[index]!.id)
      tables.set(pushes[0].id, seated)
    }
    expect([...tables.values()].map((seated) => seated.length)).toEqual([10, 10])
    const members = await (shared as TestDatabase).db.selectFrom('lobby_members').select(['lobby_id', 'user_id']).where('lobby_id', 'in', [...tables.keys()]).execute()
    expect(members).toHaveLength(20)
    for (const member of members) expect(tables.get(member.lobby_id)).toContain(member.user_id)
    expect(await queue()).toEqual([])
  })

  it('keeps a search while the user still has a socket on the other node', async () => {
    const both = nodes()
    if (!both) return
    const one = await player(both.first)
    const otherTab = await connectSocket(both.second.url, one.token)
    open.push(otherTab)
    expect((await ask(one.socket, 'ladder:search:start')).status).toBe('searching')
    one.socket.disconnect()
    // Time for the first node to hear the close and ask every node for the user's sockets.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await queue()).toEqual([one.id])
    expect(await ask(otherTab, 'ladder:search:start')).toEqual({ error: 'errors.lobby.already_searching', field: 'ladder' })
    otherTab.disconnect()
    await expect.poll(() => queue(), { timeout: 5000 }).toEqual([])
  })
})
