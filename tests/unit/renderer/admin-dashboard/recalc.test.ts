import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RecomputeProgress } from '../../../../server/contract/http'
import { ApiError } from '../../../../renderer/api/client'
import { followRecalc, recalcShare, startOrJoinRecalc, type RecalcCalls } from '../../../../renderer/features/admin/dashboard/recalc'

const progress = (done: number, total: number, running = true): RecomputeProgress => ({ running, done, total })

afterEach(() => {
  vi.useRealTimers()
})

describe('starting the rating recompute', () => {
  it('joins the recompute already running when the server answers 409, showing its progress', async () => {
    const calls: RecalcCalls = {
      start: () => Promise.reject(new ApiError(409, 'errors.ratings.recompute_running', {})),
      status: () => Promise.resolve(progress(40, 100)),
    }
    await expect(startOrJoinRecalc(calls)).resolves.toEqual(progress(40, 100))
  })

  it('passes any other refusal on', async () => {
    const refusal = new ApiError(403, 'errors.forbidden', {})
    const calls: RecalcCalls = { start: () => Promise.reject(refusal), status: () => Promise.resolve(progress(0, 0)) }
    await expect(startOrJoinRecalc(calls)).rejects.toBe(refusal)
  })
})

describe('following the recompute', () => {
  it('reads the progress every interval until it is no longer running', async () => {
    vi.useFakeTimers()
    const answers = [progress(50, 100), progress(100, 100, false)]
    const status = vi.fn(() => Promise.resolve(answers.shift() as RecomputeProgress))
    const seen: RecomputeProgress[] = []
    const done = followRecalc({ start: () => Promise.reject(new Error('unused')), status }, progress(0, 100), (value) => seen.push(value), { intervalMs: 1000, signal: new AbortController().signal })
    await vi.advanceTimersByTimeAsync(999)
    expect(status).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(2001)
    await expect(done).resolves.toEqual(progress(100, 100, false))
    expect(seen).toEqual([progress(0, 100), progress(50, 100), progress(100, 100, false)])
    expect(status).toHaveBeenCalledTimes(2)
  })

  it('stops reading once the screen closes', async () => {
    vi.useFakeTimers()
    const status = vi.fn(() => Promise.resolve(progress(1, 100)))
    const abort = new AbortController()
    const done = followRecalc({ start: () => Promise.reject(new Error('unused')), status }, progress(0, 100), () => undefined, { intervalMs: 1000, signal: abort.signal })
    await vi.advanceTimersByTimeAsync(1000)
    abort.abort()
    await vi.advanceTimersByTimeAsync(5000)
    await done
    expect(status).toHaveBeenCalledTimes(1)
  })

  it('fills the bar by games done, and fully once a recompute of no games ended', () => {
    expect(recalcShare(progress(25, 100))).toBe(0.25)
    expect(recalcShare(progress(0, 0, true))).toBe(0)
    expect(recalcShare(progress(0, 0, false))).toBe(1)
  })
})
