import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertFinishedGames, insertUsers } from '../helpers/finished-games'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

/**
 * A player's statistics checked against a few finished games written here: A and B meet in four
 * final games (together twice, against each other once, and one game without B) and one game whose
 * result is not final yet, which counts nowhere.
 */
describe('statistics', () => {
  let server: TestApp
  let viewer: { id: number; token: string }
  let a: number
  let b: number
  let lobbies: number[]
  const get = (path: string, token = viewer.token) => request(server.url, 'GET', path, { token })

  beforeAll(async () => {
    server = await startTestApp()
    const { user, token } = await createUserWithSession(server.database.db)
    viewer = { id: user.id, token }
    const ids = await insertUsers(server.database.db, ['Alpha', 'Bravo', ...Array.from({ length: 14 }, (_, index) => `filler${index}`)])
    ;[a, b] = ids as [number, number]
    const others = ids.slice(2)
    // Ten seats: red 1–7 (1 the Sheriff), black 8–10 (8 the Don).
    const table = (seats: Record<number, number>) => Array.from({ length: 10 }, (_, index) => seats[index + 1] ?? (others[index] as number))
    const at = (day: number) => new Date(Date.UTC(2026, 9, day, 20))
    lobbies = await insertFinishedGames(server.database.db, [
      // 1: together on red (A the Sheriff, B a civilian), red wins.
      { players: table({ 1: a, 2: b }), redWon: true, endedAt: at(1) },
      // 2: against each other: A the Don, B the Sheriff; red wins.
      { players: table({ 8: a, 1: b }), redWon: true, endedAt: at(2) },
      // 3: together on black (A and B mafia), black wins.
      { players: table({ 9: a, 10: b }), redWon: false, endedAt: at(3) },
      // 4: A a civilian on seat 3 without B; black wins; A's best move scored.
      { players: table({ 3: a }), redWon: false, endedAt: at(4) },
      // 5: not final yet (the judge has not closed the protocol): counts nowhere.
      { players: table({ 1: a, 8: b }), redWon: true, endedAt: at(5), finalised: false },
    ])
    const [g1, g2, , g4, g5] = lobbies as [number, number, number, number, number]
    const db = server.database.db
    // A's best move in game 4 (+0.5) and removal in game 2 (−0.5).
    await db.updateTable('game_players').set({ points: 0.5, breakdown: JSON.stringify({ win: 0, bestMove: 0.5, removal: 0, extra: 0 }) }).where('lobby_id', '=', g4).where('seat', '=', 3).execute()
    await db.updateTable('game_players').set({ points: -0.5, breakdown: JSON.stringify({ win: 0, bestMove: 0, removal: -0.5, extra: 0 }) }).where('lobby_id', '=', g2).where('seat', '=', 8).execute()
    // Fouls: each game counts its last count for the seat (A: 2 in game 2, 1 in game 1; B's and the unfinished game's are not A's).
    const foul = (lobbyId: number, version: number, seat: number, fouls: number) => ({ lobby_id: lobbyId, version, type: 'foul', event: JSON.stringify({ type: 'foul', seat, fouls, at: 0 }) })
    await db.insertInto('game_events').values([foul(g2, 1, 8, 1), foul(g2, 2, 8, 2), foul(g1, 1, 1, 1), foul(g1, 2, 2, 1), foul(g5, 1, 1, 3)]).execute()
    // The ladders rate the final games, with a history row per game for the chart.
    await server.app.ratings.service.rateWaiting()
  })
  afterAll(() => server.close())

  it("a player's record: totals, roles, seats, best moves, fouls, rating history and recent games from final games only", async () => {
    const response = await get(`/api/statistics/${a}`)
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    const stats = response.body
    expect(stats.player).toEqual({ id: a, nickname: 'Alpha', avatar: null })
    // Wins in games 1 and 3 of four final games; points 1 − 0.5 + 1 + 0.5.
    expect(stats.total).toEqual({ games: 4, wins: 2, winRate: 50, points: 2 })
    expect(stats.roles).toEqual(
      expect.arrayContaining([
        { role: 'Sheriff', games: 1, wins: 1, winRate: 100, points: 1 },
        { role: 'Don', games: 1, wins: 0, winRate: 0, points: -0.5 },
        { role: 'Mafia', games: 1, wins: 1, winRate: 100, points: 1 },
        { role: 'Civil', games: 1, wins: 0, winRate: 0, points: 0.5 },
      ]),
    )
    expect(stats.roles).toHaveLength(4)
    expect(stats.seats).toEqual([
      { seat: 1, games: 1, wins: 1 },
      { seat: 3, games: 1, wins: 0 },
      { seat: 8, games: 1, wins: 0 },
      { seat: 9, games: 1, wins: 1 },
    ])
    expect(stats.bestMoves).toEqual({ games: 1, points: 0.5 })
    expect(stats.fouls).toEqual({ total: 3, removals: 1 })
    // One point per rated game, oldest first, ending at the rating the ladder shows now.
    const [g1, g2, g3, g4] = lobbies as [number, number, number, number]
    expect(stats.ratingHistory.map((point: { lobbyId: number }) => point.lobbyId)).toEqual([g1, g2, g3, g4])
    const entry = await sql<{ rating: number }>`select rating from rating_entries where ladder_id = 'overall' and user_id = ${a}`.execute(server.database.db)
    expect(stats.rating).toBe(Math.round((entry.rows[0]?.rating ?? Number.NaN) * 10) / 10)
    expect(stats.ratingHistory.at(-1).rating).toBe(stats.rating)
    // Recent games, newest first, with the seat, role, side and points of each.
    expect(stats.recent.total).toBe(4)
    expect(stats.recent.items.map((game: { lobbyId: number }) => game.lobbyId)).toEqual([g4, g3, g2, g1])
    expect(stats.recent.items[2]).toMatchObject({ lobbyId: g2, seat: 8, role: 'Don', team: 'black', won: false, points: -0.5 })

    // Someone with no game has an empty record, not an error.
    const empty = await get(`/api/statistics/${viewer.id}`)
    expect(empty.status).toBe(200)
    expect(empty.body).toMatchObject({ total: { games: 0, wins: 0, winRate: 0, points: 0 }, roles: [], seats: [], rating: null, ratingHistory: [], recent: { items: [], total: 0 } })
  })

  it('pages of games: each page in order, a page past the last refused', async () => {
    const [g1, g2, g3] = lobbies as [number, number, number, number]
    const second = await get(`/api/statistics/${a}/games?page=2&itemsPerPage=3`)
    expect(second.status).toBe(200)
    expect(second.body).toMatchObject({ total: 4, items: [{ lobbyId: g1 }] })
    expect((await get(`/api/statistics/${a}/games?page=1&itemsPerPage=2`)).body.items.map((game: { lobbyId: number }) => game.lobbyId)).toEqual([lobbies[3], g3])
    expect(g2).toBeDefined()
    for (const path of [`/api/statistics/${a}/games?page=3&itemsPerPage=3`, `/api/statistics/${viewer.id}/games?page=2`]) {
      const refused = await get(path)
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ code: 'errors.statistics.page_out_of_range', field: 'page' })
    }
    // The first page of someone without games exists (empty).
    expect((await get(`/api/statistics/${viewer.id}/games?page=1`)).body).toEqual({ items: [], total: 0 })
    expect((await get(`/api/statistics/${a}/games?page=0`)).status).toBe(400)
    expect((await get(`/api/statistics/${a}/games?itemsPerPage=500`)).status).toBe(400)
  })

  it('head-to-head: together on one side and against each other, with the wins of each', async () => {
    const response = await get(`/api/statistics/${a}/versus/${b}`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      player: { id: a, nickname: 'Alpha', avatar: null },
      other: { id: b, nickname: 'Bravo', avatar: null },
      together: { games: 2, wins: 2 },
      against: { games: 1, playerWins: 0, otherWins: 1 },
    })
    // Seen from B, the same games with the wins swapped.
    expect((await get(`/api/statistics/${b}/versus/${a}`)).body).toMatchObject({ together: { games: 2, wins: 2 }, against: { games: 1, playerWins: 1, otherWins: 0 } })
    // Two people who never met.
    expect((await get(`/api/statistics/${a}/versus/${viewer.id}`)).body).toMatchObject({ together: { games: 0, wins: 0 }, against: { games: 0, playerWins: 0, otherWins: 0 } })
  })

  it('unknown players, oneself as the other, malformed ids and strangers are refused', async () => {
    const unknown = 2_000_000_000
    for (const [path, field] of [
      [`/api/statistics/${unknown}`, 'id'],
      [`/api/statistics/${unknown}/games`, 'id'],
      [`/api/statistics/${unknown}/versus/${a}`, 'id'],
      [`/api/statistics/${a}/versus/${unknown}`, 'otherId'],
    ] as const) {
      const refused = await get(path)
      expect(refused.status, path).toBe(404)
      expect(refused.body).toMatchObject({ code: 'errors.statistics.unknown_player', field })
    }
    expect((await get(`/api/statistics/${a}/versus/${a}`)).body).toMatchObject({ statusCode: 400, code: 'errors.invalid_value', field: 'otherId' })
    for (const path of ['/api/statistics/abc', '/api/statistics/-1', '/api/statistics/0/games', `/api/statistics/${a}/games?page=x`]) {
      expect((await get(path)).status, path).toBe(400)
    }
    expect((await request(server.url, 'GET', `/api/statistics/${a}`)).status).toBe(401)
  })

  it('a player search takes %, _, quotes and regular-expression characters literally', async () => {
    await insertUsers(server.database.db, ['pct%lit', 'und_lit', "quo'lit", 'rx.*lit', 'plainlit', 'Hello (World)'])
    const search = async (text: string) => {
      const response = await get(`/api/statistics/players?search=${encodeURIComponent(text)}`)
      expect(response.status, text).toBe(200)
      return response.body.items.map((player: { nickname: string }) => player.nickname)
    }
    expect(await search('%')).toEqual(['pct%lit'])
    expect(await search('_')).toEqual(['und_lit'])
    expect(await search("'")).toEqual(["quo'lit"])
    expect(await search('.*')).toEqual(['rx.*lit'])
    expect(await search('(w')).toEqual(['Hello (World)'])
    expect(await search('\\')).toEqual([])
    // Case aside, names starting with the search first.
    expect((await search('LIT')).sort()).toEqual(["quo'lit", 'plainlit', 'pct%lit', 'rx.*lit', 'und_lit'].sort())
    expect(await search('alp')).toEqual(['Alpha'])
    const blank = await get('/api/statistics/players?search=%20%20')
    expect(blank.body).toMatchObject({ statusCode: 400, code: 'errors.required', field: 'search' })
    expect((await get(`/api/statistics/players?search=${'x'.repeat(51)}`)).status).toBe(400)
  })
})
