import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertFinishedGames, insertUsers, ratingSnapshot, type FinishedGame } from '../helpers/finished-games'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

let testApp: TestApp
let token: string
let me: number
let ids: number[]

// Nicknames a careless LIKE or regular expression would match too widely.
// The first sits in two counted games only, below the minimum of five.
const nicknames = ['plain0', 'per%cent', 'perXcent', 'under_score', 'underXscore', "o'neil", 'dot.star', 'dotXstar', 'back\\slash', 'plain1']

const get = (path: string, as = token) => request(testApp.url, 'GET', path, { token: as })

describe('the ladders over HTTP', () => {
  beforeAll(async () => {
    testApp = await startTestApp()
    const db = testApp.database.db
    const viewer = await createUserWithSession(db)
    token = viewer.token
    me = viewer.user.id
    ids = await insertUsers(db, nicknames)
    const at = Date.UTC(2026, 10, 1)
    const games: FinishedGame[] = []
    // Six games for the ten, red winning four; the viewer sits in five of them (one fewer than they).
    for (let index = 0; index < 6; index += 1) {
      const players = index < 5 ? [me, ...ids.slice(1)] : ids
      games.push({ players, redWon: index % 3 !== 2, endedAt: new Date(at + index * 60_000) })
    }
    // A newbie table and an unfinished protocol count nowhere; a judge-less one not on the role ladders.
    games.push({ players: ids, redWon: true, endedAt: new Date(at + 10 * 60_000), newbie: true })
    games.push({ players: ids, redWon: true, endedAt: new Date(at + 11 * 60_000), finalised: false })
    games.push({ players: ids, redWon: false, endedAt: new Date(at + 12 * 60_000), judged: false })
    await insertFinishedGames(db, games)
    await testApp.app.ratings.service.rateWaiting()
  })

  afterAll(async () => {
    await testApp?.close()
  })

  it('pages a ladder with rank, rating, games, win rate and trend, and pins the caller’s own row', async () => {
    const first = await get('/api/ratings/overall?itemsPerPage=4&page=1')
    expect(first.status).toBe(200)
    expect(first.body.total).toBe(10)
    expect(first.body.items.map((row: { rank: number }) => row.rank)).toEqual([1, 2, 3, 4])
    const last = await get('/api/ratings/overall?itemsPerPage=4&page=3')
    expect(last.body.items.map((row: { rank: number }) => row.rank)).toEqual([9, 10])
    const mine = first.body.me
    expect(mine).toMatchObject({ userId: me, games: 5 })
    const all = await get('/api/ratings/overall?itemsPerPage=100')
    const ratings = all.body.items.map((row: { rating: number }) => row.rating)
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a))
    expect(all.body.items.find((row: { userId: number }) => row.userId === me)).toEqual(mine)
    // Seat 2 (red) played all seven counted games: six judged and the judge-less one, red winning four.
    const seatTwo = all.body.items.find((row: { userId: number }) => row.userId === ids[1])
    expect(seatTwo).toMatchObject({ games: 7, winRate: 57.1, nickname: nicknames[1] })
    expect(seatTwo.trend).toBe(Math.round((seatTwo.rating - 1000) * 10) / 10)
  })

  it('shows a player after the minimum number of games, and counts a judge-less table only where the ladder says so', async () => {
    const sheriffs = await get('/api/ratings/sheriff')
    // Seat 1 was the viewer's in five judged games, plain0's in one: only the viewer has enough.
    expect(sheriffs.body.items.map((row: { userId: number }) => row.userId)).toEqual([me])
    const red = await get('/api/ratings/red?itemsPerPage=100')
    expect(red.body.items.find((row: { userId: number }) => row.userId === ids[1]).games).toBe(7)
    // The judge-less game is not on the Don's ladder: ids[7] sat as Don in six judged games, so six there.
    const don = await get('/api/ratings/don')
    expect(don.body.items).toEqual([expect.objectContaining({ userId: ids[7], games: 6 })])
    expect(don.body.me).toBeNull()
  })

  it('searches nicknames literally: %, _, quotes, backslashes and regular-expression characters match only themselves', async () => {
    for (const [search, expected] of [
      ['%', ['per%cent']],
      ['_', ['under_score']],
      ["'", ["o'neil"]],
      ['t.s', ['dot.star']],
      ['.*', []],
      ['[a-z]', []],
      ['\\', ['back\\slash']],
      ['PLAIN', ['plain1']],
    ] as const) {
      const found = await get(`/api/ratings/overall?itemsPerPage=100&search=${encodeURIComponent(search)}`)
      expect(found.status, search).toBe(200)
      expect(found.body.items.map((row: { nickname: string }) => row.nickname).sort(), search).toEqual(expected)
      expect(found.body.total, search).toBe(expected.length)
    }
    // A search keeps the whole ladder's ranks.
    const plain = await get('/api/ratings/overall?search=plain1')
    const everyone = await get('/api/ratings/overall?itemsPerPage=100')
    expect(plain.body.items[0].rank).toBe(everyone.body.items.find((row: { nickname: string }) => row.nickname === 'plain1').rank)
  })

  it('refuses bad input with a translated error and writes nothing', async () => {
    const before = await ratingSnapshot(testApp.database.db)
    const refusals: [string, number, string, string?][] = [
      ['/api/ratings/nonsense', 404, 'errors.ratings.unknown_ladder', 'id'],
      ['/api/ratings/season-2020-01', 404, 'errors.ratings.unknown_ladder', 'id'],
      ['/api/ratings/tournament-1', 404, 'errors.ratings.unknown_ladder', 'id'],
      ['/api/ratings/overall?page=4&itemsPerPage=4', 400, 'errors.ratings.page_out_of_range', 'page'],
      ['/api/ratings/overall?page=0', 400, 'errors.invalid_value', 'page'],
      ['/api/ratings/overall?itemsPerPage=0', 400, 'errors.invalid_value', 'itemsPerPage'],
      ['/api/ratings/overall?itemsPerPage=101', 400, 'errors.invalid_value', 'itemsPerPage'],
      ['/api/ratings/overall?itemsPerPage=ten', 400, 'errors.invalid_value', 'itemsPerPage'],
      [`/api/ratings/overall?search=${'x'.repeat(51)}`, 400, 'errors.too_long', 'search'],
      ['/api/ratings/overall?sort=rating', 400, 'errors.unknown_field', 'sort'],
    ]
    for (const [path, status, code, field] of refusals) {
      const refused = await get(path)
      expect(refused.status, path).toBe(status)
      expect(refused.body.code, path).toBe(code)
      if (field) expect(refused.body.field, path).toBe(field)
    }
    // An empty ladder's only page is its first.
    expect((await get('/api/ratings/overall?search=nobody&page=1')).body).toMatchObject({ items: [], total: 0 })
    expect((await get('/api/ratings/overall?search=nobody&page=2')).status).toBe(400)
    expect((await request(testApp.url, 'GET', '/api/ratings/overall')).status).toBe(401)
    expect((await request(testApp.url, 'GET', '/api/ratings/tabs')).status).toBe(401)
    expect(await ratingSnapshot(testApp.database.db)).toEqual(before)
  })
})
