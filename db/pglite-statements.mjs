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
 * When nothing else is queued or running (`runsNow`: the thread's own use of PGlite, a dump or the
 * close, is not under way), the statements run as their bytes arrive, in the socket's own event: the
 * package's way went through a `setImmediate` for every read, then its queue, its lock and some ten
 * promise turns before PGlite ran, and each of those took this thread's time: with a `pg` client on
 * its socket, 50 to 60 µs of each statement (a one-row insert 210 µs instead of 265, a `select 1`
 * 135 instead of 185).
 * Otherwise they wait in the package's queue, behind what holds PGlite, and keep their order.
 *
 * Only what follows a statement's last message waits for more bytes: a statement is never cut in
 * two. A connection's first message (the startup, or a request for TLS, which is refused) goes the
 * package's way.
 */
export function runEachStatementWhole(handlerClass, runsNow = () => true) {
  const packageHandleData = handlerClass.prototype.handleData
  const packageAttach = handlerClass.prototype.attach
  handlerClass.prototype.attach = async function (socket) {
    await packageAttach.call(this, socket)
    // The package's listener defers each read to a `setImmediate`; this one handles it at once.
    socket.removeAllListeners('data')
    socket.on('data', (data) => {
      try {
        const handled = this.handleData(data)
        if (handled instanceof Promise) handled.catch((error) => this.handleError(error))
      } catch (error) {
        this.handleError(error)
      }
    })
    return this
  }
  handlerClass.prototype.handleData = function (data) {
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
    // A copy of what is left over, which is kept (the socket's buffer is not ours to keep).
    this.messageBuffer = end === buffer.length ? noBytes : Buffer.from(buffer.subarray(end))
    if (end === 0) return 0
    // The package's queue as pglite-socket 0.2.17 (pinned in package.json) keeps it: `processing` while
    // it runs a statement, `queue` of those waiting, `db` its PGlite.
    const queue = this.queryQueue
    if (!queue.processing && queue.queue.length === 0 && runsNow()) {
      // PGlite runs the statements within this call (its flush of files, the only wait, is skipped by
      // the thread), reading them from the socket's buffer before this returns.
      const answers = []
      void queue.db.execProtocolRawStream(buffer.subarray(0, end), {
        syncToFs: false,
        // A copy: PGlite hands out a view of its own memory.
        onRawData: (answer) => answers.push(Buffer.from(answer)),
      })
      if (answers.length > 0 && socket.writable) socket.write(answers.length === 1 ? answers[0] : Buffer.concat(answers))
      return end
    }
    // A copy: the statements wait in the queue for their turn.
    const statements = Uint8Array.prototype.slice.call(buffer, 0, end)
    socket.cork()
    return queue
      .enqueue(this.id, statements, (answer) => {
        // A copy: PGlite hands out a view of its own memory, and the write goes out after the run.
        if (answer.length > 0 && this.active && socket.writable) socket.write(Buffer.from(answer))
      })
      .finally(() => socket.uncork())
      .then(() => end)
  }
}

const noBytes = Buffer.alloc(0)
