import type { PGLiteSocketHandler } from '@electric-sql/pglite-socket'

/** Makes pglite-socket's handlers run a connection's messages a whole statement at a time, answered in one write (see the .mjs). */
export declare function runEachStatementWhole(handlerClass: typeof PGLiteSocketHandler): void
