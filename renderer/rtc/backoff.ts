/** The first wait before joining again after a drop; it doubles with each failed attempt. */
export const firstReconnectDelayMs = 500
/** The longest wait between two attempts, so a table that comes back is rejoined soon. */
export const longestReconnectDelayMs = 10_000

/**
 * How long to wait before reconnection attempt number `attempt` (0 for the first): doubling from
 * half a second up to ten, with up to a fifth taken off at random so that a whole table dropped by
 * one server restart does not come back in one burst.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const steps = Math.max(0, Math.min(Math.floor(attempt), 16))
  const base = Math.min(longestReconnectDelayMs, firstReconnectDelayMs * 2 ** steps)
  return Math.round(base * (1 - 0.2 * Math.min(1, Math.max(0, random()))))
}
