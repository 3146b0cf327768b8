import { describe, expect, it } from 'vitest'
import type { HistoryRow } from '../../../../server/modules/ratings/ladders'
import { arrayLiteral, historyCollector, packGames, packedBuffers, textArrayLiteral, unpackGame } from '../../../../server/modules/ratings/packed'
import { displayRating } from '../../../../server/modules/ratings/rating-model'
import { sampleGames } from './rated-games'

const games = sampleGames

const row = (index: number): HistoryRow => ({
  gameId: 100 + index,
  userId: 1 + index,
  ladderId: index % 3 === 0 ? 'overall' : 'season-2026-11',
  // Numbers whose shortest decimal form is long, so a rounding on the way would show.
  before: { mu: 25 + index / 3, sigma: 25 / 3 - index * 1e-13 },
  after: { mu: Math.PI * index, sigma: 0.1 + 0.2 },
  won: index % 2 === 0,
  endedAt: Date.UTC(2026, 0, 1) + index,
})

describe('packed games', () => {
  it('unpack to the games that were packed, seat by seat, a deleted account and a tournament included', () => {
    const packed = packGames(games, [11, 12, 13])
    expect([0, 1, 2].map((index) => unpackGame(packed, index))).toEqual(games)
    expect([...packed.seqs]).toEqual([11, 12, 13])
  })

  it('travel in buffers a message can move', () => {
    const packed = packGames(games, [1, 2, 3])
    const buffers = packedBuffers(packed)
    expect(buffers.length).toBeGreaterThanOrEqual(10)
    const copy = structuredClone(packed, { transfer: buffers })
    expect(unpackGame(copy, 0)).toEqual(games[0])
    // Moved, not copied: the sender's arrays are emptied.
    expect(packed.ids.length).toBe(0)
  })
})

describe('history collector', () => {
  it('keeps every row, with its place in the order and its shown ratings, growing past its first capacity', () => {
    const collector = historyCollector(2)
    const rows = Array.from({ length: 9 }, (_, index) => row(index))
    rows.forEach((item, index) => collector.add(item, 1000 + index))
    const packed = collector.finish()
    expect(packed.length).toBe(9)
    expect(packed.userIds.length).toBe(9)
    const back = Array.from({ length: packed.length }, (_, index): HistoryRow => ({
      gameId: packed.gameIds[index]!,
      userId: packed.userIds[index]!,
      ladderId: packed.ladders[packed.ladderIndexes[index]!]!,
      before: { mu: packed.muBefore[index]!, sigma: packed.sigmaBefore[index]! },
      after: { mu: packed.muAfter[index]!, sigma: packed.sigmaAfter[index]! },
      won: packed.won[index] === 1,
      endedAt: packed.endedAt[index]!,
    }))
    expect(back).toEqual(rows)
    expect([...packed.seqs]).toEqual(rows.map((_, index) => 1000 + index))
    expect([...packed.ratingBefore]).toEqual(rows.map((item) => displayRating(item.before)))
    expect([...packed.ratingAfter]).toEqual(rows.map((item) => displayRating(item.after)))
  })

  it('answers no rows when none came', () => {
    expect(historyCollector().finish().length).toBe(0)
  })
})

describe('array literals', () => {
  it('write a slice of numbers in a form that reads back as the same doubles, bit for bit', () => {
    const values = Float64Array.from([0.1 + 0.2, 1 / 3, -2.5e-12, 1e21, 42, Number.MAX_VALUE])
    const literal = arrayLiteral(values, 1, 5)
    expect(literal.startsWith('{') && literal.endsWith('}')).toBe(true)
    const parsed = literal.slice(1, -1).split(',').map(Number)
    expect(parsed).toEqual([...values.subarray(1, 5)])
    expect(arrayLiteral(Int32Array.from([1, -2, 3]), 0, 3)).toBe('{1,-2,3}')
    expect(arrayLiteral(Int32Array.from([1]), 1, 1)).toBe('{}')
  })

  it('quote texts, escaping quotes and backslashes', () => {
    expect(textArrayLiteral(['overall', 'a"b', 'c\\d', 'e,f'])).toBe('{"overall","a\\"b","c\\\\d","e,f"}')
  })
})
