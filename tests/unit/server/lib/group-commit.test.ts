import { describe, expect, it } from 'vitest'
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
