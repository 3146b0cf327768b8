import { describe, expect, it } from 'vitest'
import { standingsOf, type SeatOutcome } from '../../../../server/modules/tournaments/standings'

const seat = (userId: number, points: number, extra = { won: false, extra: 0, firstNightKilled: false }): SeatOutcome => ({ userId, points, ...extra })

describe('tournament standings', () => {
  it('orders by points, then wins, then the judge’s extra points, then first-night kills; equal players share a place', () => {
    const standings = standingsOf(
      [
        // 5 and 6: one point each; 5 won, 6 has the point as extra points.
        seat(5, 1, { won: true, extra: 0, firstNightKilled: false }),
        seat(6, 1, { won: false, extra: 1, firstNightKilled: false }),
        // 1 and 2: 1.4 and a win each; 1's 0.4 are extra points, 2's a best move.
        seat(1, 1.4, { won: true, extra: 0.4, firstNightKilled: false }),
        seat(2, 1.4, { won: true, extra: 0, firstNightKilled: false }),
        // 3 and 4 equal but 3 was shot on the first night; 7 is equal to 4.
        seat(3, 1.1, { won: true, extra: 0, firstNightKilled: true }),
        seat(4, 1.1, { won: true, extra: 0, firstNightKilled: false }),
        seat(7, 1.1, { won: true, extra: 0, firstNightKilled: false }),
      ],
      [9, 1, 2, 3, 4, 5, 6, 7],
    )
    expect(standings.map((row) => [row.userId, row.rank])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [7, 4],
      [5, 6],
      [6, 7],
      [9, 8],
    ])
  })

  it('sums points in hundredths, so tenths add up to what the table shows', () => {
    const standings = standingsOf([seat(1, 0.1), seat(1, 0.2), seat(1, 0.25)], [1])
    expect(standings[0]).toMatchObject({ games: 3, points: 0.55, wins: 0, firstNightKills: 0 })
  })
})
