import { describe, expect, it } from 'vitest'
import { KeyframeRequestLimiter, type LimiterClock } from '../../../../server/media/keyframe-limiter'

class FakeClock implements LimiterClock {
  time = 0
  timers: Array<{ at: number; callback: () => void; cancelled: boolean }> = []
  now() {
    return this.time
  }
  setTimeout(callback: () => void, ms: number) {
    const timer = { at: this.time + ms, callback, cancelled: false }
    this.timers.push(timer)
    return timer
  }
  clearTimeout(handle: unknown) {
    ;(handle as { cancelled: boolean }).cancelled = true
  }
  advance(ms: number) {
    this.time += ms
    for (const timer of this.timers.filter((each) => !each.cancelled && each.at <= this.time)) {
      timer.cancelled = true
      timer.callback()
    }
  }
}

describe('keyframe request limiter', () => {
  it('sends at most one request per interval and one trailing request for those in between', () => {
    const clock = new FakeClock()
    const sent: number[] = []
    const limiter = new KeyframeRequestLimiter(() => sent.push(clock.now()), 500, clock)
    expect(limiter.request()).toBe(true)
    clock.advance(100)
    expect(limiter.request()).toBe(false)
    clock.advance(100)
    expect(limiter.request()).toBe(false)
    expect(sent).toEqual([0])
    clock.advance(300)
    expect(sent).toEqual([0, 500])
    clock.advance(1000)
    expect(sent).toEqual([0, 500])
    expect(limiter.request()).toBe(true)
    expect(sent).toEqual([0, 500, 1500])
  })

  it('sends nothing after close', () => {
    const clock = new FakeClock()
    const sent: number[] = []
    const limiter = new KeyframeRequestLimiter(() => sent.push(clock.now()), 500, clock)
    limiter.request()
    limiter.request()
    limiter.close()
    clock.advance(1000)
    expect(limiter.request()).toBe(false)
    expect(sent).toEqual([0])
  })
})
