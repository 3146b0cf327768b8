import { accessSync, constants, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseStartError } from './start-errors'

/** The lock files this process holds, so its own pid in a lock file is told apart from a previous life's. */
const held = new Set<string>()

/** True when a process with this id runs on this machine (signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function isUnwritable(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'ENOSPC'
}

/** Makes sure `dir` exists and this process may write in it. */
export function ensureWritableDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true })
    accessSync(dir, constants.W_OK)
  } catch (error) {
    if (isUnwritable(error)) throw new DatabaseStartError('unwritable', `the data folder ${dir} cannot be written (${(error as NodeJS.ErrnoException).code}); give this user write access to it or set DATA_DIR to another folder`, { cause: error })
    throw error
  }
}

/**
 * Takes DATA_DIR/pg.lock for this process: the file holds the pid of the process that has the PGlite
 * folder open. A second server (or `npm run migrate`) on the same DATA_DIR would write the same files
 * at the same time and corrupt them, so it stops here instead. A lock whose process no longer runs was
 * left by a crash and is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'pg.lock')
  if (held.has(file)) throw new DatabaseStartError('locked', `the database in ${dataDir} is already open in this process`)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' })
      held.add(file)
      return () => {
        held.delete(file)
        rmSync(file, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        if (isUnwritable(error)) throw new DatabaseStartError('unwritable', `the data folder ${dataDir} cannot be written (${(error as NodeJS.ErrnoException).code}); give this user write access to it or set DATA_DIR to another folder`, { cause: error })
        throw error
      }
    }
    const owner = Number.parseInt(readFileSync(file, 'utf8'), 10)
    // Our own pid here, not held by us: a container restarted with the same pid. Stale, like a dead one.
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
      throw new DatabaseStartError('locked', `another server (pid ${owner}) is using the database in ${dataDir}; stop it first, or give this one another DATA_DIR (if no such server runs, delete ${file})`)
    }
    rmSync(file, { force: true })
  }
  throw new DatabaseStartError('locked', `could not take the lock ${file}: another process keeps creating it`)
}
