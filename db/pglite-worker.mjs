// The embedded database's own thread: it opens PGlite and serves it over the PostgreSQL wire protocol,
// so a slow query blocks this thread and never the server's event loop. Started by `pglite-host.ts`,
// which also defines the messages (`PgliteWorkerData`, `FromPgliteWorker`, `ToPgliteWorker`).
// Plain JavaScript on purpose: a worker thread does not inherit the tsx loader, and registering it
// in each thread costs more than opening the database.
import { writeFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketHandler, PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { runEachStatementWhole } from './pglite-statements.mjs'

const options = workerData
const port = parentPort
if (!port) throw new Error('pglite-worker.mjs runs only as a worker thread')
// The thread's name where the system lists threads (`top -H`, `ps -L`, bench:game's CPU by thread):
// on Linux every thread of Node is `node` until it names itself. Other systems have no such file.
try {
  writeFileSync('/proc/thread-self/comm', 'pglite')
} catch {
  // not Linux: the thread keeps its name
}
/**
 * How many of this thread's own uses of PGlite (a dump, the close) are under way: meanwhile a
 * connection's statements wait in the package's queue, behind the lock these hold, instead of running
 * as they arrive.
 */
let ownUses = 0
// A whole statement per run, answered in one write; `answerEachMessage` keeps the package's own way
// (bench:db's baseline).
if (!options.answerEachMessage) runEachStatementWhole(PGLiteSocketHandler, () => ownUses === 0)

/**
 * A dump (an uncompressed tar) as `loadDataDir` reads it: PGlite 0.5 asks the Blob for its bytes
 * (`arrayBuffer()`) and its `type`, nothing else. Node's own Blob would copy the bytes in and then
 * out again in small pieces: for the tests' 45 MB template that was half a second of every test
 * database's start. The version is pinned in package.json; every test database starts this way.
 */
function dumpAsBlob(bytes) {
  return { type: 'application/x-tar', size: bytes.byteLength, arrayBuffer: async () => bytes }
}

let pglite
let server
try {
  pglite = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.dump && dumpAsBlob(options.dump),
    pgliteWasmModule: options.pgliteWasmModule,
    initdbWasmModule: options.initdbWasmModule,
  })
  await pglite.waitReady
  // A new WAL segment is written whole with zeros before use by default: 16 MB at once, which held
  // this thread 17 ms on disk and 40 to 90 ms in memory (measured with 10-row inserts), so every query
  // waiting behind it answered late. Without it only the segment's last byte is written up front;
  // the data is the same. (All the app's connections share this one session.)
  await pglite.exec('SET wal_init_zero = off')
  // A SQL error comes back as a protocol message; a throw here means PGlite itself broke (an abort
  // in its WebAssembly). pglite-socket 0.2.17 then leaves its query queue marked busy for good, and
  // every later query would wait forever, so the thread ends and the host reports it instead.
  //
  // Each run also skips PGlite's flush of its files (`syncToFs`): on Node its folder (NODEFS) and
  // its memory are written through at once, so the flush does nothing but take a lock and a few
  // promise turns, for every statement (0.03 ms of this thread's CPU each, measured with PGlite
  // 0.5.14, pinned in package.json). In a browser's file systems it is what stores the data.
  const execute = pglite.execProtocolRawStream.bind(pglite)
  pglite.execProtocolRawStream = async (message, options) => {
    try {
      return await execute(message, { ...options, syncToFs: false })
    } catch (error) {
      port.postMessage({ type: 'failed', message: `PGlite failed while running a query: ${error instanceof Error ? error.message : String(error)}` })
      process.exit(1)
    }
  }
  // One connection: the host's pool holds exactly one, so a second one can only be a stranger. The
  // package answers it "Too many connections" and closes it.
  server = options.socketPath
    ? new PGLiteSocketServer({ db: pglite, path: options.socketPath, maxConnections: 1 })
    : new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 1 })
  await server.start()
} catch (error) {
  port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
  process.exit(1)
}

const connection = server.getServerConn()
port.postMessage(options.socketPath ? { type: 'listening', socketPath: connection } : { type: 'listening', port: Number(connection.slice(connection.lastIndexOf(':') + 1)) })

port.on('message', (message) => {
  if (message.type === 'dump') {
    // The whole folder as an uncompressed tar; its bytes move to the host instead of being copied.
    ownUses++
    void pglite
      .dumpDataDir('none')
      .then((file) => file.arrayBuffer())
      .then((bytes) => port.postMessage({ type: 'dump', bytes }, [bytes]))
      .finally(() => ownUses--)
    return
  }
  if (message.type === 'stop') {
    ownUses++
    void (async () => {
      // Stop taking connections first, then let PGlite flush and close its files.
      await server.stop()
      await pglite.close()
      port.postMessage({ type: 'stopped' })
      port.close()
    })()
  }
})
