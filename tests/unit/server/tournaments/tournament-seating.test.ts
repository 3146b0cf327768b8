import { describe, expect, it } from 'vitest'
import { evennessOf, seatRound, seededRandom, type SeatingHistory } from '../../../../server/modules/tournaments/seating'

/** Plays `rounds` rounds of seating for `players` and returns the history. */
function playRounds(players: number[], tableSize: number, rounds: number, seed = 1): SeatingHistory {
  const history: { tables: number[][]; resting: number[][] } = { tables: [], resting: [] }
  for (let round = 0; round < rounds; round++) {
    const seating = seatRound(players, tableSize, history, seed * 1000 + round)
    history.tables.push(...seating.tables)
    history.resting.push(seating.resting)
  }
  return history
}

/** The sum over pairs of (times they met)². */
const squaredMeetings = (histogram: Record<number, number>) => Object.entries(histogram).reduce((sum, [times, pairs]) => sum + Number(times) ** 2 * pairs, 0)

const ids = (count: number) => Array.from({ length: count }, (_, index) => 101 + index)

describe('tournament seating', () => {
  it('seats every player once per round, each table full, in seats 1 to 10', () => {
    const players = ids(20)
    const seating = seatRound(players, 10, { tables: [], resting: [] }, 7)
    expect(seating.tables).toHaveLength(2)
    expect(seating.resting).toEqual([])
    for (const table of seating.tables) expect(table).toHaveLength(10)
    expect(seating.tables.flat().sort()).toEqual(players)
  })

  it('20 players over 4 rounds meet as evenly as two tables of ten allow, and never sit in the same seat twice', () => {
    const players = ids(20)
    for (let seed = 1; seed <= 3; seed++) {
      const evenness = evennessOf(players, playRounds(players, 10, 4, seed))
      if (seed === 1) console.info('[seating] 20 players, 4 rounds, tables of 10:', JSON.stringify(evenness))
      // A player's four rounds are four sides of two-table splits: 840 is the least sum of squared
      // meetings any four splits allow (a search over every assignment of sides says so).
      expect(squaredMeetings(evenness.pairMeetings.histogram)).toBe(840)
      expect(evenness.seats.maxSameSeat).toBe(1)
      expect(evenness.seats.distinctMin).toBe(4)
    }
  })

  it('the second round takes as few players as possible from each table of the first', () => {
    for (const count of [20, 30, 40]) {
      const players = ids(count)
      const first = seatRound(players, 10, { tables: [], resting: [] }, 11)
      const second = seatRound(players, 10, { tables: first.tables, resting: [first.resting] }, 12)
      const most = Math.ceil(10 / first.tables.length)
      for (const table of second.tables) for (const earlier of first.tables) expect(table.filter((player) => earlier.includes(player)).length).toBeLessThanOrEqual(most)
    }
  })

  it('over many seeds and sizes: fewer repeated meetings than a random seating, and seats always change', () => {
    for (const [count, rounds] of [
      [30, 3],
      [40, 4],
    ] as const) {
      let ours = 0
      let shuffled = 0
      for (let seed = 1; seed <= 4; seed++) {
        const players = ids(count)
        const history = playRounds(players, 10, rounds, seed)
        const evenness = evennessOf(players, history)
        expect(evenness.seats.maxSameSeat).toBe(1)
        ours += squaredMeetings(evenness.pairMeetings.histogram)
        const random = seededRandom(seed + 99)
        const tables: number[][] = []
        for (let round = 0; round < rounds; round++) {
          const order = [...players].sort(() => random() - 0.5)
          for (let table = 0; table < count / 10; table++) tables.push(order.slice(table * 10, table * 10 + 10))
        }
        shuffled += squaredMeetings(evennessOf(players, { tables, resting: [] }).pairMeetings.histogram)
      }
      expect(ours).toBeLessThan(shuffled * 0.97)
    }
  })

  it('rests those who rested least when the tables cannot seat everyone', () => {
    const players = ids(23)
    const history = playRounds(players, 10, 5)
    const rests = new Map<number, number>()
    for (const round of history.resting) {
      expect(round).toHaveLength(3)
      for (const player of round) rests.set(player, (rests.get(player) ?? 0) + 1)
    }
    // 15 rests over 23 players: nobody rests twice while someone has not rested at all.
    expect(Math.max(...rests.values())).toBe(1)
    expect(rests.size).toBe(15)
  })

  it('gives the same seating for the same seed, and refuses fewer players than one table', () => {
    const players = ids(20)
    expect(seatRound(players, 10, { tables: [], resting: [] }, 3)).toEqual(seatRound(players, 10, { tables: [], resting: [] }, 3))
    expect(() => seatRound(ids(9), 10, { tables: [], resting: [] }, 1)).toThrow(RangeError)
  })
})
