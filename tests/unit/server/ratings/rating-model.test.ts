import { rate } from 'openskill'
import { describe, expect, it } from 'vitest'
import { applyGame, laddersOf, memoryStore, seasonOf, trendOf, type RatedGame } from '../../../../server/modules/ratings/ladders'
import { displayRating, newSide, newSkill, rateTeams, ratingParameters, type Skill } from '../../../../server/modules/ratings/rating-model'

const many = (count: number, skill: Skill = newSkill) => Array.from({ length: count }, () => skill)

describe('rateTeams', () => {
  it('moves winners up and losers down, and a seven-against-three game counts as a fair match, not a sure thing for red', () => {
    const redWins = rateTeams([{ skills: many(7), rank: 1, withSide: true }, { skills: many(3), rank: 2, withSide: false }], newSide)
    const blackWins = rateTeams([{ skills: many(7), rank: 2, withSide: true }, { skills: many(3), rank: 1, withSide: false }], newSide)
    const red = redWins.skills[0]![0]!
    const black = blackWins.skills[1]![0]!
    expect(red.mu).toBeGreaterThan(newSkill.mu)
    expect(redWins.skills[1]![0]!.mu).toBeLessThan(newSkill.mu)
    // Without the scaling, openskill sums the teams: red's 7 × 25 against black's 3 × 25 makes a red
    // win nearly certain and worth almost nothing. Scaled, a red win moves a red player about as much
    // as a black win moves a black player.
    const plain = rate([many(7), many(3)], { rank: [1, 2], beta: ratingParameters.beta, tau: 0 })
    expect(red.mu - newSkill.mu).toBeGreaterThan(3 * (plain[0]![0]!.mu - newSkill.mu))
    expect((red.mu - newSkill.mu) / (black.mu - newSkill.mu)).toBeGreaterThan(0.2)
  })

  it('learns the side: a red win raises it, a red loss lowers it, and a team without the side leaves it alone', () => {
    const redWins = rateTeams([{ skills: many(7), rank: 1, withSide: true }, { skills: many(3), rank: 2, withSide: false }], newSide)
    const redLoses = rateTeams([{ skills: many(7), rank: 2, withSide: true }, { skills: many(3), rank: 1, withSide: false }], newSide)
    expect(redWins.side.mu).toBeGreaterThan(0)
    expect(redLoses.side.mu).toBeLessThan(0)
    const noSide = rateTeams([{ skills: many(5), rank: 1, withSide: false }, { skills: many(5), rank: 2, withSide: false }], newSide)
    expect(noSide.side).toEqual(newSide)
  })

  it('applies τ itself before scaling: a settled player’s σ grows back by τ, not by τ divided by the team size', () => {
    const settled = { mu: 25, sigma: 0.01 }
    const after = rateTeams([{ skills: many(7, settled), rank: 1, withSide: true }, { skills: many(3, settled), rank: 2, withSide: false }], newSide)
    // τ = 25/300 ≈ 0.083 added in quadrature; a game then shrinks σ only a little.
    expect(after.skills[0]![0]!.sigma).toBeGreaterThan(0.07)
    expect(after.skills[0]![0]!.sigma).toBeLessThan(Math.hypot(settled.sigma, ratingParameters.tau))
  })

  it('gives places by rank, whatever the order the teams come in', () => {
    const a = rateTeams([{ skills: many(7), rank: 2, withSide: true }, { skills: many(3), rank: 1, withSide: false }], newSide)
    const b = rateTeams([{ skills: many(3), rank: 1, withSide: false }, { skills: many(7), rank: 2, withSide: true }], newSide)
    expect(a.skills[0]).toEqual(b.skills[1])
    expect(a.side).toEqual(b.side)
  })

  it('shows a new player at 1000', () => {
    expect(displayRating(newSkill)).toBe(1000)
    expect(displayRating({ mu: 30, sigma: 2 })).toBe(1000 + 40 * 24)
  })
})

const game = (id: number, overrides: Partial<RatedGame> = {}): RatedGame => ({
  id,
  endedAt: Date.UTC(2026, 10, 30, 23, 59),
  judged: true,
  countsForRatings: true,
  tournamentId: null,
  players: Array.from({ length: 10 }, (_, index) => ({
    userId: index + 1,
    team: index < 7 ? 'red' : 'black',
    role: index === 0 ? 'Sheriff' : index === 7 ? 'Don' : index < 7 ? 'Civil' : 'Mafia',
    won: index < 7,
  })),
  ...overrides,
})

describe('ladders', () => {
  it('counts a game on the ladders whose rules take it', () => {
    expect(laddersOf(game(1))).toEqual(['overall', 'red', 'black', 'sheriff', 'don', 'season-2026-11'])
    expect(laddersOf(game(1, { countsForRatings: false }))).toEqual([])
    expect(laddersOf(game(1, { judged: false }))).toEqual(['overall', 'red', 'black', 'season-2026-11'])
    expect(laddersOf(game(1, { tournamentId: 4 }))).toContain('tournament-4')
    expect(seasonOf(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe('season-2026-12')
    expect(seasonOf(Date.UTC(2027, 0, 1, 0, 0, 0))).toBe('season-2027-01')
  })

  it('rates only the role ladder’s players there, against the others’ overall beliefs from before the game', () => {
    const store = memoryStore()
    applyGame(store, game(1))
    expect([...store.entries.get('sheriff')!.userIds()]).toEqual([1])
    expect([...store.entries.get('don')!.userIds()]).toEqual([8])
    expect([...store.entries.get('red')!.userIds()]).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(store.entries.get('overall')!.size).toBe(10)
    // The Sheriff's first game, against the same new players, moves him as the overall ladder did.
    expect(store.entry('sheriff', 1)!.mu).toBeCloseTo(store.entry('red', 1)!.mu, 12)
    expect(store.entry('overall', 1)).toMatchObject({ games: 1, wins: 1 })
    expect(store.entry('overall', 8)).toMatchObject({ games: 1, wins: 0 })
  })

  it('writes one history row per player per game, and the trend spans the last ten games', () => {
    const store = memoryStore()
    const rows: number[] = []
    for (let id = 1; id <= 12; id += 1) applyGame(store, game(id), (row) => rows.push(row.userId))
    expect(rows).toHaveLength(120)
    const sheriff = store.entry('overall', 1)!
    expect(sheriff.recent).toHaveLength(10)
    // Twelve wins in a row: up over the last ten games, by less than over all twelve.
    expect(trendOf(sheriff)).toBeGreaterThan(0)
    expect(trendOf(sheriff)).toBeLessThan(displayRating(sheriff) - 1000)
  })

  it('skips a deleted account’s seat but still plays it', () => {
    const store = memoryStore()
    const withGone = game(1)
    applyGame(store, { ...withGone, players: withGone.players.map((seat) => (seat.userId === 2 ? { ...seat, userId: null } : seat)) })
    expect(store.entries.get('overall')!.size).toBe(9)
  })
})
