import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import type { RatingsRepository } from '../../../../server/modules/ratings/ratings.repository'
import { createRatingsService } from '../../../../server/modules/ratings/ratings.service'

/**
 * Finished games' notices: the games that end close together are rated in one round (one look at
 * the waiting games, then one write under the ratings' lock), and a server that closes starts none.
 */
describe('finished games’ notices', () => {
  let rounds = 0
  const repository = {
    db: {},
    maxSeq: async () => 0,
    // Nothing waits to be rated: each round is one look.
    pendingIds: async () => {
      rounds += 1
      return []
    },
  } as unknown as RatingsRepository
  const logger = { error: vi.fn() } as unknown as FastifyBaseLogger

  beforeEach(() => {
    rounds = 0
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('rates the games that end within the gathering time in one round, and a later end in another', async () => {
    const service = createRatingsService({ repository, logger, noticeGatherMs: 1000 })
    for (let game = 0; game < 5; game++) {
      service.noticeFinished()
      await vi.advanceTimersByTimeAsync(150)
    }
    expect(rounds).toBe(0)
    await vi.advanceTimersByTimeAsync(400)
    expect(rounds).toBe(1)
    service.noticeFinished()
    await vi.advanceTimersByTimeAsync(1000)
    expect(rounds).toBe(2)
  })

  it('starts no round once the server closes', async () => {
    const service = createRatingsService({ repository, logger, noticeGatherMs: 1000 })
    service.noticeFinished()
    await service.close()
    await vi.advanceTimersByTimeAsync(5000)
    expect(rounds).toBe(0)
    expect(logger.error).not.toHaveBeenCalled()
  })
})
