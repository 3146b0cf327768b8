import { describe, expect, it, vi } from 'vitest'
import { createMemoryStore, createRedisStore, gcra, takeLimit, type RedisClient } from '../../../../server/lib/rate-limiter'

const limit = { max: 3, windowMs: 3000 }

describe('the allowance rule (GCRA)', () => {
  it('lets a burst of max through, refuses the next with the real wait, and gives one back per windowMs / max', async () => {
    let now = 1_000_000
    const store = createMemoryStore(() => now)
    const answers = []
    for (let call = 0; call < 4; call++) answers.push(await store.take('user:1', limit))
    expect(answers.map((answer) => answer.allowed)).toEqual([true, true, true, false])
    expect(answers.map((answer) => answer.used)).toEqual([1, 2, 3, 3])
    expect(answers[3]?.retryAfterMs).toBe(1000)
    now += 999
    expect((await store.take('user:1', limit)).allowed).toBe(false)
    now += 1
    expect((await store.take('user:1', limit)).allowed).toBe(true)
    expect((await store.take('user:1', limit)).allowed).toBe(false)
    // Each key has its own allowance.
    expect((await store.take('user:2', limit)).allowed).toBe(true)
    // After a whole window of quiet the full burst is back.
    now += 3000
    for (let call = 0; call < 3; call++) expect((await store.take('user:1', limit)).allowed).toBe(true)
  })

  it('refusals spend nothing: a caller hammering a closed allowance gets in as soon as it reopens', async () => {
    let now = 0
    const store = createMemoryStore(() => now)
    for (let call = 0; call < 3; call++) await store.take('k', limit)
    for (let call = 0; call < 50; call++) expect((await store.take('k', limit)).allowed).toBe(false)
    now += 1000
    expect((await store.take('k', limit)).allowed).toBe(true)
  })

  it('peeks without spending', async () => {
    const store = createMemoryStore(() => 5000)
    await store.take('k', limit)
    expect(await store.peek('k', limit)).toEqual({ used: 1, resetMs: 1000 })
    expect(await store.peek('k', limit)).toEqual({ used: 1, resetMs: 1000 })
    expect(await store.peek('other', limit)).toEqual({ used: 0, resetMs: 0 })
  })

  it('takeLimit answers null when allowed, else the wait', async () => {
    const store = createMemoryStore(() => 0)
    expect(await takeLimit(store, 'k', { max: 1, windowMs: 10_000 })).toBeNull()
    expect(await takeLimit(store, 'k', { max: 1, windowMs: 10_000 })).toEqual({ retryAfterMs: 10_000 })
  })

  it('is the same rule the Redis script runs: a time before the last call never frees anything', () => {
    const first = gcra(0, 100, limit)
    expect(first.allowed).toBe(true)
    expect(first.busyUntil).toBe(1100)
  })
})

describe('the Redis store', () => {
  it('lets calls through when Redis fails, and says so once until Redis answers again', async () => {
    let fail = true
    const client = { eval: vi.fn(async () => (fail ? Promise.reject(new Error('connection closed')) : [0, 1500, 3, 3000])) } as unknown as RedisClient
    const logger = { error: vi.fn(), info: vi.fn() }
    const store = createRedisStore({ client, prefix: 'test:', logger: logger as never })
    for (let call = 0; call < 3; call++) expect((await store.take('user:1', limit)).allowed).toBe(true)
    expect(logger.error).toHaveBeenCalledTimes(1)
    fail = false
    expect(await store.take('user:1', limit)).toEqual({ allowed: false, retryAfterMs: 1500, used: 3, resetMs: 3000 })
    expect(logger.info).toHaveBeenCalledTimes(1)
    fail = true
    await store.take('user:1', limit)
    expect(logger.error).toHaveBeenCalledTimes(2)
    expect(client.eval).toHaveBeenCalledWith(expect.any(String), { keys: ['test:user:1'], arguments: ['3', '3000'] })
  })
})
