import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Database } from './schema'

export type DatabaseKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: DatabaseKind
}

// Postgres returns bigint (count(*)) as text by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10))

/**
 * PostgreSQL server when a URL is given, otherwise PGlite with its files in DATA_DIR/pg
 * (or in memory, or loaded from a dump, for tests).
 */
export function openDatabase(options: { databaseUrl?: string; dataDir?: string; pglite?: PGlite; onPoolError?: (error: Error) => void }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle connection the server closed (a restart, a failover, an administrator) is reported here;
    // the pool drops it and the next query opens a new one. Without a listener the process would crash.
    pool.on('error', (error) => options.onPoolError?.(error))
    return { kind: 'postgres', db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) }
  }
  let pglite = options.pglite
  if (!pglite) {
    const dir = options.dataDir ? join(options.dataDir, 'pg') : undefined
    if (dir) mkdirSync(dir, { recursive: true })
    pglite = new PGlite(dir)
  }
  return { kind: 'pglite', db: new Kysely<Database>({ dialect: new PGliteDialect({ pglite: takingTurns(pglite) }) }) }
}

/**
 * PGlite runs in this thread, and the queries waiting for its lock run back to back without the
 * event loop ever getting a turn: under a burst the server would stop answering heartbeats, timers
 * and requests until the backlog is gone. So queries and whole transactions wait in this queue
 * instead, one at a time, with a turn of the event loop before each. (Inside a transaction Kysely
 * uses the transaction's own handle, which this queue does not see.)
 */
export function takingTurns(pglite: PGlite): PGlite {
  let tail: Promise<unknown> = Promise.resolve()
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve))
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = tail.then(turn).then(work)
    tail = run.catch(() => undefined)
    return run
  }
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return ((...args: Parameters<PGlite['query']>) => inTurn(() => target.query(...args))) as PGlite['query']
      if (property === 'transaction') return ((callback: Parameters<PGlite['transaction']>[0]) => inTurn(() => target.transaction(callback))) as PGlite['transaction']
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}
