import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** The kernel's clock ticks per second, the unit of a thread's CPU times in /proc. */
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
  } catch {
    return 100
  }
})()

/**
 * CPU time in ms of each of this process's threads, summed by thread name (Linux only: read from
 * /proc; null elsewhere). The JavaScript thread is `main`; the embedded database's thread names
 * itself `pglite` (db/pglite-worker.mjs); V8's and libuv's helpers are named `node`, node-datachannel's
 * threads after their job.
 */
export function threadCpu(): Map<string, number> | null {
  const tasks = ownThreadIds()
  if (tasks === null) return null
  const totals = new Map<string, number>()
  for (const task of tasks) {
    let stat: string
    try {
      stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8')
    } catch {
      continue // the thread ended meanwhile
    }
    const name = Number(task) === process.pid ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    // utime and stime, the 14th and 15th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks
    totals.set(name, (totals.get(name) ?? 0) + ms)
  }
  return totals
}

/** The CPU time in ms of the threads whose name `matches`, between two readings of `threadCpu`. */
export function threadCpuBetween(before: Map<string, number> | null, after: Map<string, number> | null, matches: (name: string) => boolean): number | null {
  if (!before || !after) return null
  let total = 0
  for (const [name, ms] of after) if (matches(name)) total += ms - (before.get(name) ?? 0)
  return total
}

/**
 * A reader of the CPU time, in ns, of this process's thread named `name` (Linux: its scheduler's
 * count in /proc, to the nanosecond, where `threadCpu`'s counts go in clock ticks); null when no
 * thread has that name.
 */
export function threadRuntimeReader(name: string): (() => number) | null {
  const task = ownThreadIds()?.find((id) => {
    try {
      return readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim() === name
    } catch {
      return false
    }
  })
  if (task === undefined) return null
  const file = `/proc/self/task/${task}/schedstat`
  return () => Number(readFileSync(file, 'utf8').split(' ')[0])
}

/** The ids of this process's threads (Linux: /proc/self/task); null where there is no /proc. */
function ownThreadIds(): string[] | null {
  try {
    return readdirSync('/proc/self/task')
  } catch {
    return null
  }
}
