import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import pino, { type Logger, type LoggerOptions } from 'pino'

/** Paths, headers and fields whose values never reach a log line. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
]

/**
 * JSON logs to stdout and to DATA_DIR/logs/<name>.log, which the log service reads.
 * `file: false` keeps tests from writing log files.
 */
export function createLogger(options: { name: string; level: string; dataDir?: string; file?: boolean }): Logger {
  const base: LoggerOptions = { name: options.name, level: options.level, redact: { paths: redactedPaths, censor: '[redacted]' } }
  if (!options.dataDir || options.file === false) return pino(base)
  const dir = join(options.dataDir, 'logs')
  mkdirSync(dir, { recursive: true })
  return pino(
    base,
    pino.multistream([
      { stream: process.stdout, level: options.level as pino.Level },
      { stream: pino.destination({ dest: join(dir, `${options.name}.log`), mkdir: true, sync: false }), level: options.level as pino.Level },
    ]),
  )
}
