/**
 * Group commit: many small writes become one. An item submitted while no write is running waits
 * for the end of the current turn of the event loop (so items that arrived together go together);
 * items submitted while a write is running wait for it, then all go in the next one. `write` gets
 * the items in the order they were submitted and answers one result per item, in that order; each
 * submitter gets its own. If `write` fails as a whole, every item of that batch gets its error.
 *
 * One write runs at a time, so batches (and the items in them) are written in submission order.
 */
export interface GroupCommitOptions<Item, Result> {
  /** Writes a batch; resolves with exactly one result per item, in the items' order. */
  write(items: Item[]): Promise<Result[]>
  /** The most items in one write; the rest go in the next. Default 500. */
  maxBatch?: number
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

export function createGroupCommit<Item, Result>(options: GroupCommitOptions<Item, Result>): GroupCommit<Item, Result> {
  const maxBatch = options.maxBatch ?? 500
  let queue: Array<Pending<Item, Result>> = []
  /** A write is running, or one is scheduled for the end of this turn. */
  let busy = false

  async function writeBatch(batch: Array<Pending<Item, Result>>): Promise<void> {
    try {
      const results = await options.write(batch.map((pending) => pending.item))
      if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} items`)
      batch.forEach((pending, index) => pending.resolve(results[index] as Result))
    } catch (error) {
      for (const pending of batch) pending.reject(error)
    }
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch)
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch)
      await writeBatch(batch)
    }
    busy = false
  }

  return {
    submit(item) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        if (busy) return
        busy = true
        setImmediate(() => void drain())
      })
    },
  }
}
