/**
 * Work that must run in order per key (a table, a user, a streamer): a task waits for every task
 * queued before it under any of its keys, and a failed task does not stop the ones after it. Keys
 * with nothing queued hold no memory.
 */
export function createKeyedQueue<Key>() {
  const tails = new Map<Key, Promise<unknown>>()

  return {
    /** Runs `work` after everything queued under `keys`; answers with its result or its error. */
    run<T>(keys: Key | readonly Key[], work: () => Promise<T>): Promise<T> {
      const list: readonly Key[] = Array.isArray(keys) ? keys : [keys as Key]
      const before = list.map((key) => tails.get(key)).filter((tail) => tail !== undefined)
      const run = (before.length === 0 ? Promise.resolve() : Promise.all(before)).then(work, work)
      const settled = run.catch(() => undefined)
      for (const key of list) tails.set(key, settled)
      void settled.then(() => {
        for (const key of list) if (tails.get(key) === settled) tails.delete(key)
      })
      return run
    },

    /** How many keys have work queued (for tests and leak checks). */
    get size(): number {
      return tails.size
    },
  }
}

export type KeyedQueue<Key> = ReturnType<typeof createKeyedQueue<Key>>
