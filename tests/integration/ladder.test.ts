import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ask } from '../helpers/game-table'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { rawRequest } from '../helpers/requests'
import { closeOpenSockets, connectSocket, nextEvent } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer, createUserWithSession, type Player } from '../helpers/users'

let server: TestApp
let serverDatabase: TestDatabase

beforeAll(async () => {
  serverDatabase = await createTestDatabase()
  server = await startTestApp({ manualClock: true, database: serverDatabase })
})
afterEach(async () => {
  closeOpenSockets()
  // A user whose last socket closed leaves the queue: every test starts with nobody waiting.
  await expect.poll(() => queue(), { timeout: 5000 }).toEqual([])
})
afterAll(async () => {
  await server.close()
  await disposeQuietly(serverDatabase)
})

const db = () => server.database.db

/**
 * Closes the pool and lets its connections finish closing before the database is dropped: a drop
 * that overtakes a closing connection makes the server end it with an error nobody listens to.
 */
async function disposeQuietly(database: TestDatabase): Promise<void> {
  await database.db.destroy()
  await new Promise((resolve) => setTimeout(resolve, 300))
  await database.dispose()
}

const player = (options: { language?: string } = {}) => connectPlayer(server, options.language ? { language: options.language } : {})

async function players(count: number): Promise<Player[]> {
  const made: Player[] = []
  for (let index = 0; index < count; index++) made.push(await player())
  return made
}

/** Who waits in the shared queue, first come first. */
async function queue(): Promise<number[]> {
  const rows = await db().selectFrom('ladder_queue').select('user_id').orderBy('position').execute()
  return rows.map((row) => row.user_id)
}

async function search(one: Player): Promise<any> {
  const answer = await ask(one.socket, 'ladder:search:start')
  expect(answer.error).toBeUndefined()
  return answer
}

async function createTable(owner: Player, extra: Record<string, unknown> = {}): Promise<any> {
  const lobby = await ask(owner.socket, 'mafia:create:lobby', { name: 'Evening table', language: 'en', ...extra })
  expect(lobby.error).toBeUndefined()
  return lobby
}

describe('the ladder queue', () => {
  it('answers how many wait; a cancelled search leaves the queue and a new one goes to its end', async () => {
    const [first, second] = await players(2)
    expect(await ask(first!.socket, 'ladder:search:start')).toEqual({ status: 'searching', waiting: 1, needed: 10 })
    expect(await ask(second!.socket, 'ladder:search:start')).toEqual({ status: 'searching', waiting: 2, needed: 10 })
    expect(await queue()).toEqual([first!.id, second!.id])

    expect(await ask(first!.socket, 'ladder:search:cancel')).toEqual({ ok: true })
    expect(await queue()).toEqual([second!.id])
    // Cancelling again changes nothing.
    expect(await ask(first!.socket, 'ladder:search:cancel')).toEqual({ ok: true })
    expect(await queue()).toEqual([second!.id])

    expect(await ask(first!.socket, 'ladder:search:start')).toEqual({ status: 'searching', waiting: 2, needed: 10 })
    expect(await queue()).toEqual([second!.id, first!.id])
  })

  it('refuses a second search of the same user, from the same tab or another one', async () => {
    const one = await player()
    await search(one)
    expect(await ask(one.socket, 'ladder:search:start')).toEqual({ error: 'errors.lobby.already_searching', field: 'ladder' })
    const otherTab = await connectSocket(server.url, one.token)
    expect(await ask(otherTab, 'ladder:search:start')).toEqual({ error: 'errors.lobby.already_searching', field: 'ladder' })
    expect(await queue()).toEqual([one.id])
  })

  it('refuses a search while the user is seated or judging at a live table; watching one does not stop a search', async () => {
    const [seated, judge, watcher] = await players(3)
    const table = await createTable(seated!)
    expect(await ask(seated!.socket, 'ladder:search:start')).toEqual({ error: 'errors.lobby.already_in_lobby', field: 'lobby' })
    await createTable(judge!, { as: 'judge', settings: { judge: true } })
    expect(await ask(judge!.socket, 'ladder:search:start')).toEqual({ error: 'errors.lobby.already_in_lobby', field: 'lobby' })
    expect((await ask(watcher!.socket, 'mafia:watch:lobby', { id: table.id })).as).toBe('spectator')
    expect(await ask(watcher!.socket, 'ladder:search:start')).toEqual({ status: 'searching', waiting: 1, needed: 10 })
    expect(await queue()).toEqual([watcher!.id])
  })

  it('a user leaves the queue when their last socket closes, not while another tab is open', async () => {
    const one = await player()
    const otherTab = await connectSocket(server.url, one.token)
    await search(one)
    one.socket.disconnect()
    // Time for the server to hear the close; the other tab keeps the search.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await queue()).toEqual([one.id])
    expect(await ask(otherTab, 'ladder:search:start')).toEqual({ error: 'errors.lobby.already_searching', field: 'ladder' })
    otherTab.disconnect()
    await expect.poll(() => queue(), { timeout: 5000 }).toEqual([])
  })

  it('answers anonymous sockets with errors.unauthorized and ignores what a search request carries', async () => {
    const anonymous = await connectSocket(server.url)
    expect(await ask(anonymous, 'ladder:search:start')).toEqual({ error: 'errors.unauthorized' })
    expect(await ask(anonymous, 'ladder:search:cancel')).toEqual({ error: 'errors.unauthorized' })
    expect(await queue()).toEqual([])

    // The requests carry nothing: a payload cannot change the table's size or the language searched in.
    const one = await player()
    expect(await rawRequest(one.socket, 'ladder:search:start', { needed: 2, language: 'de', seats: 3 })).toEqual({ status: 'searching', waiting: 1, needed: 10 })
    expect(await db().selectFrom('ladder_queue').select(['user_id', 'language']).execute()).toEqual([{ user_id: one.id, language: 'en' }])
    expect(await rawRequest(one.socket, 'ladder:search:start', 'again')).toEqual({ error: 'errors.lobby.already_searching', field: 'ladder' })
    expect(await rawRequest(one.socket, 'ladder:search:cancel', { id: 5 })).toEqual({ ok: true })
    expect(await queue()).toEqual([])
  })

  it('seats ten waiting players in queue order at a running table without a judge; each hears ladder:matched with their own view', async () => {
    const waiting = await players(9)
    waiting.push(await player({ language: 'uk' }))
    const observer = await player()
    await ask(observer.socket, 'mafia:lobby:list')
    const listed = nextEvent(observer.socket, 'mafia:lobby:listed')
    const matched = waiting.map((one) => nextEvent(one.socket, 'ladder:matched'))
    for (const [index, one] of waiting.slice(0, 9).entries()) {
      expect(await ask(one.socket, 'ladder:search:start')).toEqual({ status: 'searching', waiting: index + 1, needed: 10 })
    }
    const last = await ask(waiting[9]!.socket, 'ladder:search:start')
    if (last.status !== 'seated') throw new Error(`the tenth player is ${last.status}, not seated`)
    const lobbyId = last.lobby.id
    expect(last.lobby).toMatchObject({ as: 'player', member: true })
    // The table speaks the language of the player who completed it.
    expect(last.lobby.lobby).toMatchObject({ kind: 'ladder', status: 'running', judge: null, language: 'uk' })
    expect(last.lobby.lobby.settings.judge).toBe(false)
    expect(last.lobby.lobby.players.map((seat: any) => [seat.seat, seat.user.id])).toEqual(waiting.map((one, index) => [index + 1, one.id]))

    const pushes = await Promise.all(matched)
    for (const [index, push] of pushes.entries()) {
      expect(push.id).toBe(lobbyId)
      expect(push.as).toBe('player')
      expect(push.game?.view.phase).toBe('zero_night')
      expect(push.game?.view.you?.seat).toBe(index + 1)
    }
    expect((await listed).id).toBe(lobbyId)
    expect(await queue()).toEqual([])
    const events = await db().selectFrom('game_events').select('type').where('lobby_id', '=', lobbyId).orderBy('version').execute()
    expect(events.map((event) => event.type).slice(0, 3)).toEqual(['game_created', 'roles_dealt', 'zero_night_started'])
    expect((await ask(waiting[4]!.socket, 'mafia:lobby:in')).id).toBe(lobbyId)
    // Seated at a running game, nobody of them may search again.
    expect(await ask(waiting[0]!.socket, 'ladder:search:start')).toEqual({ error: 'errors.lobby.already_in_lobby', field: 'lobby' })
  })

  it('a waiting player who sits down elsewhere leaves the queue; one who cannot be seated is dropped, not put back, and the others are seated in order', async () => {
    const host = await player()
    const table = await createTable(host)
    const early = await players(4)
    for (const one of early) await search(one)

    // Taking a seat or the judge's chair elsewhere ends a search; watching does not.
    expect((await ask(early[1]!.socket, 'mafia:join:lobby', { id: table.id })).as).toBe('player')
    const judged = await createTable(await player(), { settings: { judge: true } })
    expect((await ask(early[2]!.socket, 'mafia:moderate:lobby', { id: judged.id })).as).toBe('judge')
    expect((await ask(early[3]!.socket, 'mafia:watch:lobby', { id: table.id })).as).toBe('spectator')
    const creator = await player()
    await search(creator)
    await createTable(creator)
    expect(await queue()).toEqual([early[0]!.id, early[3]!.id])

    // A user who sat down while their search was on its way (or on another server) is still queued:
    // the seating drops them instead of failing the whole table.
    const raced = await player()
    await search(raced)
    expect((await ask(raced.socket, 'mafia:join:lobby', { id: table.id })).as).toBe('player')
    await db().insertInto('ladder_queue').values({ user_id: raced.id, language: 'en' }).execute()
    // A seat at a finished table is left on the way.
    const finisher = await player()
    const finished = await createTable(finisher)
    await db().updateTable('lobbies').set({ status: 'ended', ended_at: new Date() }).where('id', '=', finished.id).execute()
    await search(finisher)
    expect(await queue()).toEqual([early[0]!.id, early[3]!.id, raced.id, finisher.id])

    const late = await players(7)
    const lateMatched = late.map((one) => nextEvent(one.socket, 'ladder:matched'))
    for (const one of late.slice(0, 6)) expect((await search(one)).status).toBe('searching')
    const last = await search(late[6]!)
    if (last.status !== 'seated') throw new Error(`the tenth player is ${last.status}, not seated`)
    const expected = [early[0]!, early[3]!, finisher, ...late.slice(0, 7)]
    expect(last.lobby.lobby.players.map((seat: any) => seat.user.id)).toEqual(expected.map((one) => one.id))
    for (const push of await Promise.all(lateMatched)) expect(push.id).toBe(last.lobby.id)

    expect(await queue()).toEqual([])
    // Everyone is where they sat down: the raced player at their table, the seated at the ladder table.
    expect((await ask(raced.socket, 'mafia:lobby:in')).id).toBe(table.id)
    expect((await ask(early[3]!.socket, 'mafia:lobby:in')).id).toBe(last.lobby.id)
    expect((await ask(finisher.socket, 'mafia:lobby:in')).id).toBe(last.lobby.id)
    expect((await ask(host.socket, 'mafia:lobby:in')).lobby.spectators).toBe(0)

    // The queue goes on: ten more are seated at the next table.
    const next = await players(10)
    let answer: any
    for (const one of next) answer = await search(one)
    expect(answer.status).toBe('seated')
    expect(answer.lobby.lobby.players.map((seat: any) => seat.user.id)).toEqual(next.map((one) => one.id))
  })

  it('twenty players searching at once fill two tables, each player seated once', async () => {
    const waiting = await players(20)
    const heard = waiting.map(() => [] as any[])
    for (const [index, one] of waiting.entries()) one.socket.on('ladder:matched', (lobby) => heard[index]!.push(lobby))
    const answers = await Promise.all(waiting.map((one) => ask(one.socket, 'ladder:search:start')))
    for (const answer of answers) expect(answer.error).toBeUndefined()
    await expect.poll(() => heard.every((pushes) => pushes.length > 0), { timeout: 8000 }).toBe(true)
    const tables = new Map<number, number>()
    for (const pushes of heard) {
      expect(pushes).toHaveLength(1)
      tables.set(pushes[0].id, (tables.get(pushes[0].id) ?? 0) + 1)
    }
    expect([...tables.values()]).toEqual([10, 10])
    expect(await queue()).toEqual([])
  })

  it('drops a waiting user who has no socket left anywhere instead of seating them', async () => {
    // A row left behind by a server that stopped without hearing its sockets close: its user is connected nowhere.
    const { user: gone } = await createUserWithSession(db())
    await db().insertInto('ladder_queue').values({ user_id: gone.id, language: 'en' }).execute()
    const stillThere = await players(10)

    let answer: any
    for (const one of stillThere) answer = await search(one)
    expect(answer.status).toBe('seated')
    expect(answer.lobby.lobby.players.map((seat: any) => seat.user.id)).toEqual(stillThere.map((one) => one.id))
    expect(await queue()).toEqual([])
  })
})
