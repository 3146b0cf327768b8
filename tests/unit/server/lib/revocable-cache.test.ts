import { describe, expect, it } from 'vitest'
import { createInvalidationHub, createRevocableCache } from '../../../../server/lib/revocable-cache'

interface Row {
  id: number
  owner: number
  name: string
}

/** A store the cache reads through, counting its loads; `hold` makes loads wait until released. */
function fakeStore(rows: Row[]) {
  const byId = new Map(rows.map((row) => [row.id, { ...row }]))
  let gate: Promise<void> | null = null
  let open = () => {}
  const store = {
    loads: 0,
    rows: byId,
    hold() {
      gate = new Promise((resolve) => (open = resolve))
    },
    release() {
      gate = null
      open()
    },
    async load(id: number): Promise<Row | undefined> {
      store.loads += 1
      const waitFor = gate
      // Read after the wait: a load that was held sees the row as it is when it resumes.
      if (waitFor) await waitFor
      const row = byId.get(id)
      return row ? { ...row } : undefined
    },
  }
  return store
}

function cacheOver(store: ReturnType<typeof fakeStore>, hub = createInvalidationHub()) {
  const cache = createRevocableCache<number, Row>({ bus: hub, load: (id) => store.load(id), tagsOf: (row) => [`row:${row.id}`, `owner:${row.owner}`], ttlMs: 60_000, max: 100 })
  return { cache, hub }
}

describe('revocable cache', () => {
  it('answers a second read from memory', async () => {
    const store = fakeStore([{ id: 1, owner: 10, name: 'one' }])
    const { cache } = cacheOver(store)
    expect(await cache.get(1)).toEqual({ id: 1, owner: 10, name: 'one' })
    store.rows.get(1)!.name = 'changed without telling'
    expect(await cache.get(1)).toEqual({ id: 1, owner: 10, name: 'one' })
    expect(store.loads).toBe(1)
  })

  it('merges concurrent misses of one key into one load', async () => {
    const store = fakeStore([{ id: 1, owner: 10, name: 'one' }])
    const { cache } = cacheOver(store)
    store.hold()
    const reads = Array.from({ length: 20 }, () => cache.get(1))
    store.release()
    const answers = await Promise.all(reads)
    expect(answers.every((row) => row?.name === 'one')).toBe(true)
    expect(store.loads).toBe(1)
  })

  it('keeps nothing for a key the store does not know', async () => {
    const store = fakeStore([])
    const { cache } = cacheOver(store)
    expect(await cache.get(7)).toBeUndefined()
    store.rows.set(7, { id: 7, owner: 1, name: 'created' })
    expect(await cache.get(7)).toEqual({ id: 7, owner: 1, name: 'created' })
  })

  it('forgets the entries carrying an invalidated tag, and only those', async () => {
    const store = fakeStore([
      { id: 1, owner: 10, name: 'one' },
      { id: 2, owner: 10, name: 'two' },
      { id: 3, owner: 20, name: 'three' },
    ])
    const { cache, hub } = cacheOver(store)
    await Promise.all([cache.get(1), cache.get(2), cache.get(3)])
    for (const row of store.rows.values()) row.name = `${row.name}!`
    hub.invalidate('owner:10')
    expect((await cache.get(1))?.name).toBe('one!')
    expect((await cache.get(2))?.name).toBe('two!')
    expect((await cache.get(3))?.name).toBe('three')
    hub.invalidate('row:3')
    expect((await cache.get(3))?.name).toBe('three!')
  })

  it('a load overtaken by an invalidation is read again, so the old answer is neither returned nor kept', async () => {
    const store = fakeStore([{ id: 1, owner: 10, name: 'before' }])
    const { cache, hub } = cacheOver(store)
    // The first read starts before the change commits and would see the old row...
    let readBeforeCommit = true
    const load = store.load.bind(store)
    store.load = async (id) => {
      const row = await load(id)
      if (readBeforeCommit && row) {
        readBeforeCommit = false
        return { ...row, name: 'before' }
      }
      return row
    }
    store.hold()
    const waiting = cache.get(1)
    // ...the change commits and is announced while that read is in flight.
    store.rows.get(1)!.name = 'after'
    hub.invalidate('row:1')
    store.release()
    expect((await waiting)?.name).toBe('after')
    expect((await cache.get(1))?.name).toBe('after')
  })

  it('empties itself when messages may have been missed, without failing the reads in flight', async () => {
    const store = fakeStore([
      { id: 1, owner: 10, name: 'one' },
      { id: 2, owner: 20, name: 'two' },
    ])
    const { cache, hub } = cacheOver(store)
    await cache.get(1)
    store.rows.get(1)!.name = 'one!'
    store.hold()
    const inFlight = cache.get(2)
    hub.forgetEverything()
    store.release()
    expect((await inFlight)?.name).toBe('two')
    expect((await cache.get(1))?.name).toBe('one!')
  })

  it('applies on this node before returning and hands the tag to the transport; what arrives from elsewhere applies without being sent back', async () => {
    const sent: string[] = []
    const hub = createInvalidationHub((tag) => sent.push(tag))
    const store = fakeStore([{ id: 1, owner: 10, name: 'one' }])
    const { cache } = cacheOver(store, hub)
    await cache.get(1)
    store.rows.get(1)!.name = 'one!'
    hub.invalidate('row:1')
    expect(sent).toEqual(['row:1'])
    expect((await cache.get(1))?.name).toBe('one!')
    store.rows.get(1)!.name = 'one!!'
    hub.receive('owner:10')
    expect(sent).toEqual(['row:1'])
    expect((await cache.get(1))?.name).toBe('one!!')
  })

  it('trusts an entry for its TTL on the clock it is given, then reads it again', async () => {
    const store = fakeStore([{ id: 1, owner: 10, name: 'one' }])
    let now = 1_000
    const cache = createRevocableCache<number, Row>({ bus: createInvalidationHub(), load: (id) => store.load(id), tagsOf: () => [], ttlMs: 30_000, max: 10, now: () => now })
    await cache.get(1)
    store.rows.get(1)!.name = 'one!'
    now += 29_000
    expect((await cache.get(1))?.name).toBe('one')
    now += 2_000
    expect((await cache.get(1))?.name).toBe('one!')
  })

  describe('held keys', () => {
    function heldCache(store: ReturnType<typeof fakeStore>, hub = createInvalidationHub()) {
      const clock = { now: 1_000 }
      const cache = createRevocableCache<number, Row>({ bus: hub, load: (id) => store.load(id), tagsOf: (row) => [`row:${row.id}`, `owner:${row.owner}`], ttlMs: 30_000, heldTtlMs: 300_000, max: 10, now: () => clock.now })
      return { cache, hub, clock }
    }

    it('keeps a held entry past its TTL until its last holder lets go, then trusts it for one TTL more', async () => {
      const store = fakeStore([{ id: 1, owner: 10, name: 'one' }])
      const { cache, clock } = heldCache(store)
      await cache.get(1)
      cache.hold(1)
      cache.hold(1)
      store.rows.get(1)!.name = 'changed without telling'
      clock.now += 2 * 60_000
      expect((await cache.get(1))?.name).toBe('one')
      cache.release(1)
      clock.now += 2 * 60_000
      expect((await cache.get(1))?.name).toBe('one')
      expect(store.loads).toBe(1)
      cache.release(1)
      clock.now += 29_000
      expect((await cache.get(1))?.name).toBe('one')
      clock.now += 2_000
      expect((await cache.get(1))?.name).toBe('changed without telling')
      expect(store.loads).toBe(2)
    })

    it('a key held before it is read is kept from its first load on', async () => {
      const store = fakeStore([{ id: 1, owner: 10, name: 'one' }])
      const { cache, clock } = heldCache(store)
      cache.hold(1)
      await cache.get(1)
      clock.now += 4 * 60_000
      await cache.get(1)
      expect(store.loads).toBe(1)
    })

    it('reads a held entry again once held for its own bound, and keeps the new answer', async () => {
      const store = fakeStore([{ id: 1, owner: 10, name: 'one' }])
      const { cache, clock } = heldCache(store)
      cache.hold(1)
      await cache.get(1)
      store.rows.get(1)!.name = 'changed without telling'
      clock.now += 4 * 60_000
      expect((await cache.get(1))?.name).toBe('one')
      clock.now += 2 * 60_000
      expect((await cache.get(1))?.name).toBe('changed without telling')
      clock.now += 4 * 60_000
      expect((await cache.get(1))?.name).toBe('changed without telling')
      expect(store.loads).toBe(2)
    })

    it('an invalidation of its tag, or a lost message, takes a held entry out at once; it is read afresh and held again', async () => {
      const store = fakeStore([{ id: 1, owner: 10, name: 'one' }, { id: 2, owner: 20, name: 'two' }])
      const { cache, hub, clock } = heldCache(store)
      cache.hold(1)
      cache.hold(2)
      await cache.get(1)
      await cache.get(2)
      store.rows.get(1)!.name = 'one!'
      hub.invalidate('owner:10')
      expect((await cache.get(1))?.name).toBe('one!')
      expect(store.loads).toBe(3)
      clock.now += 4 * 60_000
      expect((await cache.get(1))?.name).toBe('one!')
      expect((await cache.get(2))?.name).toBe('two')
      expect(store.loads).toBe(3)

      store.rows.get(2)!.name = 'two!'
      hub.forgetEverything()
      expect((await cache.get(2))?.name).toBe('two!')
      expect(store.loads).toBe(4)
    })

    it('a dropped entry is read again even while held', async () => {
      const store = fakeStore([{ id: 1, owner: 10, name: 'one' }])
      const { cache } = heldCache(store)
      cache.hold(1)
      await cache.get(1)
      cache.drop(1)
      await cache.get(1)
      expect(store.loads).toBe(2)
    })
  })
})
