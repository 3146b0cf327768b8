/**
 * Group commit of the moves of many tables on the one database connection.
 *
 * A move's events must be stored before anyone sees them (a move a viewer saw must survive a
 * crash), so every command waits for its write. Writing each move alone puts one statement per move
 * in the connection's queue, and under load each move waits behind hundreds of others. Here at most
 * two writes are in flight: the moves that arrive meanwhile (of any tables) wait together and go in
 * the next write, as one multi-row statement. Two, not one: the next batch already waits in the
 * connection's queue while the last one runs, so it is not queued behind every other query that
 * arrived meanwhile (sessions, lobbies) once the last one is done. The busier the server, the larger the batches and the
 * fewer the statements; an idle server writes a move in the turn of the event loop after it
 * arrived (moves of that same turn join it).
 *
 * A write of several tables' moves that fails is tried again for each table alone, in order, so one
 * table's failure (its version already stored) is never another's: each caller hears of its own
 * rows only. A caller whose rows could not be stored gets the error and must change nothing.
 *
 * The next batch is sent before the callers of the last one are answered, and they are answered a
 * few per turn of the event loop, so the database and the pushes work side by side and a large
 * batch never holds the loop for long.
 */
export function createGroupCommit<Row>(write: (rows: Row[]) => Promise<void>, options: { inFlight?: number; answeredPerTurn?: number } = {}) {
  const inFlight = options.inFlight ?? 2
  const answeredPerTurn = options.answeredPerTurn ?? 4
  interface Waiting {
    rows: Row[]
    done: (error?: unknown) => void
  }
  let waiting: Waiting[] = []
  /** Writes sent and not yet answered. */
  let writing = 0
  let scheduled = false

  /** Writes a batch; answers, for each caller in it, what its write came to (undefined: stored). */
  async function writeBatch(batch: Waiting[]): Promise<unknown[]> {
    try {
      await write(batch.length === 1 ? (batch[0] as Waiting).rows : batch.flatMap((item) => item.rows))
      return batch.map(() => undefined)
    } catch (error) {
      if (batch.length === 1) return [error ?? new Error('write failed')]
    }
    // The shared statement stored nothing: each table's rows on their own.
    const outcomes: unknown[] = []
    for (const item of batch) {
      try {
        await write(item.rows)
        outcomes.push(undefined)
      } catch (error) {
        outcomes.push(error ?? new Error('write failed'))
      }
    }
    return outcomes
  }

  function flush(): void {
    scheduled = false
    if (writing >= inFlight || waiting.length === 0) return
    const batch = waiting
    waiting = []
    writing += 1
    void writeBatch(batch).then((outcomes) => {
      writing -= 1
      // What arrived during this write is sent before its callers go on to push their moves, so the
      // database works on the next batch while this one's pushes are made.
      flush()
      answer(batch, outcomes)
    })
  }

  /**
   * Each caller of a batch goes on (to push its move) a few at a time, each few in a turn of the
   * event loop of its own, so a large batch never holds the loop (timers, sockets) for long.
   */
  function answer(batch: Waiting[], outcomes: unknown[], from = 0): void {
    const to = Math.min(batch.length, from + answeredPerTurn)
    for (let index = from; index < to; index++) (batch[index] as Waiting).done(outcomes[index])
    if (to < batch.length) setImmediate(() => answer(batch, outcomes, to))
  }

  function schedule(): void {
    if (scheduled) return
    scheduled = true
    setImmediate(flush)
  }

  return {
    /** Stores these rows with whatever else waits; resolves once they are stored, rejects when they could not be. */
    store(rows: Row[]): Promise<void> {
      return new Promise((resolve, reject) => {
        waiting.push({ rows, done: (error) => (error === undefined ? resolve() : reject(error)) })
        if (writing < inFlight) schedule()
      })
    },
  }
}

export type GroupCommit<Row> = ReturnType<typeof createGroupCommit<Row>>
