import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { defaultLobbySettings } from '../../server/contract/game'
import { ask } from '../helpers/game-table'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { rawRequest } from '../helpers/requests'
import { closeOpenSockets, connectSocket, nextEvent, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer, type Player } from '../helpers/users'

let server: TestApp
let serverDatabase: TestDatabase

beforeAll(async () => {
  serverDatabase = await createTestDatabase()
  server = await startTestApp({ manualClock: true, database: serverDatabase })
})
afterEach(() => {
  closeOpenSockets()
})
afterAll(async () => {
  await server.close()
  await disposeQuietly(serverDatabase)
})

const db = () => server.database.db

const player = (options: { admin?: boolean } = {}) => connectPlayer(server, options.admin ? { role_id: 3 } : {})

/**
 * Closes the pool and lets its connections finish closing before the database is dropped: a drop
 * that overtakes a closing connection makes the server end it with an error nobody listens to.
 */
async function disposeQuietly(database: TestDatabase): Promise<void> {
  await database.db.destroy()
  await new Promise((resolve) => setTimeout(resolve, 300))
  await database.dispose()
}

/** Resolves with the first payload of an event that matches. */
function eventWhere(socket: TestSocket, event: string, match: (payload: any) => boolean, timeoutMs = 5000): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event}`)), timeoutMs)
    const listener = (payload: any) => {
      if (!match(payload)) return
      clearTimeout(timer)
      socket.off(event as any, listener)
      resolve(payload)
    }
    socket.on(event as any, listener)
  })
}

async function create(owner: Player, extra: Record<string, unknown> = {}) {
  const lobby = await ask(owner.socket, 'mafia:create:lobby', { name: 'Evening table', language: 'en', ...extra })
  expect(lobby.error).toBeUndefined()
  return lobby
}

async function seated(lobbyId: number, count: number): Promise<Player[]> {
  const players: Player[] = []
  for (let index = 0; index < count; index++) {
    const next = await player()
    const answer = await ask(next.socket, 'mafia:join:lobby', { id: lobbyId })
    expect(answer.error).toBeUndefined()
    players.push(next)
  }
  return players
}

async function memberRows(lobbyId: number) {
  return db().selectFrom('lobby_members').select(['user_id', 'role', 'seat']).where('lobby_id', '=', lobbyId).orderBy('user_id').execute()
}

describe('creating and listing tables', () => {
  it('creates a table with the spec defaults, seats its creator and lists it live', async () => {
    const watcher = await player()
    expect(Array.isArray(await ask(watcher.socket, 'mafia:lobby:list'))).toBe(true)
    const listed = eventWhere(watcher.socket, 'mafia:lobby:listed', () => true)
    const owner = await player()
    const lobby = await create(owner)
    expect(lobby).toMatchObject({ member: true, as: 'player', game: null })
    expect(lobby.lobby).toMatchObject({ name: 'Evening table', language: 'en', deckId: 1, kind: 'custom', status: 'open', seatCount: 10, judge: null, spectators: 0 })
    expect(lobby.lobby.settings).toEqual({ split3In9: false, voteIn0: false, judge: true, newbie: false, fourthFoul: false, openUp: false, votingType: 0 })
    expect(lobby.lobby.players).toEqual([{ seat: 1, user: expect.objectContaining({ id: owner.id }) }])
    expect((await listed).id).toBe(lobby.id)
    const list = await ask(watcher.socket, 'mafia:lobby:list')
    expect(list.find((item: any) => item.id === lobby.id)).toMatchObject({ players: [expect.anything()] })
    expect((await ask(owner.socket, 'mafia:lobby:in')).id).toBe(lobby.id)
    expect(await ask(watcher.socket, 'mafia:lobby:in')).toBeNull()
  })

  it('keeps given settings and refuses unknown fields and bad values', async () => {
    const owner = await player()
    const lobby = await create(owner, { settings: { openUp: true, votingType: 1, judge: false } })
    expect(lobby.lobby.settings).toEqual({ ...defaultLobbySettings, openUp: true, votingType: 1, judge: false })
    const other = await player()
    expect(await rawRequest(other.socket, 'mafia:create:lobby', { name: 'x', language: 'en', settings: { cheat: true } })).toMatchObject({ error: 'errors.unknown_field' })
    expect(await ask(other.socket, 'mafia:create:lobby', { name: '', language: 'en' })).toMatchObject({ error: 'errors.required', field: 'name' })
    expect(await ask(other.socket, 'mafia:lobby:in')).toBeNull()
  })

  it('refuses the judge chair to the creator of a table without a judge', async () => {
    const owner = await player()
    expect(await ask(owner.socket, 'mafia:create:lobby', { name: 'No judge', language: 'en', settings: { judge: false }, as: 'judge' })).toEqual({ error: 'errors.lobby.no_judge_seat', field: 'as' })
  })

  it('answers anonymous sockets with errors.unauthorized', async () => {
    const anonymous = await connectSocket(server.url)
    expect(await ask(anonymous, 'mafia:lobby:in')).toEqual({ error: 'errors.unauthorized' })
  })
})

describe('seats, judge and spectators', () => {
  it('a player joins, the table hears of it, and the game chat opens for them', async () => {
    const owner = await player()
    const lobby = await create(owner)
    const guest = await player()
    const updated = eventWhere(owner.socket, 'mafia:lobby:updated', (summary) => summary.players.length === 2)
    const chat = nextEvent(guest.socket, 'chat:new')
    const joined = await ask(guest.socket, 'mafia:join:lobby', { id: lobby.id })
    expect(joined).toMatchObject({ id: lobby.id, as: 'player', member: true })
    expect(joined.lobby.players.map((seat: any) => seat.seat)).toEqual([1, 2])
    expect((await updated).players).toHaveLength(2)
    expect(await chat).toMatchObject({ type: 2, lobbyId: lobby.id })
    // Joining twice is harmless.
    expect((await ask(guest.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
    expect(await memberRows(lobby.id)).toHaveLength(2)
  })

  it('a user sits at one table at a time', async () => {
    const first = await create(await player())
    const second = await create(await player())
    const guest = await player()
    await ask(guest.socket, 'mafia:join:lobby', { id: first.id })
    expect(await ask(guest.socket, 'mafia:join:lobby', { id: second.id })).toEqual({ error: 'errors.lobby.already_in_lobby', field: 'lobby' })
    expect(await ask(guest.socket, 'mafia:moderate:lobby', { id: second.id })).toEqual({ error: 'errors.lobby.already_in_lobby', field: 'lobby' })
    expect(await ask(guest.socket, 'mafia:create:lobby', { name: 'Mine', language: 'en' })).toEqual({ error: 'errors.lobby.already_in_lobby', field: 'lobby' })
    expect((await ask(guest.socket, 'mafia:lobby:in')).id).toBe(first.id)
    expect(await memberRows(second.id)).toHaveLength(1)
  })

  it('a judge takes the chair once, cannot also play, and a player cannot judge', async () => {
    const owner = await player()
    const lobby = await create(owner)
    const judge = await player()
    const chair = await ask(judge.socket, 'mafia:moderate:lobby', { id: lobby.id })
    expect(chair).toMatchObject({ as: 'judge' })
    expect(chair.lobby.judge?.id).toBe(judge.id)
    expect(await ask(judge.socket, 'mafia:join:lobby', { id: lobby.id })).toEqual({ error: 'errors.game.judge_playing' })
    expect(await ask(owner.socket, 'mafia:moderate:lobby', { id: lobby.id })).toEqual({ error: 'errors.game.judge_playing' })
    const second = await player()
    expect(await ask(second.socket, 'mafia:moderate:lobby', { id: lobby.id })).toEqual({ error: 'errors.lobby.judge_taken' })
    const noJudge = await create(await player(), { settings: { judge: false } })
    expect(await ask(second.socket, 'mafia:moderate:lobby', { id: noJudge.id })).toEqual({ error: 'errors.lobby.no_judge_seat' })
    expect((await memberRows(lobby.id)).map((row) => row.role).sort()).toEqual(['judge', 'player'])
    expect(await ask(second.socket, 'mafia:game:command', { id: lobby.id, command: { type: 'start' } })).toEqual({ error: 'errors.game.judge_only' })
    // The judge cannot deal before every seat is taken.
    expect(await ask(judge.socket, 'mafia:game:command', { id: lobby.id, command: { type: 'start' } })).toEqual({ error: 'errors.game.invalid_setup' })
    expect(await db().selectFrom('game_events').select('version').where('lobby_id', '=', lobby.id).execute()).toEqual([])
  })

  it('a full table refuses another player', async () => {
    const owner = await player()
    const lobby = await create(owner)
    await seated(lobby.id, 9)
    const late = await player()
    expect(await ask(late.socket, 'mafia:join:lobby', { id: lobby.id })).toEqual({ error: 'errors.lobby.full' })
    expect((await memberRows(lobby.id)).filter((row) => row.role === 'player')).toHaveLength(10)
    // Watching is still open.
    expect((await ask(late.socket, 'mafia:watch:lobby', { id: lobby.id })).as).toBe('spectator')
  })

  it('a newbie table refuses a player with 20 finished games', async () => {
    const owner = await player()
    const lobby = await create(owner, { settings: { newbie: true } })
    const veteran = await player()
    const old = await db().insertInto('lobbies').values({ name: 'old', language: 'en', deck_id: 1, settings: JSON.stringify(defaultLobbySettings), kind: 'custom', status: 'ended' }).returning('id').executeTakeFirstOrThrow()
    await db().insertInto('game_results').values({ lobby_id: old.id, outcome: 'red', reason: 'all_black_left', counts_for_ratings: true, finalised: true }).execute()
    const rows = Array.from({ length: 19 }, (_, index) => ({ lobby_id: old.id, seat: index + 1, user_id: veteran.id, role: 'Civil', team: 'red', won: true, points: 1, breakdown: '{}' }))
    await db().insertInto('game_players').values(rows).execute()
    // 19 games: still a newbie.
    expect((await ask(veteran.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
    veteran.socket.emit('mafia:lobby:leave')
    await new Promise((resolve) => setTimeout(resolve, 100))
    await db().insertInto('game_players').values({ ...rows[0]!, seat: 20 }).execute()
    expect(await ask(veteran.socket, 'mafia:join:lobby', { id: lobby.id })).toEqual({ error: 'errors.lobby.newbie_only' })
    expect(await ask(veteran.socket, 'mafia:lobby:in')).toBeNull()
  })

  it('spectators watch and load; outsiders and forged ids are refused', async () => {
    const owner = await player()
    const lobby = await create(owner)
    const fan = await player()
    const watched = await ask(fan.socket, 'mafia:watch:lobby', { id: lobby.id })
    expect(watched).toMatchObject({ as: 'spectator', member: true })
    expect(watched.lobby.spectators).toBe(1)
    expect(await ask(fan.socket, 'mafia:load:lobby', { id: lobby.id })).toMatchObject({ id: lobby.id, as: 'spectator' })
    const outsider = await player()
    expect(await ask(outsider.socket, 'mafia:load:lobby', { id: lobby.id })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
    expect(await ask(outsider.socket, 'mafia:join:lobby', { id: 2_000_000 })).toEqual({ error: 'errors.not_found' })
    expect(await ask(outsider.socket, 'mafia:watch:lobby', { id: 2_000_000 })).toEqual({ error: 'errors.not_found' })
    expect(await ask(outsider.socket, 'mafia:moderate:lobby', { id: 2_000_000 })).toEqual({ error: 'errors.not_found' })
    expect(await rawRequest(outsider.socket, 'mafia:join:lobby', { id: 'one' })).toMatchObject({ error: 'errors.invalid_value', field: 'id' })
    // A spectator may sit down at the same table.
    expect((await ask(fan.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
    expect((await memberRows(lobby.id)).map((row) => row.role)).toEqual(['player', 'player'])
  })

  it('leaving frees the seat and the game chat; the last one out closes an open table', async () => {
    const owner = await player()
    const lobby = await create(owner)
    const guest = await player()
    await ask(guest.socket, 'mafia:join:lobby', { id: lobby.id })
    const closed = nextEvent(guest.socket, 'chat:close')
    guest.socket.emit('mafia:lobby:leave')
    await closed
    expect(await ask(guest.socket, 'mafia:lobby:in')).toBeNull()
    expect((await memberRows(lobby.id)).map((row) => row.user_id)).toEqual([owner.id])
    owner.socket.emit('mafia:lobby:leave')
    await expect.poll(async () => (await db().selectFrom('lobbies').select('status').where('id', '=', lobby.id).executeTakeFirstOrThrow()).status).toBe('disbanded')
    const list = await ask(guest.socket, 'mafia:lobby:list')
    expect(list.some((item: any) => item.id === lobby.id)).toBe(false)
  })
})

describe('admins', () => {
  it('join a full table as spectators, sit at a newbie table, and disband any table', async () => {
    const owner = await player()
    const lobby = await create(owner)
    const players = await seated(lobby.id, 9)
    const admin = await player({ admin: true })
    expect((await ask(admin.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('spectator')
    const user = await player()
    expect(await ask(user.socket, 'mafia:disband:lobby', { id: lobby.id })).toEqual({ error: 'errors.forbidden' })
    const told = eventWhere(players[0]!.socket, 'mafia:lobby:updated', (summary) => summary.status === 'disbanded')
    expect(await ask(admin.socket, 'mafia:disband:lobby', { id: lobby.id })).toEqual({ ok: true })
    expect((await told).status).toBe('disbanded')
    expect(await ask(owner.socket, 'mafia:lobby:in')).toBeNull()
    expect(await memberRows(lobby.id)).toEqual([])
    expect(await ask(players[1]!.socket, 'mafia:join:lobby', { id: lobby.id })).toEqual({ error: 'errors.lobby.closed' })
    expect(await ask(admin.socket, 'mafia:disband:lobby', { id: 2_000_000 })).toEqual({ error: 'errors.not_found' })
  })
})

describe('the ladder queue', () => {
  it('seats ten waiting players at a new table without a judge and starts the game', async () => {
    const waiting: Player[] = []
    for (let index = 0; index < 10; index++) waiting.push(await player())
    const matched = waiting.map((one) => nextEvent(one.socket, 'ladder:matched'))
    for (const [index, one] of waiting.slice(0, 9).entries()) {
      expect(await ask(one.socket, 'ladder:search:start')).toEqual({ status: 'searching', waiting: index + 1, needed: 10 })
    }
    expect(await ask(waiting[0]!.socket, 'ladder:search:start')).toEqual({ error: 'errors.lobby.already_searching', field: 'ladder' })
    const last = await ask(waiting[9]!.socket, 'ladder:search:start')
    if (last.status !== 'seated') throw new Error(`the tenth player is ${last.status}, not seated`)
    expect(last.lobby.lobby).toMatchObject({ kind: 'ladder', status: 'running', judge: null })
    expect(last.lobby.lobby.settings.judge).toBe(false)
    expect(last.lobby.lobby.players).toHaveLength(10)
    expect(last.lobby.game?.view).toMatchObject({ phase: 'zero_night', judge: null })
    expect(last.lobby.game?.view.you?.role).toEqual(expect.any(String))
    const lobbies = await Promise.all(matched)
    expect(new Set(lobbies.map((lobby) => lobby.id))).toEqual(new Set([last.lobby.id]))
    expect((await ask(waiting[3]!.socket, 'mafia:lobby:in')).id).toBe(last.lobby.id)
    const events = await db().selectFrom('game_events').select('type').where('lobby_id', '=', last.lobby.id).orderBy('version').execute()
    expect(events.map((event) => event.type).slice(0, 3)).toEqual(['game_created', 'roles_dealt', 'zero_night_started'])
    // Seated players cannot search again, or leave a running game.
    expect(await ask(waiting[0]!.socket, 'ladder:search:start')).toEqual({ error: 'errors.lobby.already_in_lobby', field: 'lobby' })
    waiting[0]!.socket.emit('mafia:lobby:leave')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await ask(waiting[0]!.socket, 'mafia:lobby:in')).id).toBe(last.lobby.id)
    // An admin disbands the running table: its game takes no more commands.
    const admin = await player({ admin: true })
    expect(await ask(admin.socket, 'mafia:disband:lobby', { id: last.lobby.id })).toEqual({ ok: true })
    const speaker = { id: last.lobby.id, command: { type: 'end_speech' as const } }
    expect(await ask(waiting[0]!.socket, 'mafia:game:command', speaker)).toEqual({ error: 'errors.lobby.closed' })
    expect(await ask(waiting[0]!.socket, 'mafia:lobby:in')).toBeNull()
  })

  it('a cancelled search leaves the queue', async () => {
    const one = await player()
    const first = await ask(one.socket, 'ladder:search:start')
    if (first.status !== 'searching') throw new Error(`the search is ${first.status}`)
    expect(await ask(one.socket, 'ladder:search:cancel')).toEqual({ ok: true })
    expect(await ask(one.socket, 'ladder:search:start')).toMatchObject({ status: 'searching', waiting: first.waiting })
    expect(await ask(one.socket, 'ladder:search:cancel')).toEqual({ ok: true })
  })
})
