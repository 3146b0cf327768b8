import { randomBytes } from 'node:crypto'
import { io } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TablePush, TableSnapshot } from '../../server/contract/socket/game'
import type { ShareView } from '../../server/contract/socket/sharing'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { SocketTable } from '../helpers/game-table'
import { request } from '../helpers/http'
import { connectSocket, nextEvent, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

/**
 * The streamer's page on one app server, the streamer on another: one PostgreSQL database and one
 * Redis between them, as a scaled-out deployment. Runs in the integration:postgres project when
 * TEST_REDIS_URL is set too.
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
  first = await startTestApp({ database: shared, env })
  second = await startTestApp({ database: shared, env })
})
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect()
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
    if (!noticed) console.log('[tests] two-node streamer page tests not run here: they need the integration:postgres project with TEST_DATABASE_URL and TEST_REDIS_URL set.')
    noticed = true
    return null
  }
  return { first, second }
}

function ask(socket: TestSocket, event: string, payload?: unknown): Promise<any> {
  const emitter = socket.timeout(8000) as any
  return payload === undefined ? emitter.emitWithAck(event) : emitter.emitWithAck(event, payload)
}

function openPage(node: TestApp, shareKey: string): Promise<TestSocket> {
  const socket: TestSocket = io(node.url, { path: '/socket.io', transports: ['websocket'], auth: { shareKey }, reconnection: false, forceNew: true })
  open.push(socket)
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })
}

describe('the streamer page across two nodes sharing PostgreSQL and Redis', () => {
  it('follows a streamer who plays on the other node, hears the table there, and closes when the key is revoked there', async () => {
    const both = nodes()
    if (!both) return
    const { user, token } = await createUserWithSession(both.first.database.db)
    const streamer = await connectSocket(both.first.url, token)
    open.push(streamer)
    const { key } = (await request(both.first.url, 'POST', '/api/auth/shareKey', { token })).body as { key: string }

    const page = await openPage(both.second, key)
    expect(((await ask(page, 'share:watch')) as ShareView).lobby).toBeNull()

    const moved = nextEvent(page, 'share:moved')
    const created = await ask(streamer, 'mafia:create:lobby', { name: 'Two nodes', language: 'en' })
    expect(((await moved) as ShareView).lobby).toMatchObject({ id: created.id, as: 'player' })

    const guest = await createUserWithSession(both.first.database.db)
    const guestSocket = await connectSocket(both.first.url, guest.token)
    open.push(guestSocket)
    const updated = nextEvent(page, 'mafia:lobby:updated')
    await ask(guestSocket, 'mafia:join:lobby', { id: created.id })
    expect((await updated).players.map((player: { user: { id: number } }) => player.user.id)).toEqual([user.id, guest.user.id])

    const left = nextEvent(page, 'share:moved')
    streamer.emit('mafia:lobby:leave')
    expect(((await left) as ShareView).lobby).toBeNull()

    const ended = nextEvent(page, 'share:ended')
    const gone = new Promise((resolve) => page.once('disconnect', resolve))
    await request(both.first.url, 'DELETE', '/api/auth/shareKey', { token })
    expect(await ended).toEqual({ reason: 'revoked' })
    await gone
  })

  it('a page on one node hears the spectators’ stream of a game run by the other, and resumes it there', { timeout: 120_000 }, async () => {
    const both = nodes()
    if (!both) return
    const newMember = async () => {
      const { user, token } = await createUserWithSession(both.first.database.db)
      const socket = await connectSocket(both.first.url, token)
      open.push(socket)
      return { id: user.id, token, socket }
    }
    const table = new SocketTable({ newMember })
    await table.seat()
    const streamer = table.players[0] as { token: string }
    const { key } = (await request(both.first.url, 'POST', '/api/auth/shareKey', { token: streamer.token })).body as { key: string }
    const page = await openPage(both.second, key)
    const pushes: TablePush[] = []
    page.on('mafia:game:updated', (push) => pushes.push(push))
    expect(((await ask(page, 'share:watch')) as ShareView).lobby).toMatchObject({ id: table.lobbyId, game: null })

    await table.judgeCommand({ type: 'start' })
    await table.play((view) => view.phase === 'voting')
    const now = ((await ask(page, 'share:watch')) as ShareView).lobby?.game as TableSnapshot
    expect(now.seq).toBeGreaterThan(2)
    await expect.poll(() => pushes.at(-1)?.seq).toBe(now.seq)
    expect(pushes.map((push) => push.seq)).toEqual(Array.from({ length: now.seq }, (_, index) => index + 1))

    // The page's resume is answered by the node that runs the table: exactly what it had pushed.
    expect(await ask(page, 'share:sync', { id: table.lobbyId, stream: now.stream, seq: 1 })).toEqual({ resumed: true, pushes: pushes.slice(1) })
    expect(await ask(page, 'share:sync', { id: table.lobbyId, stream: 'another-stream', seq: 1 })).toEqual({ resumed: false, game: now })
  })
})
