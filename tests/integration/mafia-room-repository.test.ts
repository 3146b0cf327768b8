import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultLobbySettings } from '../../server/contract/game'
import { createMafiaRoomRepository } from '../../server/modules/chats/mafia-room.repository'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'

/**
 * The mafia room's record: a room opens once with its members, written together in one statement,
 * and closes once, answering who was in it. The game host opens and closes it at every table's zero
 * night, so each is one statement (the whole flow is in mafia-room.test.ts).
 */
describe('the mafia room’s record', () => {
  let database: TestDatabase
  let users: number[]
  const lobbies: number[] = []
  const at = new Date('2026-12-03T12:00:00Z')

  beforeAll(async () => {
    database = await createTestDatabase()
    const suffix = Math.random().toString(36).slice(2, 8)
    users = (
      await database.db
        .insertInto('users')
        .values([0, 1, 2].map((index) => ({ nickname: `room${index}${suffix}`, email: `room${index}-${suffix}@example.test`, password_hash: '!', email_confirmation: true, referral_token: `room${index}${suffix}` })))
        .returning('id')
        .execute()
    ).map((row) => row.id)
    for (let index = 0; index < 3; index++) {
      const row = await database.db
        .insertInto('lobbies')
        .values({ name: `room ${index}`, language: 'en', deck_id: 1, settings: JSON.stringify(defaultLobbySettings), kind: 'custom', status: 'running', creator_id: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      lobbies.push(row.id)
    }
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const membersOf = async (lobbyId: number) =>
    database.db.selectFrom('mafia_room_members').select(['user_id', 'seat']).where('lobby_id', '=', lobbyId).orderBy('user_id').execute()

  it('opens once with its members; a second opening changes nothing; closing answers the members once', async () => {
    const rooms = createMafiaRoomRepository(database.db)
    const lobbyId = lobbies[0] as number
    const [black1, black2, judge] = users as [number, number, number]
    expect(await rooms.open(lobbyId, [{ userId: black1, seat: 2 }, { userId: black2, seat: 7 }, { userId: judge, seat: null }], at)).toBe(true)
    expect(await membersOf(lobbyId)).toEqual([
      { user_id: black1, seat: 2 },
      { user_id: black2, seat: 7 },
      { user_id: judge, seat: null },
    ])
    expect(await rooms.open(lobbyId, [{ userId: black1, seat: 5 }], new Date(at.getTime() + 1000))).toBe(false)
    expect(await membersOf(lobbyId)).toHaveLength(3)
    const room = await database.db.selectFrom('mafia_rooms').select(['opened_at', 'closed_at']).where('lobby_id', '=', lobbyId).executeTakeFirstOrThrow()
    expect(new Date(room.opened_at).getTime()).toBe(at.getTime())
    expect(room.closed_at).toBeNull()

    expect((await rooms.close(lobbyId, new Date(at.getTime() + 60_000)))?.sort((a, b) => a - b)).toEqual([black1, black2, judge])
    expect(await rooms.close(lobbyId, new Date(at.getTime() + 70_000))).toBeNull()
    const closed = await database.db.selectFrom('mafia_rooms').select('closed_at').where('lobby_id', '=', lobbyId).executeTakeFirstOrThrow()
    expect(new Date(closed.closed_at as Date).getTime()).toBe(at.getTime() + 60_000)
  })

  it('a room opened with nobody in it closes with nobody; one never opened does not close', async () => {
    const rooms = createMafiaRoomRepository(database.db)
    expect(await rooms.open(lobbies[1] as number, [], at)).toBe(true)
    expect(await rooms.close(lobbies[1] as number, at)).toEqual([])
    expect(await rooms.close(lobbies[2] as number, at)).toBeNull()
    expect(await database.db.selectFrom('mafia_rooms').select('lobby_id').where('lobby_id', '=', lobbies[2] as number).execute()).toEqual([])
  })

  it('writes neither the room nor any member when one member cannot be written', async () => {
    const rooms = createMafiaRoomRepository(database.db)
    const lobbyId = lobbies[2] as number
    await expect(rooms.open(lobbyId, [{ userId: users[0] as number, seat: 1 }, { userId: 2_000_000_000, seat: 3 }], at)).rejects.toThrow()
    expect(await database.db.selectFrom('mafia_rooms').select('lobby_id').where('lobby_id', '=', lobbyId).execute()).toEqual([])
    expect(await membersOf(lobbyId)).toEqual([])
  })
})
