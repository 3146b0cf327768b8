import { describe, expect, it } from 'vitest'
import { createGroupCommit } from '../../../../server/modules/game/group-commit'

/*
 * The group commit of moves on the one database connection: moves of several tables that arrive
 * together, or while writes are in flight, share one write; each mover is answered only once its
 * own rows are stored; a write that fails refuses only the moves whose rows could not be stored.
 */

type Row = { table: number; version: number }

/** A writer that holds each write until the test lets it finish (or fail), and records every write. */
function heldWriter() {
  const writes: Row[][] = []
  const pending: Array<{ rows: Row[]; finish: (error?: Error) => void }> = []
  const write = (rows: Row[]) =>
    new Promise<void>((resolve, reject) => {
      writes.push(rows)
      pending.push({ rows, finish: (error) => (error ? reject(error) : resolve()) })
    })
  return { writes, pending, write }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))
/** Lets every queued turn of the event loop run (answers go out a few per turn). */
const settle = async () => {
  for (let index = 0; index < 20; index++) await turn()
}

/** Whether a promise has settled, and how. */
function track(promise: Promise<void>) {
  const state: { outcome: 'pending' | 'stored' | 'refused'; error: unknown } = { outcome: 'pending', error: null }
  promise.then(
    () => (state.outcome = 'stored'),
    (error: unknown) => {
      state.outcome = 'refused'
      state.error = error
    },
  )
  return state
}

describe('group commit of moves', () => {
  it('moves of several tables that arrive in one turn go in one write, and each mover is answered once it is stored', async () => {
    const writer = heldWriter()
    const commit = createGroupCommit(writer.write)
    const first = track(commit.store([{ table: 1, version: 5 }]))
    const second = track(commit.store([{ table: 2, version: 9 }, { table: 2, version: 10 }]))
    await settle()
    expect(writer.writes).toEqual([[{ table: 1, version: 5 }, { table: 2, version: 9 }, { table: 2, version: 10 }]])
    // Nobody goes on before the write is done.
    expect([first.outcome, second.outcome]).toEqual(['pending', 'pending'])
    writer.pending[0]?.finish()
    await settle()
    expect([first.outcome, second.outcome]).toEqual(['stored', 'stored'])
  })

  it('at most two writes in flight: moves that arrive meanwhile wait, then go together in the next', async () => {
    const writer = heldWriter()
    const commit = createGroupCommit(writer.write)
    const first = track(commit.store([{ table: 1, version: 1 }]))
    await settle()
    const second = track(commit.store([{ table: 2, version: 1 }]))
    await settle()
    const later = [3, 4, 5].map((table) => track(commit.store([{ table, version: 1 }])))
    await settle()
    expect(writer.writes).toEqual([[{ table: 1, version: 1 }], [{ table: 2, version: 1 }]])
    writer.pending[0]?.finish()
    await settle()
    expect([first.outcome, second.outcome]).toEqual(['stored', 'pending'])
    expect(writer.writes.slice(2)).toEqual([[3, 4, 5].map((table) => ({ table, version: 1 }))])
    expect(later.map((move) => move.outcome)).toEqual(['pending', 'pending', 'pending'])
    writer.pending[2]?.finish()
    writer.pending[1]?.finish()
    await settle()
    expect([second.outcome, ...later.map((move) => move.outcome)]).toEqual(['stored', 'stored', 'stored', 'stored'])
  })

  it('a large batch answers every mover', async () => {
    const writer = heldWriter()
    const commit = createGroupCommit(writer.write, { answeredPerTurn: 3 })
    const moves = Array.from({ length: 20 }, (_, table) => track(commit.store([{ table, version: 1 }])))
    await settle()
    writer.pending[0]?.finish()
    await settle()
    expect(writer.writes).toHaveLength(1)
    expect(moves.every((move) => move.outcome === 'stored')).toBe(true)
  })

  it('when the shared write fails, each table is written alone: only the table whose rows cannot be stored is refused', async () => {
    const collided = new Error('duplicate key value violates unique constraint "game_events_pkey"')
    const writes: Row[][] = []
    // Table 2's version is already stored: any write holding it fails, the others succeed.
    const commit = createGroupCommit(async (rows: Row[]) => {
      writes.push(rows)
      if (rows.some((row) => row.table === 2)) throw collided
    })
    const moves = [1, 2, 3].map((table) => track(commit.store([{ table, version: 7 }])))
    await settle()
    expect(moves.map((move) => move.outcome)).toEqual(['stored', 'refused', 'stored'])
    expect(moves[1]?.error).toBe(collided)
    expect(writes).toEqual([[1, 2, 3].map((table) => ({ table, version: 7 })), [{ table: 1, version: 7 }], [{ table: 2, version: 7 }], [{ table: 3, version: 7 }]])
  })

  it('a database that fails every write refuses every move of the batch, and the next moves are written again', async () => {
    let failing = true
    const writes: Row[][] = []
    const commit = createGroupCommit(async (rows: Row[]) => {
      writes.push(rows)
      if (failing) throw new Error('connection terminated')
    })
    const moves = [1, 2].map((table) => track(commit.store([{ table, version: 3 }])))
    await settle()
    expect(moves.map((move) => move.outcome)).toEqual(['refused', 'refused'])
    failing = false
    const next = track(commit.store([{ table: 1, version: 3 }]))
    await settle()
    expect(next.outcome).toBe('stored')
    expect(writes.at(-1)).toEqual([{ table: 1, version: 3 }])
  })
})
