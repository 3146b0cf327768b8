import type { PGLiteSocketHandler } from '@electric-sql/pglite-socket'

/**
 * Makes pglite-socket's handlers run a connection's messages a whole statement at a time, answered in
 * one write (see the .mjs): at once as they arrive while `runsNow()` says nothing else holds PGlite,
 * else in the package's queue.
 */
export declare function runEachStatementWhole(handlerClass: typeof PGLiteSocketHandler, runsNow?: () => boolean): void
