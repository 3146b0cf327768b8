import { describe, expect, it } from 'vitest'
import { playPairedGame, type PairedRun } from './support/paired-game'

/*
 * Non-interference of the table's streams: two runs of a game that differ only in hidden choices
 * (the black players' shots and whether they agree, the Don's, Sheriff's and Doctor's targets, and
 * while `openUp` is off who voted for whom) must give every viewer not entitled to those choices
 * exactly the same pushes, in content, in count and at the same moments, until the game ends.
 *
 * Entitled: the judge; a player whose own hidden choices differ between the runs; every black
 * player when the shots differ in any way, their order included (they see their partners' shots). Spectators (and so
 * the streamer's share page, which receives the spectators' stream) are never entitled.
 */

const pairs = 1_000

function entitled(left: PairedRun, right: PairedRun): Set<string> {
  const keys = new Set<string>(['judge'])
  const seats = new Set([...left.hidden.keys(), ...right.hidden.keys()])
  for (const seat of seats) {
    if (JSON.stringify(left.hidden.get(seat) ?? []) !== JSON.stringify(right.hidden.get(seat) ?? [])) keys.add(`seat:${seat}`)
  }
  if (JSON.stringify(left.shots) !== JSON.stringify(right.shots)) for (const seat of left.black) keys.add(`seat:${seat}`)
  return keys
}

describe('the table streams tell nobody of a hidden choice', () => {
  it(`in ${pairs} pairs of seeded games that differ only in hidden choices, every viewer not entitled to them receives the same pushes`, () => {
    let compared = 0
    let differingPairs = 0
    let hiddenNightActions = 0
    let hiddenVotes = 0
    for (let seed = 1; seed <= pairs; seed++) {
      const left = playPairedGame(seed, seed * 7919)
      const right = playPairedGame(seed, seed * 7919 + 1)
      const mayKnow = entitled(left, right)
      if (mayKnow.size > 1) differingPairs++
      for (const list of left.hidden.values()) {
        for (const choice of list) {
          if (choice.includes('night_action')) hiddenNightActions += 1
          else hiddenVotes += 1
        }
      }
      for (const key of new Set([...left.received.keys(), ...right.received.keys()])) {
        if (mayKnow.has(key)) continue
        const mine = left.received.get(key) ?? []
        const theirs = right.received.get(key) ?? []
        if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
          // Point at the first push that differs, for whoever reads the failure.
          const index = mine.findIndex((item, position) => JSON.stringify(item) !== JSON.stringify(theirs[position]))
          expect({ seed, viewer: key, index, settings: left.settings, deckId: left.deckId, left: mine[index] ?? null, right: theirs[index] ?? null }).toEqual({
            seed,
            viewer: key,
            index,
            settings: left.settings,
            deckId: left.deckId,
            left: theirs[index] ?? null,
            right: theirs[index] ?? null,
          })
        }
        compared++
      }
    }
    // The pairs really differ in hidden choices, and both kinds of them are exercised.
    expect(differingPairs).toBeGreaterThan(pairs * 0.9)
    expect(hiddenNightActions).toBeGreaterThan(pairs * 2)
    expect(hiddenVotes).toBeGreaterThan(pairs)
    expect(compared).toBeGreaterThan(pairs * 4)
  })
})
