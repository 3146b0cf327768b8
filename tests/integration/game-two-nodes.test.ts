import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { ask, SocketTable, type Member } from '../helpers/game-table'
import { closeOpenSockets, connectSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

/**
 * Tables across two app servers on one PostgreSQL database and one Redis: one owner per table (a
 * lease), every other server forwarding to it, and a takeover when the owner stops. Runs in the
 * integration:postgres project when TEST_REDIS_URL is set too.
 */
const redisUrl = process.env.TEST_REDIS_URL
const enabled = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL) && Boolean(redisUrl)

/** This run's own adapter channels, so parallel runs on one Redis never hear each other. */
function adapterUrl(base: string): string {
  const url = new URL(base)
  url.searchParams.set('key', `mafia-test-${process.pid}-${randomBytes(6).toString('hex')}`)
  return url.toString()
}

let shared: TestDatabase | undefined
const env = () => ({ REDIS_URL: adapterUrl(redisUrl as string) })
// Short leases, so a stopped owner's tables are taken over within a test's patience.
const tableLeases = { ttlMs: 1_500, renewMs: 300 }

beforeAll(async () => {
  if (enabled) shared = await createTestDatabase()
})
afterEach(closeOpenSockets)
afterAll(async () => {
  await shared?.dispose()
})

let noticed = false
function runsHere(): boolean {
  if (!enabled || !shared) {
    if (!noticed) console.log('[tests] two-node game tests not run here: they need the integration:postgres project with TEST_DATABASE_URL and TEST_REDIS_URL set.')
    noticed = true
    return false
  }
  return true
}

async function member(node: TestApp): Promise<Member> {
  const { user, token } = await createUserWithSession(node.database.db)
  return { id: user.id, token, socket: await connectSocket(node.url, token) }
}

async function ownerOf(lobbyId: number): Promise<string | undefined> {
  const row = await (shared as TestDatabase).db.selectFrom('table_leases').select('owner').where('lobby_id', '=', lobbyId).executeTakeFirst()
  return row?.owner
}

async function storedVersions(lobbyId: number): Promise<number[]> {
  const rows = await (shared as TestDatabase).db.selectFrom('game_events').select('version').where('lobby_id', '=', lobbyId).orderBy('version').execute()
  return rows.map((row) => row.version)
}

describe('a table across two app servers', () => {
  it('players on both servers play a whole game; one server owns the table and the other forwards to it', { timeout: 180_000 }, async () => {
    if (!runsHere()) return
    const sharedEnv = env()
    const first = await startTestApp({ manualClock: true, database: shared, env: sharedEnv, tableLeases })
    const second = await startTestApp({ manualClock: true, database: shared, env: sharedEnv, tableLeases })
    try {
      let joined = 0
      // The judge on the first server, then the players alternately on each.
      const table = new SocketTable({ newMember: () => member(joined++ % 2 === 0 ? first : second) })
      await table.seat()
      await table.judgeCommand({ type: 'start' })
      const owner = await ownerOf(table.lobbyId)
      expect(owner).toEqual(expect.any(String))
      const end = await table.play()
      expect(end.result?.outcome).toBe('red')
      const versions = await storedVersions(table.lobbyId)
      expect(versions).toEqual(versions.map((_, index) => index + 1))
      // Nobody's client needed its view again: every push reached every viewer, on both servers.
      for (const viewer of table.viewers) expect(viewer.reloads).toBe(1)
      // The same server owned the table throughout.
      expect(await ownerOf(table.lobbyId)).toBe(owner)
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('stopping the owner mid-game hands the table to the other server, which resumes it from its stored events; the game ends with every move kept', { timeout: 180_000 }, async () => {
    if (!runsHere()) return
    const sharedEnv = env()
    const owner = await startTestApp({ manualClock: true, database: shared, env: sharedEnv, tableLeases })
    const other = await startTestApp({ manualClock: true, database: shared, env: sharedEnv, tableLeases })
    let ownerClosed = false
    try {
      // The judge deals on the owner; the players and a spectator sit on the other server.
      const judge = await member(owner)
      let made = 0
      const table = new SocketTable({ newMember: () => (made++ === 0 ? Promise.resolve(judge) : member(other)) })
      await table.seat()
      await table.judgeCommand({ type: 'start' })
      const before = await table.play((view) => view.phase === 'day_speech' && view.day === 2)
      const versionsBefore = await storedVersions(table.lobbyId)

      await owner.close()
      ownerClosed = true
      // The judge comes back through the other server; the other server takes the table over.
      const judgeAgain: Member = { ...judge, socket: await connectSocket(other.url, judge.token) }
      await expect.poll(() => ownerOf(table.lobbyId), { timeout: 10_000 }).toEqual(expect.any(String))
      const resumed = new SocketTable({ newMember: () => member(other) })
      resumed.judge = judgeAgain
      resumed.players = table.players
      resumed.lobbyId = table.lobbyId
      expect(await resumed.view()).toEqual(before)
      const end = await resumed.play()
      expect(end.result?.outcome).toBe('red')
      const versions = await storedVersions(table.lobbyId)
      expect(versions).toEqual(versions.map((_, index) => index + 1))
      expect(versions.length).toBeGreaterThan(versionsBefore.length)
      // The players never left the other server: their clients followed the new stream after one sync.
      const lobbyIn = await ask(table.players[0]!.socket, 'mafia:lobby:in')
      expect(lobbyIn.game.view.phase).toBe('ended')
    } finally {
      if (!ownerClosed) await owner.close()
      await other.close()
    }
  })

  it('a server whose lease another took writes nothing more; once that lease expires, a server takes the table over and the game goes on', { timeout: 180_000 }, async () => {
    if (!runsHere()) return
    const sharedEnv = env()
    const first = await startTestApp({ manualClock: true, database: shared, env: sharedEnv, tableLeases })
    const second = await startTestApp({ manualClock: true, database: shared, env: sharedEnv, tableLeases })
    try {
      let joined = 0
      const table = new SocketTable({ newMember: () => member(joined++ === 0 ? first : second) })
      await table.seat()
      await table.judgeCommand({ type: 'start' })
      await table.play((view) => view.phase === 'day_speech')
      const versionsBefore = await storedVersions(table.lobbyId)
      // A server that is gone now holds the lease (as if the owner had stalled past its lease).
      const db = (shared as TestDatabase).db
      await db.updateTable('table_leases').set({ owner: 'gone', expires_at: new Date(Date.now() + 2_000) }).where('lobby_id', '=', table.lobbyId).execute()
      expect(await table.command(table.judge.socket, { type: 'next' })).toEqual({ error: 'errors.internal' })
      expect(await storedVersions(table.lobbyId)).toEqual(versionsBefore)
      // The gone server's lease expires; one of the two takes the table over and resumes it.
      await expect.poll(() => ownerOf(table.lobbyId), { timeout: 10_000 }).not.toBe('gone')
      const end = await table.play()
      expect(end.result?.outcome).toBe('red')
      const versions = await storedVersions(table.lobbyId)
      expect(versions).toEqual(versions.map((_, index) => index + 1))
    } finally {
      await first.close()
      await second.close()
    }
  })
})
