import type { DatabaseStartFailure } from '../db/start-errors'

/**
 * The server's exit codes, so an operator or a supervisor can tell the failures apart. 1 is any other
 * failure to start. The database ones stop before anything in DATA_DIR is written.
 */
export const exitCodes = {
  failed: 1,
  /** Another server has this DATA_DIR open (DATA_DIR/pg.lock). */
  locked: 3,
  /** DATA_DIR (or DATA_DIR/pg) cannot be created or written. */
  unwritable: 4,
  /** DATA_DIR/pg exists but PGlite cannot open it (corrupt, or from an incompatible version). */
  unreadable: 5,
  /** The embedded database's thread ended while the server ran. */
  databaseDied: 6,
} as const satisfies Record<DatabaseStartFailure | 'failed' | 'databaseDied', number>
