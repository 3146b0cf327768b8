import { proxy } from 'valtio'
import { routes } from '../../../../server/contract/http'
import type { RecomputeProgress } from '../../../../server/contract/http/ratings'
import { ApiError, call } from '../../../api/client'

/** The two calls of the rating recompute: start one, and read how far it is. */
export interface RecalcCalls {
  start(): Promise<RecomputeProgress>
  status(): Promise<RecomputeProgress>
}

/** The server's calls: GET /api/statistic/recalc and its status. */
export const recalcCalls: RecalcCalls = {
  start: () => call(routes.ratings.recalc),
  status: () => call(routes.ratings.recalcStatus),
}

/** When a recompute was last started outside the dashboard's panel (the admin drawer's button): the panel follows it from then. */
export const recalcStarts = proxy({ at: 0 })

/**
 * Starts a recompute, or joins the one already running: the server answers 409 while one runs
 * (started by another admin, or on another app server), and then its progress is what to show,
 * not an error. Any other refusal is thrown.
 */
export async function startOrJoinRecalc(calls: RecalcCalls): Promise<RecomputeProgress> {
  try {
    return await calls.start()
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 409) return calls.status()
    throw failure
  }
}

/**
 * Reads the progress every `intervalMs` until the recompute is no longer running, telling
 * `onProgress` each reading; resolves with the last one. Stops quietly when `signal` aborts (the
 * screen closed); a failed reading is thrown.
 */
export async function followRecalc(
  calls: RecalcCalls,
  first: RecomputeProgress,
  onProgress: (progress: RecomputeProgress) => void,
  options: { intervalMs: number; signal: AbortSignal },
): Promise<RecomputeProgress> {
  let progress = first
  onProgress(progress)
  while (progress.running && !options.signal.aborted) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.intervalMs)
      options.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
    })
    if (options.signal.aborted) break
    progress = await calls.status()
    if (!options.signal.aborted) onProgress(progress)
  }
  return progress
}

/** The share done, 0 to 1, for a progress bar: a finished recompute is full, even of no games. */
export function recalcShare(progress: RecomputeProgress): number {
  if (progress.total === 0) return progress.running ? 0 : 1
  return Math.min(1, progress.done / progress.total)
}
