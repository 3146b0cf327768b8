import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { DatabaseStartError } from './start-errors'

/** What the host sends `pglite-worker.mjs` when it starts the thread. */
interface PgliteWorkerData {
  /** The PGlite folder (DATA_DIR/pg); absent: in memory. */
  dataDir?: string
  /** A dump (`dumpDataDir`) to start from, in memory (tests load their template this way). */
  dump?: ArrayBuffer
  /** Listen on this Unix socket path, or on loopback TCP port 0 when absent (Windows). */
  socketPath?: string
  /** Run and answer each protocol message on its own, as pglite-socket does (bench:db's baseline); else a whole statement at a time, in one write. */
  answerEachMessage?: boolean
  /** PGlite's WebAssembly, compiled once by the host. */
  pgliteWasmModule: WebAssembly.Module
  initdbWasmModule: WebAssembly.Module
}

/** What the thread tells the host. */
type FromPgliteWorker =
  | { type: 'listening'; socketPath?: string; port?: number }
  | { type: 'failed'; message: string }
  | { type: 'stopped' }
  | { type: 'dump'; bytes: ArrayBuffer }

/** What the host tells the thread. */
type ToPgliteWorker = { type: 'stop' } | { type: 'dump' }

/** Where `pg` connects: a Unix socket folder (pg adds `.s.PGSQL.<port>`) or a loopback TCP port. */
export interface PgliteAddress {
  host: string
  port: number
}

export interface PgliteWorker {
  address: PgliteAddress
  /** The thread itself (its resource usage; tests end it to see a crash handled). */
  thread: Worker
  /** The whole PGlite folder as a tar (what `PGlite.dumpDataDir('none')` gives), e.g. a test template. */
  dump(): Promise<Uint8Array>
  /** Stops PGlite (it closes its files) and ends the thread. */
  stop(): Promise<void>
}

const socketPort = 5432

let compiled: Promise<{ pglite: WebAssembly.Module; initdb: WebAssembly.Module }> | undefined
/**
 * PGlite's WebAssembly, compiled once per process and handed to each thread (a compiled module is
 * shared with a worker, not copied), so a thread does not compile 9 MB again: tests start one per suite.
 */
function compiledWasm() {
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  const compile = async (file: string) => WebAssembly.compile(await readFile(join(dist, file)))
  compiled ??= Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]).then(([pglite, initdb]) => ({ pglite, initdb }))
  return compiled
}

/**
 * Starts the thread that owns PGlite (`pglite-worker.mjs`) and waits until it listens. The socket lives
 * in a fresh folder only this user can enter (mkdtemp makes it 0700), so no other local user can
 * connect; where Unix sockets do not exist (Windows) it listens on loopback TCP, port chosen by the OS.
 * `onExit` is called once if the thread ends without being asked to (a crash, an out-of-memory abort).
 */
export async function startPgliteWorker(options: { dataDir?: string; dump?: Uint8Array; onExit?: (error: Error) => void; answerEachMessage?: boolean }): Promise<PgliteWorker> {
  const socketDir = process.platform === 'win32' ? undefined : mkdtempSync(join(tmpdir(), 'mafia-pglite-'))
  const removeSocketDir = () => socketDir && rmSync(socketDir, { recursive: true, force: true })
  // The dump's bytes move to the thread instead of being copied.
  const dump = options.dump ? (options.dump.byteOffset === 0 && options.dump.byteLength === options.dump.buffer.byteLength ? options.dump.buffer : options.dump.slice().buffer) : undefined
  const wasm = await compiledWasm()
  const data: PgliteWorkerData = {
    pgliteWasmModule: wasm.pglite,
    initdbWasmModule: wasm.initdb,
    dataDir: options.dataDir,
    dump: dump as ArrayBuffer | undefined,
    socketPath: socketDir && join(socketDir, `.s.PGSQL.${socketPort}`),
    answerEachMessage: options.answerEachMessage,
  }
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: data, transferList: dump ? [dump as ArrayBuffer] : [] })

  let lastError: Error | undefined
  let stopping = false
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve))
  worker.on('error', (error) => (lastError = error))

  const started = await new Promise<FromPgliteWorker | { type: 'exit'; code: number }>((resolve) => {
    worker.once('message', resolve)
    void exited.then((code) => resolve({ type: 'exit', code }))
  })
  if (started.type !== 'listening') {
    removeSocketDir()
    const why = started.type === 'failed' ? started.message : (lastError?.message ?? `the thread ended with code ${'code' in started ? started.code : '?'}`)
    if (options.dataDir) throw new DatabaseStartError('unreadable', `the database in ${options.dataDir} could not be opened: ${why}. Nothing was changed; restore the folder from a backup, or move it away to start with an empty database`)
    throw new Error(`the embedded database could not start: ${why}`)
  }

  // After the start, a 'failed' message is the reason of the exit that follows it.
  worker.on('message', (message: FromPgliteWorker) => message.type === 'failed' && (lastError = new Error(message.message)))
  void exited.then((code) => {
    removeSocketDir()
    if (!stopping) options.onExit?.(lastError ?? new Error(`the embedded database's thread ended unexpectedly (exit code ${code})`))
  })

  return {
    thread: worker,
    address: started.socketPath ? { host: socketDir as string, port: socketPort } : { host: '127.0.0.1', port: started.port as number },
    dump() {
      return new Promise<Uint8Array>((resolve) => {
        const listener = (message: FromPgliteWorker) => {
          if (message.type !== 'dump') return
          worker.off('message', listener)
          resolve(new Uint8Array(message.bytes))
        }
        worker.on('message', listener)
        worker.postMessage({ type: 'dump' } satisfies ToPgliteWorker)
      })
    },
    async stop() {
      if (stopping) return void (await exited)
      stopping = true
      const stopped = new Promise<void>((resolve) => worker.on('message', (message: FromPgliteWorker) => message.type === 'stopped' && resolve()))
      worker.postMessage({ type: 'stop' } satisfies ToPgliteWorker)
      // A thread that cannot stop cleanly within a while is ended, so shutdown never hangs.
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())
      await Promise.race([stopped.then(() => exited), exited, timeout])
      await worker.terminate()
    },
  }
}
