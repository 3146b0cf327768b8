import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LadderStandings, type LadderEntry } from '../../server/modules/ratings/ladder-standings'
import { displayRating } from '../../server/modules/ratings/rating-model'
import { createRatingsRepository } from '../../server/modules/ratings/ratings.repository'
import { standingsCopyRows } from '../../server/modules/ratings/standings-copy'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { insertUsers } from '../helpers/finished-games'

/**
 * The standings a recompute writes afresh on a PostgreSQL server: one binary COPY into a bare table,
 * swapped in for the standings in use. Only the integration:postgres project selects this file.
 */
let database: TestDatabase

beforeAll(async () => {
  if (process.env.TEST_DB_KIND !== 'postgres') throw new Error('these tests need a PostgreSQL server: run them in the integration:postgres project')
  database = await createTestDatabase()
})
afterAll(() => database?.dispose())

const entry = (mu: number, sigma: number, recent: number[], lastGameAt: number): LadderEntry => ({ mu, sigma, games: recent.length + 3, wins: 2, recent, lastGameAt })

describe('standings rebuilt by COPY', () => {
  it('stores every standing bit for bit, under the key, indexes and foreign key of the table it replaces; a user deleted meanwhile leaves none', async () => {
    const db = database.db
    const [kept, other, deletedMeanwhile] = await insertUsers(db, ['rebuild-kept', 'rebuild-other', 'rebuild-gone'])
    const repository = createRatingsRepository(db, { withClient: database.withClient ?? null })
    // A standing from before, which the rebuild replaces.
    await sql`insert into rating_entries (ladder_id, user_id, mu, sigma, rating, games, wins, recent, last_game_at) values ('red', ${kept}, 1, 1, 1, 1, 1, '{1}', now())`.execute(db)
    await sql`insert into rating_sides (ladder_id, mu, sigma) values ('red', 1, 1)`.execute(db)

    // Values no text form would keep exactly: shortest decimal forms, a tiny fraction, a time to the millisecond.
    const source: [string, [number, LadderEntry][]][] = [
      ['overall', [[kept as number, entry(0.1 + 0.2, 25 / 3, [1000, 1012.3, 987.6], Date.UTC(2026, 10, 3, 12, 0, 0, 7))], [deletedMeanwhile as number, entry(20, 7, [1000], Date.UTC(2026, 10, 4))]]],
      ['season-2026-11', [[other as number, entry(31.25, Number.MIN_VALUE * 2 ** 60, [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009], Date.UTC(2026, 10, 30, 23, 59, 59, 999))]]],
    ]
    const standings = new Map<string, LadderStandings>()
    for (const [ladderId, entries] of source) {
      const ladder = new LadderStandings()
      for (const [userId, standing] of entries) ladder.set(userId, standing)
      standings.set(ladderId, ladder)
    }
    await repository.rebuildStandings(standingsCopyRows(standings))
    await db.deleteFrom('users').where('id', '=', deletedMeanwhile as number).execute()
    await repository.locked((trx) => repository.swapInStandingsRebuild(trx))

    const rows = await sql<{ ladder_id: string; user_id: number; mu: number; sigma: number; rating: number; games: number; wins: number; recent: number[]; last_game_at: Date }>`
      select * from rating_entries order by ladder_id, user_id`.execute(db)
    const expected = source.flatMap(([ladderId, entries]) =>
      entries.filter(([userId]) => userId !== deletedMeanwhile).map(([userId, standing]) => ({
        ladder_id: ladderId,
        user_id: userId,
        mu: standing.mu,
        sigma: standing.sigma,
        rating: displayRating(standing),
        games: standing.games,
        wins: standing.wins,
        recent: standing.recent,
        last_game_at: new Date(standing.lastGameAt),
      })),
    )
    expect(rows.rows.map((row) => ({ ...row, recent: row.recent.map(Number) }))).toEqual(expected)
    // The sides are emptied for the recompute to write.
    expect((await sql`select * from rating_sides`.execute(db)).rows).toEqual([])

    // The table in use has its key, its indexes and its foreign key back.
    await expect(sql`insert into rating_entries select * from rating_entries limit 1`.execute(db)).rejects.toThrow(/duplicate key/)
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'rating_entries' order by indexname`.execute(db)
    expect(indexes.rows.map((row) => row.indexname)).toEqual(['rating_entries_order', 'rating_entries_pk', 'rating_entries_user'])
    await db.deleteFrom('users').where('id', '=', kept as number).execute()
    expect((await sql<{ user_id: number }>`select user_id from rating_entries`.execute(db)).rows).toEqual([{ user_id: other }])
    // Nothing of the rebuild is left.
    expect((await sql`select 1 from pg_tables where tablename = 'rating_entries_rebuild'`.execute(db)).rows).toEqual([])
  })
})
