import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type pg from 'pg'

/** What pg's client hands a query it runs: the connection's protocol messages used here. */
interface CopyConnection {
  stream: Writable
  query(text: string): void
  sendCopyFromChunk(chunk: Uint8Array): void
  endCopyFrom(): void
}

/**
 * The most a COPY sends in one turn of the event loop, and the most it leaves waiting in the
 * socket's buffer: pg copies each chunk into a message of its own, and the standings of a million
 * games (65 MB) sent as one held the server's thread for a quarter of a second or more.
 */
const copyPieceBytes = 1 << 20

/**
 * Runs a COPY statement on a client of a PostgreSQL server. pg has no COPY of its own: this is the
 * query object it runs, answering the server's messages, with `copyIn` feeding a COPY FROM STDIN
 * (told when the COPY has ended, so it stops) and `copyData` taking each row of a COPY TO STDOUT.
 * Not for PGlite, whose socket closes the connection on a COPY.
 */
function runCopy<T>(
  client: pg.PoolClient,
  statement: string,
  handlers: { copyIn?: (connection: CopyConnection, ended: () => boolean) => Promise<void>; copyData?: (chunk: Uint8Array) => void; result: () => T },
): Promise<T> {
  return new Promise((resolve, reject) => {
    let failure: Error | null = null
    let settled = false
    const settle = () => {
      if (settled) return
      settled = true
      if (failure) reject(failure)
      else resolve(handlers.result())
    }
    const query = {
      submit(connection: CopyConnection) {
        connection.query(statement)
      },
      handleCopyInResponse(connection: CopyConnection) {
        handlers.copyIn?.(connection, () => failure !== null || settled).catch((error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error))
        })
      },
      handleCopyData(message: { chunk: Uint8Array }) {
        handlers.copyData?.(message.chunk)
      },
      // An error (the server's, or a lost connection) ends the query: pg hands the ReadyForQuery
      // that follows it to no one.
      handleError(error: Error) {
        failure = error
        settle()
      },
      handleReadyForQuery: settle,
      handleCommandComplete() {},
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      callback() {},
    }
    client.query(query as unknown as pg.QueryConfig)
  })
}

/** `COPY … FROM STDIN`, fed with `chunks` as they are (the caller encodes them in the COPY's format), a piece per turn of the event loop. */
export function copyIn(client: pg.PoolClient, statement: string, chunks: readonly Uint8Array[]): Promise<void> {
  return runCopy(client, statement, {
    async copyIn(connection, ended) {
      for (const chunk of chunks) {
        for (let from = 0; from < chunk.byteLength; from += copyPieceBytes) {
          // A refused COPY ends at once (the server drops what still comes, and the client may be in use again).
          if (ended()) return
          const length = Math.min(copyPieceBytes, chunk.byteLength - from)
          // pg writes a chunk with Buffer's own copy.
          connection.sendCopyFromChunk(Buffer.from(chunk.buffer, chunk.byteOffset + from, length))
          if (connection.stream.writableLength > 8 * copyPieceBytes) await once(connection.stream, 'drain')
          else if (from + length < chunk.byteLength) await nextTurn()
        }
      }
      connection.endCopyFrom()
    },
    result: () => undefined,
  })
}

/**
 * `COPY … TO STDOUT`: the whole stream's bytes, in one buffer. Each row comes as a message of its
 * own; its bytes are copied out at once (pg reuses its buffer).
 */
export function copyOut(client: pg.PoolClient, statement: string): Promise<Uint8Array> {
  let bytes = new Uint8Array(1 << 16)
  let size = 0
  return runCopy(client, statement, {
    copyData(chunk) {
      if (size + chunk.length > bytes.length) {
        const grown = new Uint8Array(Math.max(bytes.length * 2, size + chunk.length))
        grown.set(bytes.subarray(0, size))
        bytes = grown
      }
      bytes.set(chunk, size)
      size += chunk.length
    },
    result: () => bytes.subarray(0, size),
  })
}

/** The start of a binary COPY stream: the signature, no flags, no header extension. */
export const binaryCopyHeader = Uint8Array.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0])
/** Its end: a tuple of -1 fields. */
export const binaryCopyTrailer = Uint8Array.from([0xff, 0xff])

/** Milliseconds from the Unix epoch to PostgreSQL's (2000-01-01), where a binary timestamptz counts microseconds from. */
export const postgresEpochMs = 946_684_800_000

const twoTo32 = 4_294_967_296
/** PostgreSQL's type id of float8, which a binary array names for its elements. */
const float8Oid = 701

/**
 * Writes one binary COPY stream (header, rows, trailer) into a buffer that grows as needed. Numbers
 * go as their bytes: what is stored is what was computed, bit for bit, and nothing is printed or
 * parsed as text. Each row is `row(fields)` followed by exactly that many fields.
 */
export class BinaryCopyWriter {
  private bytes: Uint8Array
  private view: DataView
  private at = 0

  constructor(expectedBytes = 1 << 16) {
    this.bytes = new Uint8Array(Math.max(expectedBytes, binaryCopyHeader.length + binaryCopyTrailer.length))
    this.view = new DataView(this.bytes.buffer)
    this.bytes.set(binaryCopyHeader, 0)
    this.at = binaryCopyHeader.length
  }

  /** Room for `count` more bytes. */
  private room(count: number): void {
    if (this.at + count <= this.bytes.length) return
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + count))
    grown.set(this.bytes.subarray(0, this.at))
    this.bytes = grown
    this.view = new DataView(grown.buffer)
  }

  row(fields: number): void {
    this.room(2)
    this.view.setInt16(this.at, fields)
    this.at += 2
  }

  int4(value: number): void {
    this.room(8)
    this.view.setInt32(this.at, 4)
    this.view.setInt32(this.at + 4, value)
    this.at += 8
  }

  /** An int8 from a double holding a whole number below 2^53 (a seq, a time in microseconds). */
  int8(value: number): void {
    this.room(12)
    const high = Math.floor(value / twoTo32)
    this.view.setInt32(this.at, 8)
    this.view.setInt32(this.at + 4, high)
    this.view.setUint32(this.at + 8, value - high * twoTo32)
    this.at += 12
  }

  float8(value: number): void {
    this.room(12)
    this.view.setInt32(this.at, 8)
    this.view.setFloat64(this.at + 4, value)
    this.at += 12
  }

  bool(value: boolean): void {
    this.room(5)
    this.view.setInt32(this.at, 1)
    this.view.setUint8(this.at + 4, value ? 1 : 0)
    this.at += 5
  }

  /** A text already encoded as UTF-8 (callers encode each distinct text once). */
  text(utf8: Uint8Array): void {
    this.room(4 + utf8.length)
    this.view.setInt32(this.at, utf8.length)
    this.bytes.set(utf8, this.at + 4)
    this.at += 4 + utf8.length
  }

  /** A field without a value. */
  null(): void {
    this.room(4)
    this.view.setInt32(this.at, -1)
    this.at += 4
  }

  /** A timestamptz from milliseconds since the Unix epoch. */
  timestamptz(ms: number): void {
    this.int8((ms - postgresEpochMs) * 1000)
  }

  /** A one-dimensional double precision[] without nulls (an empty one has no dimension). */
  float8Array(values: readonly number[]): void {
    const dimensions = values.length === 0 ? 0 : 1
    const length = 12 + dimensions * 8 + values.length * 12
    this.room(4 + length)
    const view = this.view
    let at = this.at
    view.setInt32(at, length)
    view.setInt32(at + 4, dimensions)
    view.setInt32(at + 8, 0)
    view.setInt32(at + 12, float8Oid)
    at += 16
    if (dimensions === 1) {
      view.setInt32(at, values.length)
      view.setInt32(at + 4, 1)
      at += 8
    }
    for (const value of values) {
      view.setInt32(at, 8)
      view.setFloat64(at + 4, value)
      at += 12
    }
    this.at = at
  }

  /** The stream, trailer included; the writer is not used after. */
  finish(): Uint8Array {
    this.room(binaryCopyTrailer.length)
    this.bytes.set(binaryCopyTrailer, this.at)
    return this.bytes.subarray(0, this.at + binaryCopyTrailer.length)
  }
}
