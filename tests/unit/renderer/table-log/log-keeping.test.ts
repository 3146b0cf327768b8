import { describe, expect, it, vi } from 'vitest'
import type { TableEvent } from '../../../../server/contract/game'
import type { TablePush, TableSnapshot, TableSync } from '../../../../server/contract/socket/game'
import { applyTablePush, createTableFollower, takeSnapshot } from '../../../../renderer/state/table'
import { snapshot, view } from '../lobby/fixtures'

const at = 1_000
const foul = (seat: number): TableEvent => ({ type: 'foul', at, seat, fouls: 1 })
const push = (seq: number, events: TableEvent[], stream = 's1'): TablePush => ({ lobbyId: 1, stream, seq, changes: {}, events })
const withLog = (held: TableSnapshot, log: TableEvent[]): TableSnapshot => ({ ...held, log })

/** A follower of table 1 whose server answers each sync from the script, in order. */
function follow(held: TableSnapshot | null, answers: TableSync[]) {
  const table = { id: 1, game: held }
  const asked: unknown[] = []
  const follower = createTableFollower({
    followed: () => table,
    hold: (game) => {
      table.game = game
    },
    sync: (position) => {
      asked.push(position)
      const answer = answers.shift()
      return answer ? Promise.resolve(answer) : Promise.reject(new Error('no answer'))
    },
  })
  return { table, follower, asked }
}

/** The seats the log's fouls name, in order: enough to tell which events it holds. */
const fouls = (game: TableSnapshot | null) => game?.log.map((event) => (event.type === 'foul' ? event.seat : event.type)) ?? []

describe('the game log a viewer holds', () => {
  it("is the snapshot's log, then each applied push's events in order; a stale push adds nothing", () => {
    const { table, follower } = follow(withLog(snapshot(view(), 10), [foul(1)]), [])
    expect(follower.receive(push(11, [foul(2), foul(3)]))).toBe('applied')
    expect(follower.receive(push(12, []))).toBe('applied')
    expect(follower.receive(push(13, [foul(4)]))).toBe('applied')
    expect(follower.receive(push(13, [foul(4)]))).toBe('stale')
    expect(follower.receive(push(12, [foul(9)]))).toBe('stale')
    expect(fouls(table.game)).toEqual([1, 2, 3, 4])
  })

  it("starts with the deal's events when the stream's first push brings the whole view", () => {
    const dealt: TableEvent = { type: 'roles_dealt', at, roles: [null, 'Don'] }
    const result = applyTablePush(null, 1, { ...push(1, [dealt]), changes: view({ phase: 'zero_night' }) })
    expect(result.outcome).toBe('applied')
    expect(fouls(result.held)).toEqual(['roles_dealt'])
  })

  it("after a gap, a sync that resumes appends the missed pushes' events in order, each once", async () => {
    const { table, follower, asked } = follow(withLog(snapshot(view(), 10), [foul(1)]), [{ resumed: true, pushes: [push(11, [foul(2)]), push(12, [foul(3)]), push(13, [foul(4)])] }])
    expect(follower.receive(push(13, [foul(4)]))).toBe('gap')
    // Nothing is appended out of order while the gap is open.
    expect(fouls(table.game)).toEqual([1])
    await follower.sync()
    expect(asked[0]).toEqual({ id: 1, stream: 's1', seq: 10 })
    expect(fouls(table.game)).toEqual([1, 2, 3, 4])
    expect(table.game?.seq).toBe(13)
  })

  it('a gap the server can no longer resume: the fresh snapshot replaces the log, nothing held before is kept twice', async () => {
    const fresh = withLog(snapshot(view(), 4, 's2'), [foul(1), foul(2), foul(5)])
    const { table, follower } = follow(withLog(snapshot(view(), 10), [foul(1), foul(2)]), [{ resumed: false, game: fresh }])
    expect(follower.receive(push(1, [foul(7)], 's2'))).toBe('gap')
    await follower.sync()
    expect(table.game).toEqual(fresh)
    expect(fouls(table.game)).toEqual([1, 2, 5])
    // The next push of the new stream appends to the fresh log.
    expect(follower.receive(push(5, [foul(6)], 's2'))).toBe('applied')
    expect(fouls(table.game)).toEqual([1, 2, 5, 6])
  })

  it('a snapshot older than what pushes already brought keeps the longer log held', () => {
    const held = withLog(snapshot(view(), 12), [foul(1), foul(2), foul(3)])
    expect(takeSnapshot(held, withLog(snapshot(view(), 11), [foul(1), foul(2)]))).toBe(held)
  })

  it('once the game has ended, the view and its log are asked afresh: the end reveals what the pushes did not carry', async () => {
    const revealedLog: TableEvent[] = [foul(1), { type: 'night_action', at, night: 1, step: 'sheriff', seat: 5, target: 4 } as unknown as TableEvent, foul(2)]
    const ended = withLog(snapshot(view({ phase: 'ended' }), 12), revealedLog)
    const { table, follower, asked } = follow(withLog(snapshot(view(), 10), [foul(1)]), [{ resumed: false, game: ended }])
    expect(follower.receive(push(11, [foul(2)]))).toBe('applied')
    expect(asked).toEqual([])
    expect(follower.receive({ ...push(12, [foul(3)]), changes: { phase: 'ended' } })).toBe('applied')
    // Asked without a position, so the server answers the whole revealed view.
    expect(asked).toEqual([{ id: 1 }])
    await vi.waitFor(() => expect(fouls(table.game)).toEqual([1, 'night_action', 2]))
    expect(table.game?.seq).toBe(12)
  })
})
