import { afterEach, describe, expect, it, vi } from 'vitest'
import { createGroupCommit } from '../../../../server/lib/group-commit'

/** A write the test finishes by hand, recording every batch it was given. */
function manualWrites<Item>() {
  const batches: Item[][] = []
  const finishers: Array<{ ok(): void; fail(error: Error): void }> = []
  const write = (items: Item[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(items)
      finishers.push({ ok: () => resolve(items.map((item) => `stored ${String(item)}`)), fail: reject })
    })
  return { batches, finishers, write }
}

const turn = () => new Promise((resolve) => setImmediate(resolve))

describe('group commit', () => {
  it('writes items submitted in the same turn in one write, in order, and answers each its own result', async () => {
    const writes = manualWrites<number>()
    const commit = createGroupCommit({ write: writes.write })
    const results = [commit.submit(1), commit.submit(2), commit.submit(3)]
    await turn()
    expect(writes.batches).toEqual([[1, 2, 3]])
    writes.finishers[0]?.ok()
    expect(await Promise.all(results)).toEqual(['stored 1', 'stored 2', 'stored 3'])
  })

  it('answers nobody before their write is done', async () => {
    const writes = manualWrites<string>()
    const commit = createGroupCommit({ write: writes.write })
    let answered = false
    void commit.submit('a').then(() => (answered = true))
    await turn()
    await turn()
    expect(answered).toBe(false)
    writes.finishers[0]?.ok()
    await turn()
    expect(answered).toBe(true)
  })

  it('gathers items submitted while a write runs into the next write, which starts when it ends', async () => {
    const writes = manualWrites<string>()
    const commit = createGroupCommit({ write: writes.write })
    const first = commit.submit('a')
    await turn()
    const later = [commit.submit('b'), commit.submit('c')]
    await turn()
    const last = commit.submit('d')
    await turn()
    // One write at a time: the others wait for the first.
    expect(writes.batches).toEqual([['a']])
    writes.finishers[0]?.ok()
    expect(await first).toBe('stored a')
    await turn()
    expect(writes.batches).toEqual([['a'], ['b', 'c', 'd']])
    writes.finishers[1]?.ok()
    expect(await Promise.all([...later, last])).toEqual(['stored b', 'stored c', 'stored d'])
  })

  it('fails every item of a failed write with its error, and writes the next batch all the same', async () => {
    const writes = manualWrites<string>()
    const commit = createGroupCommit({ write: writes.write })
    const failed = [commit.submit('a'), commit.submit('b')].map((result) => result.catch((error: Error) => error.message))
    await turn()
    const next = commit.submit('c')
    writes.finishers[0]?.fail(new Error('connection lost'))
    expect(await Promise.all(failed)).toEqual(['connection lost', 'connection lost'])
    await turn()
    expect(writes.batches).toEqual([['a', 'b'], ['c']])
    writes.finishers[1]?.ok()
    expect(await next).toBe('stored c')
  })

  it('writes at most maxBatch items at once, the rest in the following writes', async () => {
    const writes = manualWrites<number>()
    const commit = createGroupCommit({ write: writes.write, maxBatch: 2 })
    const results = [1, 2, 3, 4, 5].map((item) => commit.submit(item))
    await turn()
    expect(writes.batches).toEqual([[1, 2]])
    writes.finishers[0]?.ok()
    await turn()
    writes.finishers[1]?.ok()
    await turn()
    writes.finishers[2]?.ok()
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5].map((item) => `stored ${item}`))
    expect(writes.batches).toEqual([[1, 2], [3, 4], [5]])
  })

  it('fails the batch of a write that answers a different number of results than it was given', async () => {
    const commit = createGroupCommit({ write: async (items: number[]) => items.slice(1) })
    const results = [commit.submit(1), commit.submit(2)].map((result) => result.catch((error: Error) => error.message))
    expect(await Promise.all(results)).toEqual(['group commit: 1 results for 2 items', 'group commit: 1 results for 2 items'])
  })
})

/*
 * The options the moves of many tables use: two writes in flight, submitters answered a few per turn,
 * and a failed shared write retried item by item so only the item whose rows cannot be stored fails.
 */
type Row = { table: number; version: number }

/** Lets every queued turn of the event loop run (answers may go out a few per turn). */
const settle = async () => {
  for (let index = 0; index < 20; index++) await turn()
}

/** Whether a promise has settled, and how. */
function track(promise: Promise<unknown>) {
  const state: { outcome: 'pending' | 'written' | 'failed'; error: unknown } = { outcome: 'pending', error: null }
  promise.then(
    () => (state.outcome = 'written'),
    (error: unknown) => {
      state.outcome = 'failed'
      state.error = error
    },
  )
  return state
}

/** A write of rows that always succeeds, answering nothing per item. */
const rowsWritten = (record: (rows: Row[]) => Promise<void>) => async (items: Row[]) => {
  await record(items)
  return items.map(() => undefined)
}

describe('group commit with two writes in flight, answered a few per turn, retried alone', () => {
  it('keeps at most two writes in flight: items that arrive meanwhile wait, then go together in the next', async () => {
    const writes = manualWrites<number>()
    const commit = createGroupCommit({ write: writes.write, inFlight: 2 })
    const first = track(commit.submit(1))
    await settle()
    const second = track(commit.submit(2))
    await settle()
    const later = [3, 4, 5].map((item) => track(commit.submit(item)))
    await settle()
    expect(writes.batches).toEqual([[1], [2]])
    writes.finishers[0]?.ok()
    await settle()
    expect([first.outcome, second.outcome]).toEqual(['written', 'pending'])
    expect(writes.batches.slice(2)).toEqual([[3, 4, 5]])
    expect(later.map((item) => item.outcome)).toEqual(['pending', 'pending', 'pending'])
    writes.finishers[2]?.ok()
    writes.finishers[1]?.ok()
    await settle()
    expect([second.outcome, ...later.map((item) => item.outcome)]).toEqual(['written', 'written', 'written', 'written'])
  })

  it('answers every submitter of a large batch, a few per turn, none before the write is done', async () => {
    const writes = manualWrites<number>()
    const commit = createGroupCommit({ write: writes.write, answeredPerTurn: 3 })
    const items = Array.from({ length: 20 }, (_, item) => track(commit.submit(item)))
    await settle()
    expect(items.every((item) => item.outcome === 'pending')).toBe(true)
    writes.finishers[0]?.ok()
    await turn()
    await turn()
    // Not all in the turn the write ended: the loop is not held by one batch's answers.
    expect(items.filter((item) => item.outcome === 'written').length).toBeLessThan(20)
    await settle()
    expect(writes.batches).toHaveLength(1)
    expect(items.every((item) => item.outcome === 'written')).toBe(true)
  })

  it('when a shared write fails, writes each item alone: only the one that cannot be stored fails', async () => {
    const collided = new Error('duplicate key value violates unique constraint "game_events_pkey"')
    const writes: Row[][] = []
    // Table 2's version is already stored: any write holding it fails, the others succeed.
    const commit = createGroupCommit({
      write: rowsWritten(async (rows) => {
        writes.push(rows)
        if (rows.some((row) => row.table === 2)) throw collided
      }),
      retryAlone: true,
    })
    const moves = [1, 2, 3].map((table) => track(commit.submit({ table, version: 7 })))
    await settle()
    expect(moves.map((move) => move.outcome)).toEqual(['written', 'failed', 'written'])
    expect(moves[1]?.error).toBe(collided)
    expect(writes).toEqual([[1, 2, 3].map((table) => ({ table, version: 7 })), [{ table: 1, version: 7 }], [{ table: 2, version: 7 }], [{ table: 3, version: 7 }]])
  })

  it('a database that fails every write fails every item of the batch, and the next items are written again', async () => {
    let failing = true
    const writes: Row[][] = []
    const commit = createGroupCommit({
      write: rowsWritten(async (rows) => {
        writes.push(rows)
        if (failing) throw new Error('connection terminated')
      }),
      retryAlone: true,
    })
    const moves = [1, 2].map((table) => track(commit.submit({ table, version: 3 })))
    await settle()
    expect(moves.map((move) => move.outcome)).toEqual(['failed', 'failed'])
    failing = false
    const next = track(commit.submit({ table: 1, version: 3 }))
    await settle()
    expect(next.outcome).toBe('written')
    expect(writes.at(-1)).toEqual([{ table: 1, version: 3 }])
  })
})

describe('group commit with a gathering time', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('holds the first item that long, so items that come meanwhile go in the same write; a later one starts the next gathering', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const writes = manualWrites<number>()
    const commit = createGroupCommit({ write: writes.write, gatherMs: 5, inFlight: 2 })
    const first = track(commit.submit(1))
    await settle()
    vi.advanceTimersByTime(3)
    const second = track(commit.submit(2))
    await settle()
    // Turns went by, and still nothing was written: the first item gathers for 5 ms.
    expect(writes.batches).toEqual([])
    vi.advanceTimersByTime(2)
    await settle()
    expect(writes.batches).toEqual([[1, 2]])
    // A write is in flight but another may start: the next item gathers, even past that write's end.
    const third = track(commit.submit(3))
    writes.finishers[0]?.ok()
    await settle()
    expect([first.outcome, second.outcome, third.outcome]).toEqual(['written', 'written', 'pending'])
    expect(writes.batches).toEqual([[1, 2]])
    vi.advanceTimersByTime(5)
    await settle()
    expect(writes.batches).toEqual([[1, 2], [3]])
    writes.finishers[1]?.ok()
    await settle()
    expect(third.outcome).toBe('written')
  })

  it('writes items that waited for a write in flight as soon as it ends, without gathering again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const writes = manualWrites<string>()
    const commit = createGroupCommit({ write: writes.write, gatherMs: 5 })
    void commit.submit('a')
    vi.advanceTimersByTime(5)
    await settle()
    const waiting = [track(commit.submit('b')), track(commit.submit('c'))]
    await settle()
    expect(writes.batches).toEqual([['a']])
    writes.finishers[0]?.ok()
    await settle()
    expect(writes.batches).toEqual([['a'], ['b', 'c']])
    writes.finishers[1]?.ok()
    await settle()
    expect(waiting.map((item) => item.outcome)).toEqual(['written', 'written'])
  })
})
