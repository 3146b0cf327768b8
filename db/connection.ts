import { join } from 'node:path'
import { Kysely, PostgresDialect, type LogConfig } from 'kysely'
import pg from 'pg'
import { ensureWritableDir, lockDataDir } from './data-dir'
import { startPgliteWorker } from './pglite-host'
import { literalOf } from './statement-literals'
import type { Database } from './schema'

export type DatabaseKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: DatabaseKind
  /** Ends the pool, then (PGlite) stops the database's thread and releases DATA_DIR. `db.destroy()` does the same. */
  close(): Promise<void>
  /** PGlite only: its whole folder as a tar, which `pgliteDump` loads again. */
  dumpPglite?: () => Promise<Uint8Array>
  /**
   * PostgreSQL only: runs `work` on one of the pool's connections, as pg's own client, for what Kysely
   * does not do (`copyIn` of copy.ts); the connection goes back to the pool after.
   */
  withClient?: WithClient
}

export type WithClient = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; without it, PGlite. */
  databaseUrl?: string
  /** PGlite keeps its files in DATA_DIR/pg; without it (and without a dump), in memory. */
  dataDir?: string
  /** PGlite starts in memory from this dump (`dumpDataDir`); tests load their template so. */
  pgliteDump?: Uint8Array
  onPoolError?: (error: Error) => void
  /** Called once if PGlite's thread ends while the database is open; the server treats it as fatal. */
  onPgliteExit?: (error: Error) => void
  /** Kysely's query log, e.g. to count statements. */
  log?: LogConfig
}

// Postgres returns bigint (count(*)) as text by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10))

/**
 * PostgreSQL server when a URL is given, otherwise PGlite. PGlite runs in its own thread and serves
 * the PostgreSQL protocol there (see README.md), so both kinds go through the same `pg` pool and
 * Kysely dialect.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Four connections stay open while idle (the others close after 10 s): the game's moves keep two
    // writes in flight (`runningMovesCommit`) beside the app's other queries, so a busy moment after a
    // quiet one does not wait for new connections, each a new process of the database server.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, min: 4 })
    reportErrors(pool, options.onPoolError)
    const withClient: WithClient = async (work) => {
      const client = await pool.connect()
      // A connection lost while checked out is reported on the client (the work in progress fails
      // with it too): heard here rather than crashing the process, and the client is not reused.
      let lost: Error | undefined
      const onError = (error: Error) => {
        lost = error
      }
      client.on('error', onError)
      try {
        return await work(client)
      } finally {
        client.off('error', onError)
        client.release(lost)
      }
    }
    return { ...handleOf('postgres', pool, options.log), withClient }
  }

  let release = () => {}
  let pgDir: string | undefined
  if (options.dataDir && !options.pgliteDump) {
    ensureWritableDir(options.dataDir)
    release = lockDataDir(options.dataDir)
    pgDir = join(options.dataDir, 'pg')
    try {
      ensureWritableDir(pgDir)
    } catch (error) {
      release()
      throw error
    }
  }
  const worker = await startPgliteWorker({ dataDir: pgDir, dump: options.pgliteDump, onExit: options.onPgliteExit }).catch((error: unknown) => {
    release()
    throw error
  })
  // One connection, which the thread serves alone; kept open while idle, since the thread accepts
  // one connection at a time and a reconnect could race the old one's close.
  const pool = endingWith(new pg.Pool({ host: worker.address.host, port: worker.address.port, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 }), async () => {
    await worker.stop()
    release()
  })
  reportErrors(pool, options.onPoolError)
  return { ...handleOf('pglite', pool, options.log), dumpPglite: () => worker.dump() }
}

/**
 * A connection the server closed (a restart, a failover, an administrator, PGlite's thread ending) is
 * reported here, idle or busy: the pool drops it, the query on it fails, and the next query opens a new
 * one. Without these listeners the process would crash on an unhandled 'error' event.
 */
function reportErrors(pool: pg.Pool, onPoolError: ((error: Error) => void) | undefined): void {
  pool.on('error', (error) => onPoolError?.(error))
  pool.on('connect', (client) => client.on('error', (error) => onPoolError?.(error)))
}

/** Makes the pool's `end()` (called by Kysely's `destroy()`) also stop what serves it, once. */
function endingWith(pool: pg.Pool, afterEnd: () => Promise<void>): pg.Pool {
  const end = pool.end.bind(pool)
  let ended: Promise<void> | undefined
  pool.end = (() => (ended ??= end().then(afterEnd))) as pg.Pool['end']
  return pool
}

/** The comment that makes a statement prepared (`runsMarkedStatementsPrepared`). */
const preparedMarker = /^\/\* prepared:([a-z_]+) \*\//

/** A value as the argument of EXECUTE: its literal; an empty array as `'{}'`, which takes the parameter's type. */
const executeArgument = (value: unknown): string => (Array.isArray(value) && value.length === 0 ? "'{}'" : literalOf(value))

/**
 * A statement whose text starts with `/* prepared:<name> *\/` is parsed and planned once per
 * connection, not at every call: the connection's first call PREPAREs it under its name, and each
 * call runs `EXECUTE name(values)` with its values written out (`db/statement-literals.ts`), on its
 * generic plan. Both go by the simple query protocol, one message each: the extended protocol's
 * bind, describe, execute and sync are four, which the embedded database's server answers one at a
 * time, at several times the CPU. Only for a hot statement whose text never changes (its values are
 * parameters), under a name no other text uses, with values that can be written out (numbers, texts,
 * booleans, dates, arrays of these): planning the chat's send took as long as running it.
 */
function runsMarkedStatementsPrepared(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (text: string) => Promise<pg.QueryResult>
    const passThrough = client.query.bind(client) as (...args: unknown[]) => unknown
    /** The statements this connection has prepared, by name. */
    const prepared = new Map<string, Promise<unknown>>()
    client.query = ((text: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' ? preparedMarker.exec(text)?.[1] : undefined
      const values = rest[0]
      if (name === undefined || !Array.isArray(values) || rest.length !== 1) return passThrough(text, ...rest)
      let execute: string
      try {
        execute = values.length === 0 ? `execute ${name}` : `execute ${name}(${values.map(executeArgument).join(', ')})`
      } catch (error) {
        return Promise.reject(error)
      }
      let ready = prepared.get(name)
      if (!ready) {
        ready = query(`prepare ${name} as ${text as string}`)
        prepared.set(name, ready)
        // A statement that failed to prepare is prepared again at its next call.
        ready.catch(() => prepared.delete(name))
      }
      return ready.then(async () => {
        // Planned once means the generic plan: left to choose, PostgreSQL plans a statement whose
        // arrays it cannot size (unnest of a parameter counts as 100 rows) afresh at every EXECUTE,
        // which took as long as running the chat's send. The setting holds for this EXECUTE only, so
        // the app's other statements keep the server's choice; if the EXECUTE fails, the implicit
        // transaction of the three rolls the setting back with it.
        const [, result] = (await query(`set plan_cache_mode = force_generic_plan; ${execute}; reset plan_cache_mode`)) as unknown as pg.QueryResult[]
        return result
      })
    }) as typeof client.query
  })
}

function handleOf(kind: DatabaseKind, pool: pg.Pool, log: LogConfig | undefined): DatabaseHandle {
  runsMarkedStatementsPrepared(pool)
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log })
  // Kysely ends the pool only if it ever used it, so close ends it too (a second end is a no-op here).
  return {
    kind,
    db,
    close: async () => {
      await db.destroy()
      if (!pool.ended) await pool.end()
    },
  }
}
