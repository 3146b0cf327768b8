import { describe, expect, it } from 'vitest'
import type { Viewer } from '../../../../server/contract/game'
import type { TableSnapshot } from '../../../../server/contract/socket/game'
import { viewFor } from '../../../../server/modules/game/engine'
import { applyTablePush } from '../../../../renderer/state/table'
import { playPairedGame, viewerKey } from './support/paired-game'

/*
 * The renderer folds nothing: after every command of many random games, the view each viewer's
 * client holds, having applied its pushes (sent through JSON, as the socket sends them) with the
 * renderer's own `applyTablePush`, equals the engine's view of the new state for that viewer.
 */

const games = 150
const lobbyId = 7

describe('a client that applies its pushes holds the engine\'s view', () => {
  it(`after every command of ${games} random games, for every viewer`, () => {
    let checked = 0
    for (let seed = 1; seed <= games; seed++) {
      const held = new Map<string, TableSnapshot | null>()
      /** Each viewer's held view as text, written again only when a push changed it. */
      const heldText = new Map<string, string>()
      const viewers = new Map<string, Viewer>()
      playPairedGame(seed, seed + 1, {
        onAdvance: (deliveries, state) => {
          for (const { viewer, push } of deliveries) {
            const key = viewerKey(viewer)
            viewers.set(key, viewer)
            const applied = applyTablePush(held.get(key) ?? null, lobbyId, JSON.parse(JSON.stringify(push)))
            if (applied.outcome !== 'applied') expect(applied.outcome, `seed ${seed}, ${key}, push ${push.seq}`).toBe('applied')
            held.set(key, applied.held)
            heldText.set(key, JSON.stringify(applied.held?.view))
          }
          for (const [key, viewer] of viewers) {
            const engine = JSON.stringify(viewFor(state, viewer))
            // Compared as text first (fast); a difference is shown field by field.
            if (heldText.get(key) !== engine) expect(held.get(key)?.view, `seed ${seed}, ${key}`).toEqual(JSON.parse(engine))
            checked++
          }
        },
      })
    }
    expect(checked).toBeGreaterThan(games * 100)
  })
})
