import { sql } from 'kysely'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '../../server/lib/clock'
import { createRatingsRepository } from '../../server/modules/ratings/ratings.repository'
import { createRatingsService } from '../../server/modules/ratings/ratings.service'
import { createRecompute } from '../../server/modules/ratings/recompute'
import { insertFinishedGames, insertUsers, ratingSnapshot, seeded, type FinishedGame } from '../helpers/finished-games'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

/** Spearman's rank correlation. */
function rankCorrelation(a: readonly number[], b: readonly number[]): number {
  const ranks = (values: readonly number[]) => {
    const order = values.map((value, index) => ({ value, index })).sort((x, y) => x.value - y.value)
    const out = new Array<number>(values.length)
    order.forEach((item, rank) => (out[item.index] = rank))
    return out
  }
  const ra = ranks(a)
  const rb = ranks(b)
  const n = a.length
  const d2 = ra.reduce((sum, rank, index) => sum + (rank - (rb[index] as number)) ** 2, 0)
  return 1 - (6 * d2) / (n * (n * n - 1))
}

/** A standard normal draw from the seeded generator. */
const normal = (random: () => number) => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random())

let testApp: TestApp
let viewer: string
let admin: string
let players: number[]
let skills: Map<number, number>

const playersCount = 40
const gamesCount = 400

describe('a season of simulated games', () => {
  beforeAll(async () => {
    testApp = await startTestApp()
    const db = testApp.database.db
    viewer = (await createUserWithSession(db)).token
    admin = (await createUserWithSession(db, { role_id: 3 })).token
    players = await insertUsers(db, Array.from({ length: playersCount }, (_, index) => `seasoned${index}`))
    const random = seeded(2026)
    // Hidden true skills; a game's outcome leans on the teams' mean skill, with much luck and red's edge.
    skills = new Map(players.map((id) => [id, normal(random)]))
    const games: FinishedGame[] = []
    const start = Date.UTC(2026, 9, 20)
    for (let index = 0; index < gamesCount; index += 1) {
      const pool = [...players]
      const seats: number[] = []
      for (let seat = 0; seat < 10; seat += 1) seats.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as number)
      const mean = (ids: number[]) => ids.reduce((sum, id) => sum + (skills.get(id) as number), 0) / ids.length
      const redChance = 1 / (1 + Math.exp(-(0.3 + 2.5 * (mean(seats.slice(0, 7)) - mean(seats.slice(7))))))
      // Spread over October and November (two seasons), an hour apart.
      games.push({ players: seats, redWon: random() < redChance, endedAt: new Date(start + index * 3_600_000) })
    }
    // The last game's judge has not closed the protocol yet: not rated until final.
    const last = games.at(-1) as FinishedGame
    games[games.length - 1] = { ...last, finalised: false }
    await insertFinishedGames(db, games)
    await testApp.app.ratings.service.rateWaiting()
  })

  afterAll(async () => {
    await testApp?.close()
  })

  it('ranks the overall ladder in the order of the hidden skills', async () => {
    const page = await request(testApp.url, 'GET', '/api/ratings/overall?itemsPerPage=100', { token: viewer })
    expect(page.status).toBe(200)
    expect(page.body.total).toBe(playersCount)
    const rows = page.body.items as { userId: number; rating: number; rank: number }[]
    expect(rows.map((row) => row.rank)).toEqual(Array.from({ length: playersCount }, (_, index) => index + 1))
    const correlation = rankCorrelation(
      rows.map((row) => row.rating),
      rows.map((row) => skills.get(row.userId) as number),
    )
    console.log(`[ratings] ${gamesCount - 1} rated games, ${playersCount} players: Spearman correlation of the overall ladder with the hidden skills = ${correlation.toFixed(3)}`)
    expect(correlation).toBeGreaterThan(0.7)
  })

  it('rates each final game once, whatever the number of notices', async () => {
    const before = await ratingSnapshot(testApp.database.db)
    expect(before.games).toHaveLength(gamesCount - 1)
    await Promise.all([testApp.app.ratings.service.rateWaiting(), testApp.app.ratings.service.rateWaiting()])
    testApp.app.ratings.service.noticeFinished()
    await testApp.app.ratings.service.rateWaiting()
    expect(await ratingSnapshot(testApp.database.db)).toEqual(before)
    // One history row per player per rated game (the overall ladder).
    expect(before.history).toHaveLength((gamesCount - 1) * 10)
  })

  it('lists the ladders: the fixed five, then the seasons newest first', async () => {
    const tabs = await request(testApp.url, 'GET', '/api/ratings/tabs', { token: viewer })
    expect(tabs.status).toBe(200)
    expect(tabs.body.items.map((tab: { id: string }) => tab.id)).toEqual(['overall', 'red', 'black', 'sheriff', 'don', 'season-2026-11', 'season-2026-10'])
    expect(tabs.body.items[0].players).toBe(playersCount)
  })

  it('recomputes every ladder from the stored games to exactly the ratings the updates gave, a game finalised late included', async () => {
    const db = testApp.database.db
    // The protocol of the game that ended last... closes now, after others ended later: rated now, last.
    const late = (await db.selectFrom('game_results').select('lobby_id').where('finalised', '=', false).executeTakeFirstOrThrow()).lobby_id
    const [early] = await insertFinishedGames(db, [{ players: players.slice(0, 10), redWon: true, endedAt: new Date(Date.UTC(2026, 9, 20, 0, 30)) }])
    await db.updateTable('game_results').set({ finalised: true }).where('lobby_id', '=', late).execute()
    await testApp.app.ratings.service.rateWaiting()
    const incremental = await ratingSnapshot(db)
    expect(incremental.games.slice(-2).map((row) => (row as { lobby_id: number }).lobby_id)).toEqual([early, late])

    // Spoil the standings, so the recompute has something to repair.
    await sql`update rating_entries set mu = mu + 1`.execute(db)
    const started = await request(testApp.url, 'GET', '/api/statistic/recalc', { token: admin })
    expect(started.status).toBe(200)
    expect(started.body).toMatchObject({ running: true, total: gamesCount + 1 })
    // A second start while it runs is refused, and starts nothing.
    const again = await request(testApp.url, 'GET', '/api/statistic/recalc', { token: admin })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('errors.ratings.recompute_running')
    await testApp.app.ratings.recompute.settled()
    const status = await request(testApp.url, 'GET', '/api/statistic/recalc/status', { token: admin })
    expect(status.body).toEqual({ running: false, done: gamesCount + 1, total: gamesCount + 1 })
    expect(await ratingSnapshot(db)).toEqual(incremental)
  })

  it('recomputes in many small batches, read, rated and written side by side, and writes the standings in slices, to the same ratings', async () => {
    const db = testApp.database.db
    const incremental = await ratingSnapshot(db)
    // Spoil the standings and one batch's history, so the recompute has both to repair.
    await sql`update rating_entries set mu = mu + 1`.execute(db)
    await sql`update rating_history set mu_after = 0 where seq between 100 and 140`.execute(db)
    const repository = createRatingsRepository(db)
    const logger = pino({ level: 'silent' })
    const recompute = createRecompute({ repository, service: createRatingsService({ repository, logger }), clock: systemClock, logger, batchSize: 37, standingsPerStatement: 50 })
    await recompute.start()
    await recompute.settled()
    expect(await recompute.progress()).toEqual({ running: false, done: gamesCount + 1, total: gamesCount + 1 })
    expect(await ratingSnapshot(db)).toEqual(incremental)
  })

  it('takes in a game rated while the recompute runs: the standings and history it leaves are what the updates gave', async () => {
    const db = testApp.database.db
    const repository = createRatingsRepository(db, { withClient: testApp.database.withClient ?? null })
    const logger = pino({ level: 'silent' })
    // Small batches keep the pass going while the new game is rated beside it.
    const recompute = createRecompute({ repository, service: createRatingsService({ repository, logger }), clock: systemClock, logger, batchSize: 10 })
    await recompute.start()
    const [played] = await insertFinishedGames(db, [{ players: players.slice(20, 30), redWon: true, endedAt: new Date(Date.UTC(2026, 10, 30, 12)) }])
    await testApp.app.ratings.service.rateWaiting()
    const rated = await ratingSnapshot(db)
    expect(rated.games.at(-1)).toMatchObject({ lobby_id: played })
    expect((await recompute.progress()).running).toBe(true)
    await recompute.settled()
    expect(await recompute.progress()).toEqual({ running: false, done: gamesCount + 2, total: gamesCount + 2 })
    expect(await ratingSnapshot(db)).toEqual(rated)
  })

  it('refuses the recompute to everyone but admins', async () => {
    const moderator = (await createUserWithSession(testApp.database.db, { role_id: 2 })).token
    for (const token of [viewer, moderator]) {
      const refused = await request(testApp.url, 'GET', '/api/statistic/recalc', { token })
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe('errors.forbidden')
    }
    expect((await request(testApp.url, 'GET', '/api/statistic/recalc')).status).toBe(401)
    await expect(testApp.app.ratings.recompute.progress()).resolves.toMatchObject({ running: false })
  })

  // Last: it deletes an account, which changes what a recompute would give.
  it('leaves the history with its key and foreign keys after a recompute: a new game is rated into it, a row twice is refused, a deleted account takes its rows along', async () => {
    const db = testApp.database.db
    await testApp.app.ratings.recompute.start()
    await testApp.app.ratings.recompute.settled()
    const [next] = await insertFinishedGames(db, [{ players: players.slice(10, 20), redWon: false, endedAt: new Date(Date.UTC(2026, 11, 1)) }])
    await testApp.app.ratings.service.rateWaiting()
    const rowsOf = async (where: string, id: number) => Number((await sql<{ n: string }>`select count(*) as n from rating_history where ${sql.ref(where)} = ${id}`.execute(db)).rows[0]?.n)
    expect(await rowsOf('lobby_id', next as number)).toBe(10)
    await expect(sql`insert into rating_history select * from rating_history limit 1`.execute(db)).rejects.toThrow(/duplicate key/)
    const leaving = players[10] as number
    expect(await rowsOf('user_id', leaving)).toBeGreaterThan(0)
    await db.deleteFrom('users').where('id', '=', leaving).execute()
    expect(await rowsOf('user_id', leaving)).toBe(0)
  })
})
