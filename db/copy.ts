import type pg from 'pg'

/** What pg's client hands a query it runs: the connection's protocol messages used here. */
interface CopyConnection {
  query(text: string): void
  sendCopyFromChunk(chunk: Uint8Array): void
  endCopyFrom(): void
}

/**
 * `COPY … FROM STDIN` on a client of a PostgreSQL server, fed with `chunks` as they are (the caller
 * encodes them in the COPY's format). pg has no COPY of its own: this is the query object it runs,
 * answering the server's messages. Not for PGlite, whose socket closes the connection on a COPY.
 */
export function copyIn(client: pg.PoolClient, statement: string, chunks: readonly Uint8Array[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: Error | null = null
    const copy = {
      submit(connection: CopyConnection) {
        connection.query(statement)
      },
      handleCopyInResponse(connection: CopyConnection) {
        // pg writes a chunk with Buffer's own copy.
        for (const chunk of chunks) connection.sendCopyFromChunk(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
        connection.endCopyFrom()
      },
      handleError(error: Error) {
        failure = error
      },
      handleReadyForQuery() {
        if (failure) reject(failure)
        else resolve()
      },
      handleCommandComplete() {},
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyData() {},
      callback() {},
    }
    client.query(copy as unknown as pg.QueryConfig)
  })
}

/** The start of a binary COPY stream: the signature, no flags, no header extension. */
export const binaryCopyHeader = Uint8Array.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0])
/** Its end: a tuple of -1 fields. */
export const binaryCopyTrailer = Uint8Array.from([0xff, 0xff])

/** Milliseconds from the Unix epoch to PostgreSQL's (2000-01-01), where a binary timestamptz counts microseconds from. */
export const postgresEpochMs = 946_684_800_000
