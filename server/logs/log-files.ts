import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises'
import { join, sep } from 'node:path'
import type { LogEntriesQuery, LogEntry, LogEntryList, LogFile, LogFileList } from '../contract/http/logs'
import { logLimits } from '../contract/http/logs'
import { AppError, badRequest } from '../lib/app-error'

const namePattern = new RegExp(logLimits.namePattern)
const levelNames: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' }

/** The fields of a pino line that have their own column; the rest is the entry's description. */
const ownFields = new Set(['level', 'time', 'msg', 'name', 'module', 'pid', 'hostname'])

/** A log name as the API takes it, or a 400 (`errors.logs.invalid_name`): no path, no `..`, no NUL, nothing but `<name>[.<n>].log`. */
export function checkLogName(name: unknown): string {
  if (typeof name !== 'string' || !namePattern.test(name) || name.includes('..')) throw badRequest('errors.logs.invalid_name', 'name')
  return name
}

/** One pino JSON line as an entry; a line that is not JSON is kept as its text (a crash's stderr, say). */
export function entryOf(text: string, line: number): LogEntry {
  let parsed: Record<string, unknown>
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object')
    parsed = value as Record<string, unknown>
  } catch {
    return { line, time: '', type: 'info', message: text.slice(0, 2000), description: '', file: '' }
  }
  const rest: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(parsed)) if (!ownFields.has(key)) rest[key] = value
  const time = typeof parsed.time === 'number' ? new Date(parsed.time).toISOString() : typeof parsed.time === 'string' ? parsed.time : ''
  const type = typeof parsed.level === 'number' ? (levelNames[parsed.level] ?? String(parsed.level)) : typeof parsed.level === 'string' ? parsed.level : 'info'
  const source = [parsed.name, parsed.module].filter((part) => typeof part === 'string' && part !== '').join('/')
  return {
    line,
    time,
    type,
    message: typeof parsed.msg === 'string' ? parsed.msg : '',
    description: Object.keys(rest).length === 0 ? '' : JSON.stringify(rest),
    file: source,
  }
}

const contains = (text: string, part: string | undefined) => part === undefined || part === '' || text.toLowerCase().includes(part.toLowerCase())

export function matches(entry: LogEntry, filter: Pick<LogEntriesQuery, 'type' | 'message' | 'description' | 'file'>): boolean {
  if (filter.type !== undefined && entry.type !== filter.type) return false
  return contains(entry.message, filter.message) && contains(entry.description, filter.description) && contains(entry.file, filter.file)
}

/** The log files of one folder, read for admins: listed, and read line by line with filters. */
export function createLogFiles(dir: string) {
  /**
   * The file behind a checked name, inside `dir` itself: a symbolic link (to anywhere) and anything
   * that is not a plain file are refused as invalid names; a missing file is a 404.
   */
  async function pathOf(name: string): Promise<string> {
    const path = join(dir, checkLogName(name))
    const info = await lstat(path).catch(() => null)
    if (!info) throw new AppError(404, 'errors.not_found', { field: 'name' })
    if (info.isSymbolicLink() || !info.isFile()) throw badRequest('errors.logs.invalid_name', 'name')
    const [real, realDir] = await Promise.all([realpath(path), realpath(dir)])
    if (!real.startsWith(realDir + sep)) throw badRequest('errors.logs.invalid_name', 'name')
    return real
  }

  /** Every log file of the folder (plain files with a log name; links and other files are left out), newest first. */
  async function all(): Promise<LogFile[]> {
    const names = await readdir(dir).catch(() => [] as string[])
    const files: LogFile[] = []
    for (const name of names) {
      if (!namePattern.test(name)) continue
      const info = await lstat(join(dir, name)).catch(() => null)
      if (!info?.isFile()) continue
      files.push({ name, size: info.size, modifiedAt: info.mtime.toISOString() })
    }
    return files.sort((left, right) => right.modifiedAt.localeCompare(left.modifiedAt) || left.name.localeCompare(right.name))
  }

  const pageOf = <T>(items: T[], page: number, limit: number): T[] => {
    if (page > 1 && (page - 1) * limit >= items.length) throw badRequest('errors.invalid_value', 'page')
    return items.slice((page - 1) * limit, page * limit)
  }

  return {
    dir,
    pathOf,
    all,
    async list(page: number, limit: number): Promise<LogFileList> {
      const files = await all()
      return { total: files.length, list: pageOf(files, page, limit) }
    },
    /** Entries of a log that pass the filters, newest first. */
    async read(name: string, query: LogEntriesQuery): Promise<LogEntryList> {
      const path = await pathOf(name)
      const text = await readFile(path, 'utf8')
      const found: LogEntry[] = []
      const lines = text.split('\n')
      for (let index = lines.length - 1; index >= 0; index -= 1) {
        const line = lines[index] as string
        if (line.trim() === '') continue
        const entry = entryOf(line, index + 1)
        if (matches(entry, query)) found.push(entry)
      }
      return { total: found.length, list: pageOf(found, query.page, query.limit) }
    },
    /** Size of a file now (the tail starts from there). */
    sizeOf: async (path: string) => (await stat(path)).size,
  }
}

export type LogFiles = ReturnType<typeof createLogFiles>
