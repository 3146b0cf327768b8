import { describe, expect, it } from 'vitest'
import { LadderStandings, trendGames } from '../../../../server/modules/ratings/ladder-standings'
import { displayRating, newSkill } from '../../../../server/modules/ratings/rating-model'

describe('a ladder’s standings in memory', () => {
  it('keeps the shown rating before each of the last ten games, oldest first, whatever came before', () => {
    const standings = new LadderStandings()
    // Read from the database with three recent ratings, then fourteen more games.
    const index = standings.set(7, { mu: 30, sigma: 5, games: 3, wins: 1, recent: [1000, 1001, 1002], lastGameAt: 1 })
    const shown: number[] = [1000, 1001, 1002]
    for (let game = 0; game < 14; game += 1) {
      shown.push(displayRating(standings.skill(index)))
      standings.recordGame(index, { mu: 30 + game, sigma: 5 - game / 10 }, game % 2 === 0, 100 + game)
    }
    expect(standings.entry(index)).toEqual({ mu: 43, sigma: 5 - 13 / 10, games: 17, wins: 8, recent: shown.slice(-trendGames), lastGameAt: 113 })
  })

  it('starts a first game’s trend at a new player’s rating, and keeps every entry as the ladder grows', () => {
    const standings = new LadderStandings()
    for (let user = 1; user <= 500; user += 1) standings.addFirstGame(user, { mu: user, sigma: 2 }, user % 3 === 0, user * 10)
    expect(standings.size).toBe(500)
    expect(standings.entry(standings.indexOf(300))).toEqual({ mu: 300, sigma: 2, games: 1, wins: 1, recent: [displayRating(newSkill)], lastGameAt: 3000 })
    expect(standings.userAt(standings.indexOf(499))).toBe(499)
    expect(standings.indexOf(501)).toBe(-1)
    // A longer list from the database keeps only its last ten.
    const long = Array.from({ length: 12 }, (_, at) => 900 + at)
    expect(standings.entry(standings.set(1, { mu: 1, sigma: 1, games: 12, wins: 0, recent: long, lastGameAt: 5 })).recent).toEqual(long.slice(2))
  })
})
