import { execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import type { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketHandler, PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, inject, it, onTestFinished } from 'vitest'
import { openDatabase } from '../../../db/connection'
import { runEachStatementWhole } from '../../../db/pglite-statements.mjs'
import { startPgliteWorker } from '../../../db/pglite-host'
import { exitCodes } from '../../../server/exit-codes'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const folders: string[] = []
const freshDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-embedded-db-'))
  folders.push(dir)
  return dir
}
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })))
/**
 * The run's migrated template (global setup), for tests of the thread that need a database but not
 * an empty one: loading it takes half the time of creating a database from nothing.
 */
const template = () => new Uint8Array(readFileSync(inject('pgliteTemplate')))
/**
 * PGlite in this thread (as an earlier version of the app ran it), started from the template: in
 * `dir` on disk, or in memory without it. Creating a database from nothing took 4 s, this 1.5 s.
 */
const pgliteFromTemplate = (dir?: string) => PGlite.create({ ...(dir ? { dataDir: dir } : {}), loadDataDir: new Blob([template()], { type: 'application/x-tar' }) })
/** The handlers' methods that `runEachStatementWhole` replaces, to put back after a test that calls it in this thread. */
function packageWayOfHandlers(): Pick<PGLiteSocketHandler, 'attach'> & { handleData: unknown } {
  const prototype = PGLiteSocketHandler.prototype as unknown as { attach: PGLiteSocketHandler['attach']; handleData: unknown }
  return { attach: prototype.attach, handleData: prototype.handleData }
}
/** A DATA_DIR whose database folder PGlite has already written, as a server leaves it. */
async function writtenDataDir(): Promise<string> {
  const dataDir = freshDataDir()
  await (await pgliteFromTemplate(join(dataDir, 'pg'))).close()
  return dataDir
}

/** A digest of every file under `dir`, to see that nothing in it changed. */
function digestOf(dir: string): string {
  const hash = createHash('sha256')
  const walk = (path: string) => {
    for (const name of readdirSync(path).sort()) {
      const child = join(path, name)
      if (statSync(child).isDirectory()) walk(child)
      else hash.update(child).update(readFileSync(child))
    }
  }
  walk(dir)
  return hash.digest('hex')
}

/** Starts the real server entry on `dataDir` and resolves with its exit code and output (it must stop on its own). */
function startServer(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' }, timeout: 40_000, killSignal: 'SIGKILL' }, (_error, stdout, stderr) =>
      resolve({ code: child.exitCode, output: stdout + stderr }),
    )
  })
}

describe('the embedded database in its own thread', () => {
  it('opens a folder PGlite wrote in the server thread (an earlier version of the app), keeps its rows, and what it writes is there after a restart', async () => {
    const dataDir = freshDataDir()
    const before = await pgliteFromTemplate(join(dataDir, 'pg'))
    await before.exec(`create table kept (note text); insert into kept values ('written in process')`)
    await before.close()

    const database = await openDatabase({ dataDir })
    expect((await sql<{ note: string }>`select note from kept`.execute(database.db)).rows).toEqual([{ note: 'written in process' }])
    await sql`insert into kept values ('written by the thread')`.execute(database.db)
    await database.close()

    const after = new PGlite(join(dataDir, 'pg'))
    expect((await after.query<{ note: string }>('select note from kept order by note')).rows.map((row) => row.note)).toEqual(['written by the thread', 'written in process'])
    await after.close()
  })

  it('serves transactions whole: a failed one leaves nothing behind', async () => {
    const database = await openDatabase({ pgliteDump: template() })
    await sql`create table moves (n int not null)`.execute(database.db)
    await database.db.transaction().execute(async (trx) => {
      await sql`insert into moves values (1)`.execute(trx)
      await sql`insert into moves values (2)`.execute(trx)
    })
    const failing = database.db.transaction().execute(async (trx) => {
      await sql`insert into moves values (3)`.execute(trx)
      throw new Error('rolled back')
    })
    await expect(failing).rejects.toThrow('rolled back')
    expect((await sql<{ n: number }>`select n from moves order by n`.execute(database.db)).rows).toEqual([{ n: 1 }, { n: 2 }])
    await database.close()
  })

  it('creates its WAL segments without writing them whole with zeros first, for every connection', async () => {
    // Zero-filling a 16 MB segment held the thread 17 ms on disk and up to 90 ms in memory.
    const worker = await startPgliteWorker({ dump: template() })
    onTestFinished(() => worker.stop())
    for (const attempt of [1, 2]) {
      const client = new pg.Client({ host: worker.address.host, port: worker.address.port, user: 'postgres', database: 'postgres' })
      await client.connect()
      expect((await client.query<{ wal_init_zero: string }>('show wal_init_zero')).rows, `connection ${attempt}`).toEqual([{ wal_init_zero: 'off' }])
      await client.end()
    }
  })

  it('names its thread pglite where the system lists threads, so its CPU can be told from the server\'s', async () => {
    // A thread may end between listing the threads and reading its name: it then counts as none.
    const nameOf = (task: string) => {
      try {
        return readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim()
      } catch {
        return null
      }
    }
    const pgliteThreads = () => readdirSync('/proc/self/task').filter((task) => nameOf(task) === 'pglite').length
    const before = pgliteThreads()
    const worker = await startPgliteWorker({ dump: template() })
    expect(pgliteThreads()).toBe(before + 1)
    await worker.stop()
    await expect.poll(pgliteThreads).toBe(before)
  })

  it('keeps the socket in a folder only this user can enter, refuses a second connection, and removes the folder when stopped', async () => {
    const worker = await startPgliteWorker({ dump: template() })
    if (process.platform !== 'win32') expect(statSync(worker.address.host).mode & 0o777).toBe(0o700)
    const first = new pg.Client({ host: worker.address.host, port: worker.address.port, user: 'postgres', database: 'postgres' })
    await first.connect()
    const second = new pg.Client({ host: worker.address.host, port: worker.address.port, user: 'postgres', database: 'postgres' })
    second.on('error', () => undefined)
    await expect(second.connect().then(() => second.query('select 1'))).rejects.toThrow()
    expect((await first.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    await first.end()
    await worker.stop()
    if (process.platform !== 'win32') expect(() => statSync(worker.address.host)).toThrow()
  })

  it("runs a statement in one call of PGlite and answers it in one write, the extended protocol's five messages included", async () => {
    // In this thread, so that the server's side can be counted: PGlite's runs, and the writes (the
    // socket's own write hooks run once per write to the OS; a corked socket's pieces go in one `_writev`).
    const packageWay = packageWayOfHandlers()
    runEachStatementWhole(PGLiteSocketHandler)
    let writes = 0
    const attach = PGLiteSocketHandler.prototype.attach
    PGLiteSocketHandler.prototype.attach = function (this: PGLiteSocketHandler, socket: Socket) {
      const counted = socket as Socket & { _write: (...args: unknown[]) => void; _writev: (...args: unknown[]) => void }
      const write = counted._write.bind(socket)
      const writev = counted._writev.bind(socket)
      counted._write = (...args) => (writes++, write(...args))
      counted._writev = (...args) => (writes++, writev(...args))
      return attach.call(this, socket)
    }
    const database = await pgliteFromTemplate()
    onTestFinished(() => Object.assign(PGLiteSocketHandler.prototype, packageWay))
    let runs = 0
    const run = database.execProtocolRawStream.bind(database)
    database.execProtocolRawStream = (...args) => (runs++, run(...args))
    const server = new PGLiteSocketServer({ db: database, host: '127.0.0.1', port: 0 })
    await server.start()
    const [, port] = server.getServerConn().split(':')
    const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', database: 'postgres' })
    await client.connect()
    const before = writes
    const runsBefore = runs
    const statements = 10
    for (let index = 0; index < statements; index++) {
      expect((await client.query({ text: 'select $1::integer + 1 as next', values: [index] })).rows).toEqual([{ next: index + 1 }])
    }
    expect(writes - before).toBe(statements)
    expect(runs - runsBefore).toBe(statements)
    await client.end()
    await server.stop()
    await database.close()
  })

  it("runs statements as they arrive while nothing else holds PGlite, and otherwise in the package's queue behind what does, answered in order", async () => {
    const packageWay = packageWayOfHandlers()
    let free = true
    runEachStatementWhole(PGLiteSocketHandler, () => free)
    onTestFinished(() => Object.assign(PGLiteSocketHandler.prototype, packageWay))
    const database = await pgliteFromTemplate()
    const server = new PGLiteSocketServer({ db: database, host: '127.0.0.1', port: 0 })
    // The package's queue, to count what goes through it.
    const queue = (server as unknown as { queryQueue: { enqueue: (...args: unknown[]) => Promise<number> } }).queryQueue
    const enqueue = queue.enqueue.bind(queue)
    let queued = 0
    queue.enqueue = (...args) => (queued++, enqueue(...args))
    await server.start()
    const [, port] = server.getServerConn().split(':')
    // One connection, which queues the statements asked for at once and sends each after the last's answer.
    const client = new pg.Pool({ host: '127.0.0.1', port: Number(port), user: 'postgres', database: 'postgres', max: 1 })
    const next = (index: number) => client.query({ text: 'select $1::integer + 1 as next', values: [index] }).then((result) => result.rows[0].next as number)
    await next(0)

    queued = 0
    for (let index = 0; index < 5; index++) expect(await next(index)).toBe(index + 1)
    expect(queued).toBe(0)

    // The thread holds PGlite (as a dump does): the statements wait for it, then answer in order.
    free = false
    let released = false
    let release = () => {}
    const held = database.runExclusive(() => new Promise<void>((resolve) => (release = resolve)))
    const answers = Promise.all([10, 20, 30].map((index) => next(index).then((answer) => (expect(released).toBe(true), answer))))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(queued).toBe(1)
    released = true
    release()
    await held
    expect(await answers).toEqual([11, 21, 31])
    expect(queued).toBe(3)
    free = true
    expect(await next(40)).toBe(41)
    expect(queued).toBe(3)

    await client.end()
    await server.stop()
    await database.close()
  })

  it('reports a thread that dies, and queries fail instead of waiting forever', async () => {
    let died: Error | undefined
    const worker = await startPgliteWorker({ dump: template(), onExit: (error) => (died = error) })
    const client = new pg.Client({ host: worker.address.host, port: worker.address.port, user: 'postgres', database: 'postgres' })
    client.on('error', () => undefined)
    await client.connect()
    await worker.thread.terminate()
    await expect(client.query('select 1')).rejects.toThrow()
    await expect.poll(() => died?.message).toMatch(/ended unexpectedly/)
    await client.end().catch(() => undefined)
  })
})

describe('opening DATA_DIR', () => {
  it('refuses a second opening of the same DATA_DIR while the first is open, and allows it after the first closed', async () => {
    const dataDir = await writtenDataDir()
    const first = await openDatabase({ dataDir })
    await expect(openDatabase({ dataDir })).rejects.toMatchObject({ reason: 'locked' })
    await first.close()
    const again = await openDatabase({ dataDir })
    await again.close()
  })

  it('takes over the lock of a server that no longer runs', async () => {
    const dataDir = await writtenDataDir()
    const gone = spawn(process.execPath, ['-e', ''])
    const pid = gone.pid as number
    await new Promise((resolve) => gone.on('exit', resolve))
    writeFileSync(join(dataDir, 'pg.lock'), `${pid}\n`)
    const database = await openDatabase({ dataDir })
    expect(readFileSync(join(dataDir, 'pg.lock'), 'utf8').trim()).toBe(String(process.pid))
    await database.close()
  })

  it('stops the server with a clear message and its own exit code when another server holds DATA_DIR, when DATA_DIR cannot be written, and when the database folder is corrupt, changing nothing', async () => {
    // Another server: a live process whose pid is in the lock file.
    const locked = freshDataDir()
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'])
    writeFileSync(join(locked, 'pg.lock'), `${other.pid}\n`)

    // A DATA_DIR under a file cannot be created (the tests may run as root, for whom modes do not count).
    const unwritable = join(freshDataDir(), 'a-file', 'data')
    writeFileSync(join(unwritable, '..'), 'not a folder')

    const corrupt = await writtenDataDir()
    writeFileSync(join(corrupt, 'pg', 'global', 'pg_control'), Buffer.alloc(8192, 7))
    const corruptBefore = digestOf(join(corrupt, 'pg'))

    const [lockedRun, unwritableRun, corruptRun] = await Promise.all([startServer(locked), startServer(unwritable), startServer(corrupt)])
    other.kill()

    expect(lockedRun.code).toBe(exitCodes.locked)
    expect(lockedRun.output).toContain(`another server (pid ${other.pid}) is using the database in ${locked}`)
    expect(readFileSync(join(locked, 'pg.lock'), 'utf8').trim()).toBe(String(other.pid))
    expect(readdirSync(locked)).toEqual(['pg.lock'])

    expect(unwritableRun.code).toBe(exitCodes.unwritable)
    expect(unwritableRun.output).toContain(`the data folder ${unwritable} cannot be written`)

    expect(corruptRun.code).toBe(exitCodes.unreadable)
    expect(corruptRun.output).toContain(`the database in ${join(corrupt, 'pg')} could not be opened`)
    expect(digestOf(join(corrupt, 'pg'))).toBe(corruptBefore)
    expect(readdirSync(corrupt)).toEqual(['pg'])
  })
})
