import { describe, expect, it } from 'vitest'
import type { TablePush } from '../../../../server/contract/socket/game'
import { playPairedGame } from './support/paired-game'

/*
 * The viewers of one move who are told exactly the same thing get pushes that share one body (the
 * same `changes` and `events` objects), so the socket layer writes that body's text once for all of
 * them (server/plugins/socket-parser.ts). Viewers told different things never share one.
 */

describe('the pushes of one move', () => {
  it('share their body between the viewers told exactly the same, and only between them', () => {
    let pushes = 0
    let shared = 0
    for (let seed = 1; seed <= 12; seed++) {
      playPairedGame(seed, seed + 500, {
        onAdvance: (deliveries) => {
          const bodies = new Map<string, TablePush>()
          for (const { push } of deliveries) {
            pushes++
            const text = JSON.stringify([push.changes, push.events])
            const earlier = bodies.get(text)
            if (earlier === undefined) {
              bodies.set(text, push)
              continue
            }
            expect(push.changes).toBe(earlier.changes)
            expect(push.events).toBe(earlier.events)
            shared++
          }
          const distinct = new Set(deliveries.map(({ push }) => push.changes))
          expect(distinct.size).toBe(bodies.size)
        },
      })
    }
    // Most of a move's viewers are told the same thing (8 of 12 in these games).
    expect(shared / pushes).toBeGreaterThan(0.5)
  })
})
