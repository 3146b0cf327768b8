import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultLobbySettings, type GameEvent, type GameResult } from '../../server/contract/game'
import { createMafiaRoomRepository } from '../../server/modules/chats/mafia-room.repository'
import { createGameRepository } from '../../server/modules/game/game.repository'
import { createLobbiesRepository } from '../../server/modules/lobbies/lobbies.repository'
import { createReferralsRepository } from '../../server/modules/referrals/referrals.repository'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { createUserWithSession } from '../helpers/users'

// Every game reads its table with its members, stores its deal, its end and its closed protocol,
// opens and closes the mafia's room and settles its players' referral rewards: each of these runs
// as a named prepared statement on a plan made once per connection (db/connection.ts), as planning
// them took longer than running them. The embedded database has a single connection, the one read
// here, so what ran is visible in it: this file runs on PGlite only (build/vitest.config.ts).

let database: TestDatabase
let players: number[]

beforeAll(async () => {
  database = await createTestDatabase()
  players = []
  for (let seat = 0; seat < 3; seat++) players.push((await createUserWithSession(database.db)).user.id)
})
afterAll(async () => {
  await database.db.destroy()
  await database.dispose()
})

const event = (type: string, version: number, at: number) => ({ type, version, at }) as unknown as GameEvent

const resultOf = (finalised: boolean): GameResult =>
  ({
    outcome: 'red_win',
    reason: 'all_black_out',
    losingTeam: 'black',
    finalised,
    countsForRatings: true,
    seats: players.map((user, index) => ({ seat: index + 1, user, role: index === 0 ? 'don' : 'citizen', team: index === 0 ? 'black' : 'red', won: index !== 0, points: 1, breakdown: { win: 1, bestMove: 0, removal: 0, extra: 0 } })),
  }) as unknown as GameResult

/** How many times each named statement ran on a generic plan and on a plan made for its values. */
async function plans(): Promise<Map<string, { generic: number; custom: number }>> {
  const rows = await sql<{ name: string; generic: string; custom: string }>`select name, generic_plans as generic, custom_plans as custom from pg_prepared_statements`.execute(database.db)
  return new Map(rows.rows.map((row) => [row.name, { generic: Number(row.generic), custom: Number(row.custom) }]))
}

/** One table's whole record, as a game writes it. */
async function playOneTable(): Promise<void> {
  const games = createGameRepository(database.db)
  const lobbies = createLobbiesRepository(database.db)
  const rooms = createMafiaRoomRepository(database.db)
  const referrals = createReferralsRepository(database.db)
  const lobby = await database.db
    .insertInto('lobbies')
    .values({ name: 'table', language: 'en', deck_id: 1, settings: JSON.stringify(defaultLobbySettings), kind: 'custom', status: 'open' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await database.db.insertInto('lobby_members').values(players.map((user, index) => ({ lobby_id: lobby.id, user_id: user, role: 'player' as const, seat: index + 1 }))).execute()
  expect((await lobbies.findWithMembers(lobby.id))?.members.map((member) => member.user_id)).toEqual(players)
  await games.append(lobby.id, [event('game_created', 1, 1_000), event('roles_dealt', 2, 1_000)], { result: null, judge: null })
  expect(await rooms.open(lobby.id, [{ userId: players[0] as number, seat: 1 }], new Date(2_000))).toBe(true)
  expect(await rooms.close(lobby.id, new Date(3_000))).toEqual([players[0]])
  await games.append(lobby.id, [event('game_ended', 3, 5_000)], { result: resultOf(false), judge: null })
  // The protocol closed with no seat changed: only the result's row is written.
  await games.append(lobby.id, [event('finalised', 4, 6_000)], { result: resultOf(true), judge: null, sameSeats: true })
  await referrals.settleGame(lobby.id, 3, 7, new Date(7_000))
  expect((await lobbies.findWithMembers(lobby.id))?.lobby.status).toBe('ended')
  // Members leave a finished table, so the next table can seat them.
  await database.db.deleteFrom('lobby_members').where('lobby_id', '=', lobby.id).execute()
}

describe('game: the statements of every game run on a plan made once', () => {
  it("a table's read, the deal, the end, the closed protocol, the mafia room and the referral rewards are planned once and run again on that plan", async () => {
    await playOneTable()
    const before = await plans()
    await playOneTable()
    await playOneTable()
    const after = await plans()
    const names = ['lobby_with_members', 'game_store_dealt', 'game_store_ended_result_seats', 'game_store_result', 'mafia_room_open', 'mafia_room_close', 'referral_settle_game']
    for (const name of names) {
      const was = before.get(name)
      const now = after.get(name)
      expect(was, name).toBeDefined()
      // Two more tables: each statement ran again on its one generic plan, never planned for its values.
      const timesPerTable = name === 'lobby_with_members' ? 2 : 1
      expect({ name, generic: (now?.generic ?? 0) - (was?.generic ?? 0), custom: (now?.custom ?? 0) - (was?.custom ?? 0) }).toEqual({ name, generic: 2 * timesPerTable, custom: 0 })
    }
  })
})
