import { describe, expect, it } from 'vitest'
import type { GameView } from '../../../../server/contract/game'
import type { TablePush } from '../../../../server/contract/socket/game'
import { applyTablePush, takeSnapshot } from '../../../../renderer/state/table'
import { playerActions, snapshot, view } from './fixtures'

const push = (seq: number, changes: Partial<GameView> = {}, overrides: Partial<TablePush> = {}): TablePush => ({ lobbyId: 1, stream: 's1', seq, changes, events: [], ...overrides })

describe('a pushed change of the view held', () => {
  it('the next of the stream is merged in field by field and moves the position', () => {
    const held = snapshot(view({}, 1), 10)
    const voting = { kind: 'lift' as const, candidates: [4, 7], yes: 0, needed: 6, votes: null, voted: 0, yourVote: null }
    const result = applyTablePush(held, 1, push(11, { phase: 'lift_vote', speaker: null, voting, actions: { player: playerActions({ liftVote: true }), judge: null } }))
    expect(result.outcome).toBe('applied')
    expect(result.held).toMatchObject({ stream: 's1', seq: 11, view: { phase: 'lift_vote', speaker: null, voting, actions: { player: { liftVote: true } } } })
    // What the push does not name is kept as held.
    expect(result.held?.view.seats).toBe(held.view.seats)
    expect(result.held?.view.day).toBe(1)
    // The held snapshot is never changed in place.
    expect(held).toMatchObject({ seq: 10, view: { phase: 'day_speech', speaker: 1 } })
  })

  it('a push already held is stale and changes nothing', () => {
    const held = snapshot(view({}, 1), 10)
    for (const seq of [10, 9, 0]) {
      const result = applyTablePush(held, 1, push(seq, { phase: 'voting' }))
      expect(result).toEqual({ outcome: 'stale', held })
      expect(result.held).toBe(held)
    }
  })

  it('a skipped position is a gap, and the view stays as held', () => {
    const held = snapshot(view({}, 1), 10)
    const result = applyTablePush(held, 1, push(12, { phase: 'voting' }))
    expect(result.outcome).toBe('gap')
    expect(result.held).toBe(held)
  })

  it('another stream is a gap whatever its position, its first push too (a restarted stream starts from the view it had)', () => {
    const held = snapshot(view({}, 1), 10)
    for (const seq of [1, 10, 11]) expect(applyTablePush(held, 1, push(seq, { phase: 'voting' }, { stream: 's2' }))).toEqual({ outcome: 'gap', held })
  })

  it("before the deal nothing is held: the stream's first push is the whole view, a later one a gap", () => {
    const dealt = view({ phase: 'zero_night' }, 1)
    expect(applyTablePush(null, 1, push(1, dealt, { stream: 's3' }))).toEqual({ outcome: 'applied', held: { stream: 's3', seq: 1, view: dealt, log: [] } })
    expect(applyTablePush(null, 1, push(2, { phase: 'day_speech' }))).toEqual({ outcome: 'gap', held: null })
  })

  it("another table's push is ignored, and so is any push while at no table", () => {
    const held = snapshot(view({}, 1), 10)
    expect(applyTablePush(held, 2, push(11, { phase: 'voting' }))).toEqual({ outcome: 'ignored', held })
    expect(applyTablePush(null, null, push(11))).toEqual({ outcome: 'ignored', held: null })
  })

  it('a run of pushes in order ends where the last one left the view', () => {
    let held = snapshot(view({}, 1), 0)
    for (let seq = 1; seq <= 5; seq++) held = applyTablePush(held, 1, push(seq, { speaker: seq, microphones: [seq] })).held ?? held
    expect(held).toMatchObject({ seq: 5, view: { speaker: 5, microphones: [5] } })
  })
})

describe('a snapshot answered by the server', () => {
  it('replaces the view held, unless pushes of the same stream have gone further meanwhile', () => {
    const held = snapshot(view({ speaker: 3 }, 1), 12)
    const older = snapshot(view({ speaker: 2 }, 1), 11)
    const fresh = snapshot(view({ speaker: 4 }, 1), 13)
    const restarted = snapshot(view({ speaker: 5 }, 1), 2, 's2')
    expect(takeSnapshot(held, older)).toBe(held)
    expect(takeSnapshot(held, fresh)).toBe(fresh)
    expect(takeSnapshot(held, restarted)).toBe(restarted)
    expect(takeSnapshot(null, fresh)).toBe(fresh)
    expect(takeSnapshot(held, null)).toBeNull()
  })
})
