/** The one source of "now" for services, so tests can move time. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock that tests advance by hand. */
export class ManualClock implements Clock {
  constructor(private current = new Date('2026-01-01T12:00:00Z')) {}
  now(): Date {
    return new Date(this.current)
  }
  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds)
  }
}
