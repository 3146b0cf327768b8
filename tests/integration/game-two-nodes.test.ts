import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { ask, SocketTable, type Member } from '../helpers/game-table'
import { closeOpenSockets, connectSocket } from '../helpers/sockets'
import { startTwoNodes, type TwoNodes } from '../helpers/two-nodes'
import { connectPlayer } from '../helpers/users'

/**
 * Tables across two app servers on one PostgreSQL database and one Redis (see two-nodes.ts): one
 * owner per table (a lease), every other server forwarding to it, and a takeover when the owner
 * stops. Each test starts its own two servers on the file's database.
 */
let shared: TestDatabase

beforeAll(async () => {
  shared = await createTestDatabase()
})
afterAll(async () => {
  await shared.dispose()
})

/**
 * Two servers of this test's own, closed when it ends, with short leases so a stopped owner's tables
 * are taken over within a test's patience.
 */
async function startNodes(): Promise<TwoNodes> {
  const nodes = await startTwoNodes({ database: shared, manualClock: true, tableLeases: { ttlMs: 1_500, renewMs: 300 } })
  // The servers stop before the clients' sockets close: a server still handling a disconnect as
  // its Redis client closes would publish to a closed client.
  onTestFinished(async () => {
    await nodes.close()
    closeOpenSockets()
  })
  return nodes
}

/** A table of ten whose members `newMember` brings, seated and started by its judge. */
async function startedTable(newMember: () => Promise<Member>): Promise<SocketTable> {
  const table = new SocketTable({ newMember })
  await table.seat()
  await table.judgeCommand({ type: 'start' })
  return table
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
    const nodes = await startNodes()
    let joined = 0
    // The judge on the first server, then the players alternately on each.
    const table = await startedTable(() => connectPlayer(joined++ % 2 === 0 ? nodes.first : nodes.second))
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
  })

  it('stopping the owner mid-game hands the table to the other server, which resumes it from its stored events; the game ends with every move kept', { timeout: 180_000 }, async () => {
    const nodes = await startNodes()
    const { first: owner, second: other } = nodes
    // The judge deals on the owner; the players and a spectator sit on the other server.
    const judge = await connectPlayer(owner)
    let made = 0
    const table = await startedTable(() => (made++ === 0 ? Promise.resolve(judge) : connectPlayer(other)))
    const before = await table.play((view) => view.phase === 'day_speech' && view.day === 2)
    const versionsBefore = await storedVersions(table.lobbyId)

    await owner.close()
    // The judge comes back through the other server; the other server takes the table over.
    const judgeAgain: Member = { ...judge, socket: await connectSocket(other.url, judge.token) }
    await expect.poll(() => ownerOf(table.lobbyId), { timeout: 10_000 }).toEqual(expect.any(String))
    const resumed = new SocketTable({ newMember: () => connectPlayer(other) })
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
    expect(lobbyIn.game?.view.phase).toBe('ended')
  })

  it('a server whose lease another took writes nothing more; once that lease expires, a server takes the table over and the game goes on', { timeout: 180_000 }, async () => {
    const nodes = await startNodes()
    let joined = 0
    const table = await startedTable(() => connectPlayer(joined++ === 0 ? nodes.first : nodes.second))
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
  })
})
