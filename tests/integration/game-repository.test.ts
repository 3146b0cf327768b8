import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GameEvent, GameResult } from '../../server/contract/game'
import { createGameRepository, LeaseLost, type GameRepository } from '../../server/modules/game/game.repository'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { createUserWithSession } from '../helpers/users'

// The deal and the end are stored as one statement each, with what they change: these check that the
// statement changes everything together, and nothing when its events cannot be stored.

let database: TestDatabase
let games: GameRepository
let players: number[]

beforeAll(async () => {
  database = await createTestDatabase()
  games = createGameRepository(database.db)
  players = []
  for (let seat = 0; seat < 3; seat++) players.push((await createUserWithSession(database.db)).user.id)
})
afterAll(async () => {
  await database.db.destroy()
  await database.dispose()
})

async function openTable(): Promise<number> {
  const row = await database.db
    .insertInto('lobbies')
    .values({ name: 'table', language: 'en', deck_id: 1, settings: JSON.stringify({}), kind: 'custom', status: 'open' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

// The repository stores events as given; their content beyond type, version and time is the engine's business.
const event = (type: string, version: number, at: number) => ({ type, version, at }) as unknown as GameEvent

const resultOf = (points: number[], finalised: boolean): GameResult => ({
  outcome: 'red_win',
  reason: 'all_black_out',
  losingTeam: 'black',
  finalised,
  countsForRatings: true,
  seats: points.map((value, index) => ({
    seat: index + 1,
    user: players[index] as number,
    role: index === 0 ? 'don' : 'citizen',
    team: index === 0 ? 'black' : 'red',
    won: index !== 0,
    points: value,
    breakdown: { win: value, bestMove: 0, removal: 0, extra: 0 },
  })),
} as unknown as GameResult)

const lobby = (id: number) => database.db.selectFrom('lobbies').select(['status', 'started_at', 'ended_at']).where('id', '=', id).executeTakeFirstOrThrow()
const versions = async (id: number) => (await database.db.selectFrom('game_events').select('version').where('lobby_id', '=', id).orderBy('version').execute()).map((row) => row.version)
const seatPoints = async (id: number) =>
  (await database.db.selectFrom('game_players').select(['seat', 'points']).where('lobby_id', '=', id).orderBy('seat').execute()).map((row) => [row.seat, row.points])

describe('game record: the deal and the end', () => {
  it('the deal stores its events and starts the table; the end stores its events, ends the table and stores every seat, rewritten by a later change', async () => {
    const id = await openTable()
    await games.append(id, [event('game_created', 1, 1_000), event('roles_dealt', 2, 1_000)], { result: null, judge: null })
    expect(await versions(id)).toEqual([1, 2])
    expect((await lobby(id)).status).toBe('running')
    expect(new Date((await lobby(id)).started_at as Date).getTime()).toBe(1_000)

    await games.append(id, [event('game_ended', 3, 5_000)], { result: resultOf([1, 1, 1], false), judge: players[0] as number })
    expect(await lobby(id)).toMatchObject({ status: 'ended' })
    expect(new Date((await lobby(id)).ended_at as Date).getTime()).toBe(5_000)
    expect(await seatPoints(id)).toEqual([[1, 1], [2, 1], [3, 1]])
    const result = await database.db.selectFrom('game_results').selectAll().where('lobby_id', '=', id).executeTakeFirstOrThrow()
    expect(result).toMatchObject({ outcome: 'red_win', judge_id: players[0], finalised: false })

    // The judge's extra points, then the protocol closed with one seat fewer: every row follows the last result.
    await games.append(id, [event('points_changed', 4, 6_000)], { result: resultOf([1, 2.5, 1], false), judge: players[0] as number })
    expect(await seatPoints(id)).toEqual([[1, 1], [2, 2.5], [3, 1]])
    await games.append(id, [event('finalised', 5, 7_000)], { result: resultOf([0.5, 2.5], true), judge: null })
    expect(await seatPoints(id)).toEqual([[1, 0.5], [2, 2.5]])
    expect(await database.db.selectFrom('game_results').select(['finalised', 'judge_id']).where('lobby_id', '=', id).executeTakeFirstOrThrow()).toEqual({ finalised: true, judge_id: null })
  })

  it("a result whose seats are those already stored writes only the result's row; a seat changed writes every seat's row again", async () => {
    const id = await openTable()
    const seatRows = async () => (await sql<{ seat: number; written: string }>`select seat, xmin::text as written from game_players where lobby_id = ${id} order by seat`.execute(database.db)).rows
    await games.append(id, [event('game_created', 1, 1_000), event('roles_dealt', 2, 1_000)], { result: null, judge: null })
    await games.append(id, [event('game_ended', 3, 5_000)], { result: resultOf([1, 1, 1], false), judge: null })
    const writtenAtEnd = await seatRows()
    expect(writtenAtEnd).toHaveLength(3)

    await games.append(id, [event('finalised', 4, 6_000)], { result: resultOf([1, 1, 1], true), judge: null, sameSeats: true })
    expect(await database.db.selectFrom('game_results').select('finalised').where('lobby_id', '=', id).executeTakeFirstOrThrow()).toEqual({ finalised: true })
    expect(await seatRows()).toEqual(writtenAtEnd)

    await games.append(id, [event('points_changed', 5, 7_000)], { result: resultOf([1, 1.5, 1], true), judge: null })
    expect(await seatPoints(id)).toEqual([[1, 1], [2, 1.5], [3, 1]])
    expect((await seatRows()).every((row, index) => row.written !== writtenAtEnd[index]?.written)).toBe(true)
  })

  it('an end whose version is already stored fails and changes nothing', async () => {
    const id = await openTable()
    await games.append(id, [event('game_created', 1, 1_000), event('roles_dealt', 2, 1_000)], { result: null, judge: null })
    await expect(games.append(id, [event('game_ended', 2, 5_000)], { result: resultOf([1, 1, 1], false), judge: null })).rejects.toThrow()
    expect((await lobby(id)).status).toBe('running')
    expect(await seatPoints(id)).toEqual([])
    expect(await database.db.selectFrom('game_results').select('lobby_id').where('lobby_id', '=', id).executeTakeFirst()).toBeUndefined()
  })

  it('with several servers, a deal or an end under a lease another server holds stores nothing and says the lease is lost', async () => {
    const id = await openTable()
    expect(await games.claimLease(id, 'node-a', 60_000)).toBe('node-a')
    await games.append(id, [event('game_created', 1, 1_000), event('roles_dealt', 2, 1_000)], { result: null, judge: null }, 'node-a')
    expect((await lobby(id)).status).toBe('running')

    // node-a's lease runs out and node-b takes the table: node-a's end must not be written.
    await sql`update table_leases set expires_at = now() - interval '1 second' where lobby_id = ${id}`.execute(database.db)
    expect(await games.claimLease(id, 'node-b', 60_000)).toBe('node-b')
    await expect(games.append(id, [event('game_ended', 3, 5_000)], { result: resultOf([1, 1, 1], false), judge: null }, 'node-a')).rejects.toBeInstanceOf(LeaseLost)
    expect(await versions(id)).toEqual([1, 2])
    expect((await lobby(id)).status).toBe('running')
    expect(await seatPoints(id)).toEqual([])

    await games.append(id, [event('game_ended', 3, 5_000)], { result: resultOf([1, 1, 1], false), judge: null }, 'node-b')
    expect((await lobby(id)).status).toBe('ended')
    expect(await seatPoints(id)).toEqual([[1, 1], [2, 1], [3, 1]])
  })
})

describe('game record: the moves of a running game', () => {
  // A move's events go written out in the statement's text: whatever their texts hold comes back exactly.
  const awkward = `it's a \\ "quoted" ' \\' move'); drop table game_events; --`
  const move = (version: number, type = 'points_awarded') => ({ type, version, at: 2_000, note: awkward, nested: { text: `${awkward}\\n` } }) as unknown as GameEvent

  it('stores each move as given, quotes and backslashes in its texts included, on one server and fenced by a lease', async () => {
    const id = await openTable()
    await games.append(id, [event('game_created', 1, 1_000), event('roles_dealt', 2, 1_000)], { result: null, judge: null })
    await Promise.all([games.append(id, [move(3), move(4, "vote's_cast")], { result: null, judge: null }), games.append(id, [move(5)], { result: null, judge: null })])
    expect(await games.events(id)).toEqual([event('game_created', 1, 1_000), event('roles_dealt', 2, 1_000), move(3), move(4, "vote's_cast"), move(5)])

    const fenced = await openTable()
    expect(await games.claimLease(fenced, "node-'a\\", 60_000)).toBe("node-'a\\")
    await games.append(fenced, [event('game_created', 1, 1_000), event('roles_dealt', 2, 1_000)], { result: null, judge: null }, "node-'a\\")
    await games.append(fenced, [move(3)], { result: null, judge: null }, "node-'a\\")
    await expect(games.append(fenced, [move(4)], { result: null, judge: null }, 'node-b')).rejects.toBeInstanceOf(LeaseLost)
    expect(await games.events(fenced)).toEqual([event('game_created', 1, 1_000), event('roles_dealt', 2, 1_000), move(3)])
  })

  it('a deal and an end whose texts hold quotes and backslashes come back exactly, each kind written again and again', async () => {
    for (let round = 0; round < 2; round++) {
      const id = await openTable()
      const dealt = { ...move(2, 'roles_dealt'), at: 1_000 }
      await games.append(id, [event('game_created', 1, 1_000), dealt], { result: null, judge: null })
      const ended = { ...move(3, 'game_ended'), at: 5_000 }
      const result = resultOf([1, 1, 1], false)
      const awkwardSeat = { ...result.seats[0], breakdown: { ...result.seats[0]?.breakdown, note: awkward } } as GameResult['seats'][number]
      await games.append(id, [ended], { result: { ...result, seats: [awkwardSeat, ...result.seats.slice(1)] }, judge: null })
      expect(await games.events(id)).toEqual([event('game_created', 1, 1_000), dealt, ended])
      const breakdown = await database.db.selectFrom('game_players').select('breakdown').where('lobby_id', '=', id).where('seat', '=', 1).executeTakeFirstOrThrow()
      expect(breakdown.breakdown).toMatchObject({ note: awkward })
      expect(await lobby(id)).toMatchObject({ status: 'ended' })
    }
  })
})
