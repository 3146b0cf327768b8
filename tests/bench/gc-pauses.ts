import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks'

/** The collector's pauses of one kind: how many, their sum and the longest, ms. */
export interface PauseFigures {
  count: number
  totalMs: number
  maxMs: number
}

/** Pauses of this process's JavaScript thread by the garbage collector, from `watchGcPauses` to `stop`. */
export interface GcPauses {
  /** Collections of the young generation (scavenges). */
  young: PauseFigures
  /** Collections of the whole heap (mark-compact: the final pause of an incremental marking, or all of it). */
  whole: PauseFigures
}

const kindOf = (entry: PerformanceEntry): number => (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0

/**
 * Records the collector's pauses while a run plays. Every turn of the event loop that a pause falls
 * into is that much later, so they are a part of a move's time that neither server's own code shows.
 */
export function watchGcPauses(): { stop(): GcPauses } {
  const figures: GcPauses = { young: { count: 0, totalMs: 0, maxMs: 0 }, whole: { count: 0, totalMs: 0, maxMs: 0 } }
  const record = (entries: readonly PerformanceEntry[]) => {
    for (const entry of entries) {
      const kind = kindOf(entry)
      const into = kind === constants.NODE_PERFORMANCE_GC_MINOR ? figures.young : kind === constants.NODE_PERFORMANCE_GC_MAJOR ? figures.whole : null
      if (!into) continue
      into.count += 1
      into.totalMs += entry.duration
      into.maxMs = Math.max(into.maxMs, entry.duration)
    }
  }
  const observer = new PerformanceObserver((list) => record(list.getEntries()))
  observer.observe({ entryTypes: ['gc'] })
  return {
    stop() {
      // Entries reach the observer a turn late: those still queued count too.
      record(observer.takeRecords())
      observer.disconnect()
      return figures
    },
  }
}
