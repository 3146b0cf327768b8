// How the embedded database's thread writes its answers (used by `pglite-worker.mjs`). Plain
// JavaScript, as the thread is; its types are in `pglite-answers.d.mts`.

/**
 * pglite-socket runs the protocol messages that arrived together one by one (a parameterised
 * statement is five: parse, bind, describe, execute, sync) and writes each one's answer at once, so
 * a statement's answer went out in five writes, each waking the server's thread to read a piece of
 * it. Here the socket is corked while the messages of one chunk run, and their answers leave in one
 * write: a parameterised select cost the two threads together 0.78-0.95 of the CPU in three runs
 * (`npm run bench:db`); a simple query is one message, whose answer was one write already.
 */
export function answerEachChunkInOneWrite(handlerClass) {
  const handleData = handlerClass.prototype.handleData
  handlerClass.prototype.handleData = async function (data) {
    const socket = this.socket
    socket?.cork()
    try {
      return await handleData.call(this, data)
    } finally {
      socket?.uncork()
    }
  }
}
