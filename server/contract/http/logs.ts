import { Type, type Static } from 'typebox'
import { ErrorBody, route } from './common'

/**
 * The log service (`server/logs/`, port LOG_SERVICE_PORT): the JSON log files every process writes
 * under DATA_DIR/logs, read by admins. The app server answers the same calls on its own origin.
 */
export const logLimits = {
  /** The header that names the log read by `GET /api/log`. */
  nameHeader: 'x-log-name',
  /** A log's name: a file of the logs folder, `<process>.<n>.log`. */
  namePattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}(\\.[0-9]{1,9})?\\.log$',
  pageSizeMax: 200,
  pageSizeDefault: 50,
  /** Characters of a filter's text. */
  filterMax: 200,
  /** Bytes of not yet sent lines a live client may have waiting before lines are dropped for it. */
  clientBufferBytes: 256 * 1024,
} as const

/** pino's level names: the `type` of an entry. */
export const LogLevel = Type.Union(['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((level) => Type.Literal(level)))
export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'

export const LogFile = Type.Object({
  name: Type.String(),
  /** Bytes. */
  size: Type.Integer({ minimum: 0 }),
  modifiedAt: Type.String(),
})
export type LogFile = Static<typeof LogFile>

export const LogFileList = Type.Object({ total: Type.Integer({ minimum: 0 }), list: Type.Array(LogFile) })
export type LogFileList = Static<typeof LogFileList>

/** One line of a log: its level, message, source and the rest of its fields as JSON text. */
export const LogEntry = Type.Object({
  /** The line's number in its file, from 1. */
  line: Type.Integer({ minimum: 1 }),
  time: Type.String(),
  type: Type.String(),
  message: Type.String(),
  /** Every other field of the line (request, error, ids), as JSON. */
  description: Type.String(),
  /** Where the line comes from: the logger's name and module (`app`, `app/media-nodes`). */
  file: Type.String(),
})
export type LogEntry = Static<typeof LogEntry>

export const LogEntryList = Type.Object({ total: Type.Integer({ minimum: 0 }), list: Type.Array(LogEntry) })
export type LogEntryList = Static<typeof LogEntryList>

export const LogListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: logLimits.pageSizeMax, default: logLimits.pageSizeDefault }),
  },
  { additionalProperties: false },
)
export type LogListQuery = Static<typeof LogListQuery>

const Filter = Type.Optional(Type.String({ maxLength: logLimits.filterMax }))

/**
 * Entries of the log named in the `x-log-name` header, newest first. `type`: one level; `message`,
 * `description`, `file`: text each must contain (any case).
 */
export const LogEntriesQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: logLimits.pageSizeMax, default: logLimits.pageSizeDefault }),
    type: Type.Optional(LogLevel),
    message: Filter,
    description: Filter,
    file: Filter,
  },
  { additionalProperties: false },
)
export type LogEntriesQuery = Static<typeof LogEntriesQuery>

/** `GET /api/log/upgrade?name=<log>&token=<token>`: the WebSocket of new lines (of one log, or of every log without `name`). */
export const LogTailQuery = Type.Object(
  { name: Type.Optional(Type.String({ maxLength: 100 })), token: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
)
export type LogTailQuery = Static<typeof LogTailQuery>

/** What the live tail sends: new entries, and how many lines were dropped for this client while it fell behind. */
export type LogTailMessage = { kind: 'entry'; name: string; entry: LogEntry } | { kind: 'dropped'; count: number } | { kind: 'ready' }

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody }

export const logsRoutes = {
  listLogs: route({ method: 'GET', url: '/api/log/list', schema: { querystring: LogListQuery, response: { 200: LogFileList, ...errors } } }),
  readLog: route({ method: 'GET', url: '/api/log', schema: { querystring: LogEntriesQuery, response: { 200: LogEntryList, ...errors } } }),
} as const

export const logTailPath = '/api/log/upgrade'
