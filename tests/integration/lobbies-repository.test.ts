import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultLobbySettings } from '../../server/contract/game'
import { createLobbiesRepository } from '../../server/modules/lobbies/lobbies.repository'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { insertUsers } from '../helpers/finished-games'

/**
 * A table and its members read together: the lobby list's summaries, the deal's setup and the seat
 * changes read both at once, in one statement, and get what reading them apart gives.
 */
describe('a table read with its members', () => {
  let database: TestDatabase
  let users: number[]
  let statements = 0
  /** Counts the statements the repository runs. */
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      statements += 1
      return args.node
    },
    transformResult: async (args) => args.result,
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    const suffix = Math.random().toString(36).slice(2, 8)
    users = await insertUsers(database.db, [0, 1, 2, 3].map((index) => `seat${index}${suffix}`))
    // One premium member: the cards carry it.
    await database.db.updateTable('users').set({ is_premium: true }).where('id', '=', users[2] as number).execute()
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const newTable = (repository: ReturnType<typeof createLobbiesRepository>, name: string, members: Array<{ userId: number; role: 'player' | 'judge' | 'spectator'; seat: number | null }>) =>
    repository.create({ name, language: 'en', deckId: 1, settings: defaultLobbySettings, kind: 'custom', creatorId: null }, members)

  it('answers the table and its members by seat, then arrival, with their cards, in one statement', async () => {
    const repository = createLobbiesRepository(database.db)
    const [first, second, third, fourth] = users as [number, number, number, number]
    const table = await newTable(repository, 'Read together', [{ userId: first, role: 'player', seat: 7 }])
    // Seats taken out of order; a judge and a spectator have none.
    await repository.addMember(table.id, second, 'spectator', null)
    await repository.addMember(table.id, third, 'player', 2)
    await repository.addMember(table.id, fourth, 'judge', null)

    const counted = createLobbiesRepository(database.db.withPlugin(counting))
    statements = 0
    const found = await counted.findWithMembers(table.id)
    expect(statements).toBe(1)

    expect(found).toEqual({ lobby: await repository.find(table.id), members: await repository.members([table.id]) })
    expect(found?.members.map((member) => [member.user_id, member.role, member.seat])).toEqual([
      [third, 'player', 2],
      [first, 'player', 7],
      [second, 'spectator', null],
      [fourth, 'judge', null],
    ])
    expect(found?.members[0]?.card).toMatchObject({ id: third, isPremium: true })
  })

  it('answers a table nobody is at with no members, and nothing for an unknown one', async () => {
    const repository = createLobbiesRepository(database.db)
    const table = await newTable(repository, 'Empty', [])
    expect(await repository.findWithMembers(table.id)).toEqual({ lobby: await repository.find(table.id), members: [] })
    expect(await repository.findWithMembers(table.id + 1_000_000)).toBeUndefined()
  })
})
