import { proxy } from 'valtio'

/** Seconds until the server's rate limit lifts; the global notice is open while this is above 0. */
export const rateLimitState = proxy({ secondsLeft: 0 })

/** A 429 arrived: show the notice (a longer wait replaces a shorter one, never the reverse). */
export function showRateLimit(retryAfterSeconds: number): void {
  const seconds = Number.isFinite(retryAfterSeconds) ? Math.max(0, Math.ceil(retryAfterSeconds)) : 0
  if (seconds > rateLimitState.secondsLeft) rateLimitState.secondsLeft = seconds
}

/** One second passed. */
export function tickRateLimit(): void {
  if (rateLimitState.secondsLeft > 0) rateLimitState.secondsLeft -= 1
}

/** Ok: close at once. */
export function dismissRateLimit(): void {
  rateLimitState.secondsLeft = 0
}
