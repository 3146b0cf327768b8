import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRatingsRepository, type RatingsRepository } from '../../server/modules/ratings/ratings.repository'
import { createRatingsService } from '../../server/modules/ratings/ratings.service'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { insertFinishedGames, insertUsers, ratingSnapshot, seeded, type FinishedGame } from '../helpers/finished-games'

// A rating round reads the waiting games and the standings and works the round out outside the
// ratings' lock; only its write takes the lock, once it has checked that nobody rated games since
// its reads. Two servers rating the same games at once therefore rate each game once, and end with
// the standings one server alone gives. The rounds that finished games' notices start rate a few
// games each, so that no round holds the database's connection long while tables are played.

const logger = pino({ level: 'silent' })
const gamesCount = 30
let together: TestDatabase
let alone: TestDatabase
let noticed: TestDatabase

/** The same users and finished games in a fresh database (so the same ids). */
async function withGames(): Promise<TestDatabase> {
  const database = await createTestDatabase()
  const players = await insertUsers(database.db, Array.from({ length: 20 }, (_, index) => `rounds${index}`))
  const random = seeded(7)
  const games: FinishedGame[] = Array.from({ length: gamesCount }, (_, index) => {
    const pool = [...players]
    const seats = Array.from({ length: 10 }, () => pool.splice(Math.floor(random() * pool.length), 1)[0] as number)
    return { players: seats, redWon: random() < 0.55, endedAt: new Date(Date.UTC(2026, 10, 1) + index * 60_000) }
  })
  await insertFinishedGames(database.db, games)
  return database
}

beforeAll(async () => {
  ;[together, alone, noticed] = await Promise.all([withGames(), withGames(), withGames()])
})
afterAll(async () => {
  for (const database of [together, alone, noticed]) {
    await database.db.destroy()
    await database.dispose()
  }
})

describe('ratings: rounds on several servers', () => {
  it('a round that another server beats to the write writes nothing, reads again, and every game is rated once, to the standings one server gives', async () => {
    const repository = createRatingsRepository(together.db)
    const other = createRatingsService({ repository, logger })
    let interleaved = false
    let writes = 0
    // The other server's round runs whole while this one is between its reads and its write.
    const beaten: RatingsRepository = {
      ...repository,
      async sides(queries, ladderIds) {
        const sides = await repository.sides(queries, ladderIds)
        if (!interleaved) {
          interleaved = true
          await other.rateWaiting()
        }
        return sides
      },
      async writeRound(queries, round) {
        writes += 1
        await repository.writeRound(queries, round)
      },
    }
    await createRatingsService({ repository: beaten, logger }).rateWaiting()
    expect(interleaved).toBe(true)
    expect(writes).toBe(0)

    await createRatingsService({ repository: createRatingsRepository(alone.db), logger }).rateWaiting()
    const expected = await ratingSnapshot(alone.db)
    expect(expected.games).toHaveLength(gamesCount)
    expect(expected.history).toHaveLength(gamesCount * 10)
    expect(await ratingSnapshot(together.db)).toEqual(expected)
  })

  it('a finished games’ notice rates the waiting games a few per round, one round after another, to the standings one round gives', async () => {
    const repository = createRatingsRepository(noticed.db)
    const gamesPerWrite: number[] = []
    const counted: RatingsRepository = {
      ...repository,
      async writeRound(queries, round) {
        gamesPerWrite.push(round.rated.length)
        await repository.writeRound(queries, round)
      },
    }
    const service = createRatingsService({ repository: counted, logger, noticeGatherMs: 0 })
    service.noticeFinished()
    // The notice's rounds start once its gathering time is over; closing lets the rounds under way end.
    await new Promise((resolve) => setTimeout(resolve, 20))
    await service.close()
    expect(gamesPerWrite).toEqual([4, 4, 4, 4, 4, 4, 4, 2])

    await createRatingsService({ repository: createRatingsRepository(alone.db), logger }).rateWaiting()
    expect(await ratingSnapshot(noticed.db)).toEqual(await ratingSnapshot(alone.db))
  })
})
