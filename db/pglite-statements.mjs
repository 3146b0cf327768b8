// How the embedded database's thread takes statements off its sockets and answers them (used by
// `pglite-worker.mjs`). Plain JavaScript, as the thread is; its types are in `pglite-statements.d.mts`.

const code = (letter) => letter.charCodeAt(0)

/**
 * The messages of the extended protocol that wait for a Sync (or a Flush) to end their statement:
 * parse, bind, describe, execute, close. Any other message ends one (a simple query, a sync, a flush,
 * the end of a session).
 */
const partOfStatement = new Set([code('P'), code('B'), code('D'), code('E'), code('C')])

/** The protocol version a startup message carries (3.0). */
const protocolVersion3 = 196608

/**
 * pglite-socket runs every message on its own, as it arrives, and writes each one's answer at once.
 * Here a connection's messages run a whole statement at a time, and its answer leaves in one write.
 * A parameterised statement is five messages (parse, bind, describe, execute, sync), which PGlite
 * runs together in one call as readily as one by one. Run one by one, each took the package's queue,
 * its lock and a flush of PGlite's files; answered one by one, each answer was a write that woke the
 * server's thread to read a piece of it. A parameterised select by key cost the two threads together
 * 0.35 ms of CPU with its five answers corked into one write, against 0.44 ms the package's way, and
 * 0.17 ms run whole (`npm run bench:db`, median of three rounds of 3,000).
 *
 * Only what follows a statement's last message waits for more bytes: a statement is never cut in
 * two. A connection's first message (the startup, or a request for TLS, which is refused) goes the
 * package's way.
 */
export function runEachStatementWhole(handlerClass) {
  const packageHandleData = handlerClass.prototype.handleData
  handlerClass.prototype.handleData = async function (data) {
    if (!this.startedUp) {
      const pending = this.messageBuffer.length > 0 ? Buffer.concat([this.messageBuffer, data]) : data
      // The package takes the startup off the buffer before it yields, and the client sends nothing
      // more until it is answered: what comes next is this way's.
      if (pending.length >= 8 && pending.readInt32BE(4) === protocolVersion3 && pending.length >= pending.readInt32BE(0)) this.startedUp = true
      return packageHandleData.call(this, data)
    }
    const socket = this.socket
    if (!socket || !this.active) return 0
    const buffer = this.messageBuffer.length > 0 ? Buffer.concat([this.messageBuffer, data]) : data
    // Up to the end of the last whole statement; the rest waits for the bytes that complete it.
    let end = 0
    for (let offset = 0; offset + 5 <= buffer.length; ) {
      const next = offset + 1 + buffer.readInt32BE(offset + 1)
      if (next > buffer.length) break
      if (!partOfStatement.has(buffer[offset])) end = next
      offset = next
    }
    // A copy: what is left over is kept, and the statements wait in the queue for their turn.
    this.messageBuffer = Buffer.from(buffer.subarray(end))
    if (end === 0) return 0
    const statements = Uint8Array.prototype.slice.call(buffer, 0, end)
    socket.cork()
    try {
      await this.queryQueue.enqueue(this.id, statements, (answer) => {
        // A copy: PGlite hands out a view of its own memory, and the write goes out after the run.
        if (answer.length > 0 && this.active && socket.writable) socket.write(Buffer.from(answer))
      })
    } finally {
      socket.uncork()
    }
    return end
  }
}
