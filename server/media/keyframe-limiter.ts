/** Timers the limiter uses; tests pass fake ones. */
export interface LimiterClock {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realClock: LimiterClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms)
    handle.unref()
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

/**
 * Keyframe requests towards one publisher track, at most one per interval: a keyframe costs the
 * publisher a burst of bits, and one keyframe serves every subscriber waiting for it. A request that
 * comes within the interval is not lost: one request goes out when the interval ends.
 */
export class KeyframeRequestLimiter {
  private lastSent = Number.NEGATIVE_INFINITY
  private trailing: unknown = null
  private closed = false

  constructor(
    private readonly send: () => void,
    private readonly intervalMs = 500,
    private readonly clock: LimiterClock = realClock,
  ) {}

  /** Asks for a keyframe; returns true when the request went out now. */
  request(): boolean {
    if (this.closed) return false
    const now = this.clock.now()
    const wait = this.lastSent + this.intervalMs - now
    if (wait <= 0) {
      this.fire(now)
      return true
    }
    if (this.trailing === null) {
      this.trailing = this.clock.setTimeout(() => {
        this.trailing = null
        if (!this.closed) this.fire(this.clock.now())
      }, wait)
    }
    return false
  }

  close(): void {
    this.closed = true
    if (this.trailing !== null) this.clock.clearTimeout(this.trailing)
    this.trailing = null
  }

  private fire(now: number): void {
    this.lastSent = now
    this.send()
  }
}
