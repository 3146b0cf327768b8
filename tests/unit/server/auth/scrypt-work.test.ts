import { describe, expect, it } from 'vitest'
import { AppError } from '../../../../server/lib/app-error'
import { createWorkLimiter, hashPassword, scryptWork, verifyPassword } from '../../../../server/modules/auth/passwords'

/** Cheap parameters: the test is about how many run at once, not what each costs. */
const cheap = { logCost: 10, blockSize: 8, parallelism: 1 }

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe('the cap on concurrent scrypt work', () => {
  it('runs at most `concurrency` at once, queues up to `queueMax` in order and refuses the rest with a retry time', async () => {
    const limiter = createWorkLimiter({ concurrency: 2, queueMax: 3 })
    const gates = Array.from({ length: 5 }, deferred)
    const started: number[] = []
    const finished = gates.map((gate, index) =>
      limiter.run(async () => {
        started.push(index)
        await gate.promise
        return index
      }),
    )
    await Promise.resolve()
    expect(limiter.stats()).toMatchObject({ running: 2, waiting: 3 })
    expect(started).toEqual([0, 1])

    const refused = await limiter.run(async () => 'ran').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ statusCode: 429, code: 'errors.rate_limited', details: { retryAfter: 1 } })

    for (const gate of gates) {
      gate.resolve()
      await new Promise((resolve) => setImmediate(resolve))
      expect(limiter.stats().running).toBeLessThanOrEqual(2)
    }
    expect(await Promise.all(finished)).toEqual([0, 1, 2, 3, 4])
    expect(started).toEqual([0, 1, 2, 3, 4])
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0, peak: 2 })
  })

  it('a failing piece of work frees its slot', async () => {
    const limiter = createWorkLimiter({ concurrency: 1, queueMax: 1 })
    const failed = limiter.run(async () => {
      throw new Error('broken')
    })
    const next = limiter.run(async () => 'next')
    await expect(failed).rejects.toThrow('broken')
    expect(await next).toBe('next')
    expect(limiter.stats()).toMatchObject({ running: 0, waiting: 0 })
  })

  it('every hash and verification of the process goes through it', async () => {
    const hashes = Array.from({ length: 8 }, (_, index) => hashPassword(`password ${index}`, cheap))
    const whileHashing = scryptWork.stats()
    expect(whileHashing.running).toBeGreaterThanOrEqual(2)
    expect(whileHashing.running).toBeLessThanOrEqual(4)
    expect(whileHashing.waiting).toBe(8 - whileHashing.running)
    const stored = await Promise.all(hashes)
    const checks = stored.map((hash, index) => verifyPassword(`password ${index}`, hash))
    expect(scryptWork.stats().running).toBe(whileHashing.running)
    expect(await Promise.all(checks)).toEqual(stored.map(() => true))
    expect(scryptWork.stats()).toMatchObject({ running: 0, waiting: 0, peak: whileHashing.running })
  })
})
