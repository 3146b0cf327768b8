/** The value at `fraction` (0.5 for the median, 0.99 for p99) of values sorted ascending; NaN when there are none. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number
}
