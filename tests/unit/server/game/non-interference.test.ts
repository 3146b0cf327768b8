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
const block = 200

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
  // In blocks, so each stays well within a test's time on a loaded machine.
  for (let first = 1; first <= pairs; first += block) {
    const last = Math.min(pairs, first + block - 1)
    it(`in pairs ${first} to ${last} of seeded games that differ only in hidden choices, every viewer not entitled to them receives the same pushes`, () => {
      let compared = 0
      let differingPairs = 0
      let hiddenNightActions = 0
      let hiddenVotes = 0
      for (let seed = first; seed <= last; seed++) {
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
            expect({ seed, viewer: key, index, settings: left.settings, deckId: left.deckId, push: mine[index] ?? null }).toEqual({
              seed,
              viewer: key,
              index,
              settings: left.settings,
              deckId: left.deckId,
              push: theirs[index] ?? null,
            })
          }
          compared++
        }
      }
      // The pairs really differ in hidden choices, and both kinds of them are exercised.
      const count = last - first + 1
      expect(differingPairs).toBeGreaterThan(count * 0.9)
      expect(hiddenNightActions).toBeGreaterThan(count * 2)
      expect(hiddenVotes).toBeGreaterThan(count)
      expect(compared).toBeGreaterThan(count * 4)
    })
  }
})
