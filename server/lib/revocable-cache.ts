import { randomUUID } from 'node:crypto'
import { LRUCache } from 'lru-cache'

/**
 * What a change is about, as a tag every cached entry it touches carries: `user:12` (the user's row,
 * settings, card, all their sessions), `session:5` (one session). Null means "anything": messages may
 * have been missed, so every entry goes.
 */
export type InvalidationTag = string

/**
 * Carries invalidations to every cache of every app server. `invalidate` applies on this node before
 * it returns (a user who changed something sees it on their next request), then reaches the other
 * nodes: over Redis pub/sub when REDIS_URL is set (`server/plugins/redis.ts`), nowhere else otherwise.
 */
export interface InvalidationBus {
  invalidate(tag: InvalidationTag): void
  /** Runs `listener` for each tag invalidated on any node, and with null when every entry must go. */
  listen(listener: (tag: InvalidationTag | null) => void): void
}

/** A bus and the two doors the transport uses: what came from another node, and "messages may have been lost". */
export interface InvalidationHub extends InvalidationBus {
  /** This node's id: a node skips its own messages coming back from Redis. */
  readonly origin: string
  /** Applies an invalidation another node published. */
  receive(tag: InvalidationTag): void
  /** Empties every cache (the subscriber reconnected: what was published meanwhile is lost). */
  forgetEverything(): void
}

/** The bus of one process; `send` (when given) publishes each local invalidation to the other nodes. */
export function createInvalidationHub(send?: (tag: InvalidationTag) => void): InvalidationHub {
  const listeners: Array<(tag: InvalidationTag | null) => void> = []
  const deliver = (tag: InvalidationTag | null) => {
    for (const listener of listeners) listener(tag)
  }
  return {
    origin: randomUUID(),
    invalidate(tag) {
      deliver(tag)
      send?.(tag)
    },
    listen: (listener) => void listeners.push(listener),
    receive: deliver,
    forgetEverything: () => deliver(null),
  }
}

export interface RevocableCacheOptions<K, V> {
  bus: InvalidationBus
  /** Reads the value from the system of record; undefined when there is none (nothing is cached then). */
  load(key: K): Promise<V | undefined>
  /** The tags an entry goes with (see InvalidationTag). */
  tagsOf(value: V): readonly InvalidationTag[]
  /** How long an entry is trusted without any message: the bound on staleness should a message be lost. */
  ttlMs: number
  /** How many entries are kept at most (least recently used go first). */
  max: number
  /**
   * How long a held entry (`hold`) is trusted without any message: longer than `ttlMs`, since what
   * holds it (a connected socket) asks again and again, but still a bound. Default: `ttlMs`.
   */
  heldTtlMs?: number
  /** The time in ms the TTL counts on: the app's clock, so a test that moves it ages the entries too. Default: performance.now. */
  now?: () => number
}

/**
 * A read-through in-process cache of values that rarely change, which every node forgets at once when
 * the bus says they changed. Concurrent misses for one key share one load. A load that an invalidation
 * overtook is run again, so an answer read before a change committed is never kept after it.
 */
export function createRevocableCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(options: RevocableCacheOptions<K, V>) {
  // Bumped by every invalidation: a load that started under an older generation may hold what was just revoked.
  let generation = 0
  const cache = new LRUCache<K, V>({
    max: options.max,
    ttl: options.ttlMs,
    // A given clock is read at every check (lru-cache otherwise keeps a reading for 1 ms), so moving it takes effect at once.
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    // An entry cleared while its load runs must not fail the callers waiting on it; the load's own loop
    // reloads, and lru-cache does not store a value whose slot was cleared meanwhile.
    ignoreFetchAbort: true,
    fetchMethod: async (key) => {
      for (;;) {
        const started = generation
        const value = await options.load(key)
        if (started === generation) return value
      }
    },
  })

  // Held keys (a session with a connected socket): how many hold each, and their values with the time
  // each was kept, outside the LRU bound and trusted for `heldTtlMs` until the last holder lets go. The
  // bus still takes them out at once, and a lost message empties everything (`forgetEverything`).
  const now = options.now ?? (() => performance.now())
  const heldTtlMs = options.heldTtlMs ?? options.ttlMs
  const holders = new Map<K, number>()
  const held = new Map<K, { value: V; since: number }>()

  options.bus.listen((tag) => {
    generation += 1
    if (tag === null) {
      cache.clear()
      held.clear()
      return
    }
    // Invalidations are rare (sign-outs, bans, settings), so a scan beats keeping an index per tag.
    const gone: K[] = []
    for (const [key, value] of cache.entries()) if (options.tagsOf(value).includes(tag)) gone.push(key)
    for (const [key, entry] of held) if (options.tagsOf(entry.value).includes(tag)) gone.push(key)
    for (const key of gone) {
      cache.delete(key)
      held.delete(key)
    }
  })

  /** Keeps a held key's value once it is in the cache (still there: no invalidation came since it loaded). */
  function keepIfHeld(key: K): void {
    if (!holders.has(key) || held.has(key)) return
    const value = cache.peek(key)
    if (value !== undefined) held.set(key, { value, since: now() })
  }

  return {
    /** The value of a key, from memory or loaded once however many ask at the same time. */
    async get(key: K): Promise<V | undefined> {
      const kept = held.get(key)
      if (kept !== undefined) {
        if (now() - kept.since < heldTtlMs) return kept.value
        // Held for its whole bound: read afresh (and kept again from then on).
        held.delete(key)
        cache.delete(key)
      }
      const value = await cache.fetch(key)
      keepIfHeld(key)
      return value
    },
    /**
     * Keeps the key's value in memory past its TTL until as many `release` calls as `hold` calls came
     * (a session while its sockets are connected); an invalidation still takes it out at once.
     */
    hold(key: K): void {
      holders.set(key, (holders.get(key) ?? 0) + 1)
      keepIfHeld(key)
    },
    release(key: K): void {
      const count = (holders.get(key) ?? 0) - 1
      if (count > 0) {
        holders.set(key, count)
        return
      }
      holders.delete(key)
      const entry = held.get(key)
      held.delete(key)
      // Back under the TTL: trusted for one more TTL from now at most.
      if (entry !== undefined && now() - entry.since < heldTtlMs && !cache.has(key)) cache.set(key, entry.value)
    },
    /** Drops one key on this node only (the value itself says it is no longer good, as a session past its lifetime). */
    drop: (key: K): void => {
      cache.delete(key)
      held.delete(key)
    },
    /** How many entries are in memory, held ones included (for tests and metrics). */
    get size(): number {
      let size = cache.size
      for (const key of held.keys()) if (!cache.has(key)) size += 1
      return size
    },
  }
}

export type RevocableCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> = ReturnType<typeof createRevocableCache<K, V>>
