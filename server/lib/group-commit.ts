/**
 * Group commit: many small writes on the one database connection become one statement. An item
 * submitted while a write may start waits for the end of the current turn of the event loop (items
 * that arrived together go together); items submitted while `inFlight` writes are running wait, then
 * all go in the next one. `write` gets the items in the order they were submitted and answers one
 * result per item, in that order; each submitter gets its own, and only once its item is written.
 *
 * - `inFlight: 1` (the default) writes batches one after the other, so items are written in
 *   submission order (chat messages keep their order). `inFlight: 2` lets the next batch already wait
 *   in the connection's queue while the last runs, instead of behind every other query that arrived
 *   meanwhile; batches may then finish out of order (moves of different tables).
 * - A write that fails fails every item of its batch, unless `retryAlone` is set: then each item of a
 *   failed batch of several is written alone, in order, so one item's failure (a row already stored)
 *   is never another's.
 * - The next batch is sent before the submitters of the last are answered, and they are answered
 *   `answeredPerTurn` at a time, one turn of the event loop each, so the database and what the
 *   submitters do next work side by side and a large batch never holds the loop for long.
 * - `gatherMs` makes the first item of a batch that could be written at once wait that long for
 *   others (instead of to the end of the turn), so a server that is not busy enough to fill its
 *   writes in flight still writes many items per statement. Items that waited for a write in flight
 *   go as soon as it ends, without waiting again.
 */
export interface GroupCommitOptions<Item, Result> {
  /** Writes a batch; resolves with exactly one result per item, in the items' order. */
  write(items: Item[]): Promise<Result[]>
  /** The most items in one write; the rest go in the next. Default 500. */
  maxBatch?: number
  /** Writes running at once. Default 1. */
  inFlight?: number
  /** Submitters answered per turn of the event loop. Default: all of a batch at once. */
  answeredPerTurn?: number
  /** Write each item of a failed batch alone, so each hears of its own failure only. Default false. */
  retryAlone?: boolean
  /** How long the first item of a batch that could be written at once waits for others, ms. Default 0: to the end of the turn. */
  gatherMs?: number
}

export interface GroupCommit<Item, Result> {
  /** Queues an item for the next write; resolves once it is written, with its own result. */
  submit(item: Item): Promise<Result>
}

interface Pending<Item, Result> {
  item: Item
  resolve(result: Result): void
  reject(error: unknown): void
}

type Outcome<Result> = { written: true; result: Result } | { written: false; error: unknown }

export function createGroupCommit<Item, Result>(options: GroupCommitOptions<Item, Result>): GroupCommit<Item, Result> {
  const maxBatch = options.maxBatch ?? 500
  const inFlight = options.inFlight ?? 1
  const answeredPerTurn = options.answeredPerTurn ?? Number.POSITIVE_INFINITY
  const gatherMs = options.gatherMs ?? 0
  let queue: Array<Pending<Item, Result>> = []
  let writing = 0
  let scheduled = false

  async function writeAll(items: Item[]): Promise<Array<Outcome<Result>>> {
    const results = await options.write(items)
    if (results.length !== items.length) throw new Error(`group commit: ${results.length} results for ${items.length} items`)
    return results.map((result) => ({ written: true, result }))
  }

  async function outcomesOf(batch: Array<Pending<Item, Result>>): Promise<Array<Outcome<Result>>> {
    try {
      return await writeAll(batch.map((pending) => pending.item))
    } catch (error) {
      if (!options.retryAlone || batch.length === 1) return batch.map(() => ({ written: false, error }))
    }
    // The shared statement stored nothing: each item on its own.
    const outcomes: Array<Outcome<Result>> = []
    for (const pending of batch) {
      try {
        outcomes.push(...(await writeAll([pending.item])))
      } catch (error) {
        outcomes.push({ written: false, error })
      }
    }
    return outcomes
  }

  function answer(batch: Array<Pending<Item, Result>>, outcomes: Array<Outcome<Result>>, from = 0): void {
    const to = Math.min(batch.length, from + answeredPerTurn)
    for (let index = from; index < to; index++) {
      const pending = batch[index] as Pending<Item, Result>
      const outcome = outcomes[index] as Outcome<Result>
      if (outcome.written) pending.resolve(outcome.result)
      else pending.reject(outcome.error)
    }
    if (to < batch.length) setImmediate(() => answer(batch, outcomes, to))
  }

  function flush(): void {
    scheduled = false
    while (writing < inFlight && queue.length > 0) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch)
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch)
      writing += 1
      void outcomesOf(batch).then((outcomes) => {
        writing -= 1
        // What arrived during this write is sent before its submitters are answered (items still
        // gathering wait for their own time).
        if (!scheduled) flush()
        answer(batch, outcomes)
      })
    }
  }

  return {
    submit(item) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        if (writing < inFlight && !scheduled) {
          scheduled = true
          if (gatherMs > 0) setTimeout(flush, gatherMs)
          else setImmediate(flush)
        }
      })
    },
  }
}
