import type { PGLiteSocketHandler } from '@electric-sql/pglite-socket'

/** Makes pglite-socket's handlers answer all the messages of one chunk in one write (see the .mjs). */
export declare function answerEachChunkInOneWrite(handlerClass: typeof PGLiteSocketHandler): void
