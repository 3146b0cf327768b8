import { afterEach, describe, expect, it } from 'vitest'
import { ask } from '../helpers/game-table'
import { closeOpenSockets, connectSocket, nextEvent, type TestSocket } from '../helpers/sockets'
import { twoNodesForFile } from '../helpers/two-nodes'
import { connectPlayer, type Player } from '../helpers/users'

/** The ladder queue across two app servers sharing PostgreSQL and Redis (see two-nodes.ts). */
const nodes = twoNodesForFile('ladder', { manualClock: true })
/** The database both nodes share (asked for only where they run). */
const shared = () => nodes().database

afterEach(async () => {
  closeOpenSockets()
  // A user whose last socket closed leaves the queue: every test starts with nobody waiting.
  await expect.poll(() => queue(), { timeout: 5000 }).toEqual([])
})

/** Who waits in the shared queue, first come first. */
async function queue(): Promise<number[]> {
  const rows = await shared().db.selectFrom('ladder_queue').select('user_id').orderBy('position').execute()
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
    const waiting: Player[] = []
    for (let index = 0; index < 10; index++) waiting.push(await connectPlayer(index % 2 === 0 ? both.first : both.second))
    const matched = waiting.map((one) => nextEvent(one.socket, 'ladder:matched', 8000))
    for (const [index, one] of waiting.slice(0, 9).entries()) {
      expect(await ask(one.socket, 'ladder:search:start')).toEqual({ status: 'searching', waiting: index + 1, needed: 10 })
    }
    const last = await ask(waiting[9]!.socket, 'ladder:search:start')
    if (last.status !== 'seated') throw new Error(`the tenth player is ${last.status}, not seated`)
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
    const waiting: Player[] = []
    for (let index = 0; index < 20; index++) waiting.push(await connectPlayer(index % 2 === 0 ? both.first : both.second))
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
    const members = await shared().db.selectFrom('lobby_members').select(['lobby_id', 'user_id']).where('lobby_id', 'in', [...tables.keys()]).execute()
    expect(members).toHaveLength(20)
    for (const member of members) expect(tables.get(member.lobby_id)).toContain(member.user_id)
    expect(await queue()).toEqual([])
  })

  it('keeps a search while the user still has a socket on the other node', async () => {
    const both = nodes()
    const one = await connectPlayer(both.first)
    const otherTab = await connectSocket(both.second.url, one.token)
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
