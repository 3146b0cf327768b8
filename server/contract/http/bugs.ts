import { Type, type Static } from 'typebox'
import { ErrorBody, route } from './common'

/** Bug reports: what a report may hold, and how many one user may send. */
export const bugLimits = {
  titleMax: 200,
  textMax: 5000,
  /** Page address, app version, platform, browser: each cut to this many characters. */
  contextMax: 500,
  /** The screenshot as sent, before the server re-encodes it. */
  imageMaxBytes: 5 * 1024 * 1024,
  /** Reports one user may send per hour. */
  reportsPerHour: 10,
  itemsPerPageMax: 100,
  itemsPerPageDefault: 20,
} as const

/**
 * The multipart fields of `POST /api/bugs` besides the optional `file` (an image): `title` and `text`
 * are required (`form.validation.required`); the rest say where the report was written.
 */
export const bugReportFields = ['title', 'text', 'pageUrl', 'appVersion', 'platform', 'browser'] as const
export type BugReportField = (typeof bugReportFields)[number]

export const BugReport = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  /** The reporter's nickname (null when the account is gone). */
  nickname: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  text: Type.String(),
  pageUrl: Type.Union([Type.String(), Type.Null()]),
  appVersion: Type.Union([Type.String(), Type.Null()]),
  platform: Type.Union([Type.String(), Type.Null()]),
  browser: Type.Union([Type.String(), Type.Null()]),
  /** Whether a screenshot is attached: read it at `GET /api/bugs/{id}/image` (reporter and staff only). */
  hasImage: Type.Boolean(),
  is_solved: Type.Boolean(),
  solvedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
})
export type BugReport = Static<typeof BugReport>

export const BugReportPage = Type.Object({ items: Type.Array(BugReport), total: Type.Integer({ minimum: 0 }) })
export type BugReportPage = Static<typeof BugReportPage>

/**
 * `GET /api/bugs`: a user reads their own reports; moderators and admins read everyone's, filtered by
 * solved state, reporter (`userId`) and creation date (`from` inclusive, `to` exclusive, ISO dates).
 * `mine=true` limits staff to their own reports too.
 */
export const BugReportQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: bugLimits.itemsPerPageMax, default: bugLimits.itemsPerPageDefault })),
    solved: Type.Optional(Type.Boolean()),
    userId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    mine: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type BugReportQuery = Static<typeof BugReportQuery>

export const BugReportParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false })
export type BugReportParams = Static<typeof BugReportParams>

export const BugReportUpdate = Type.Object({ is_solved: Type.Boolean() }, { additionalProperties: false })
export type BugReportUpdate = Static<typeof BugReportUpdate>

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody }

export const bugsRoutes = {
  /** multipart {file?, title, text, pageUrl?, appVersion?, platform?, browser?}: every signed-in user. */
  create: route({ method: 'POST', url: '/api/bugs', multipart: true, schema: { response: { 200: BugReport, ...errors } } }),
  list: route({ method: 'GET', url: '/api/bugs', schema: { querystring: BugReportQuery, response: { 200: BugReportPage, ...errors } } }),
  /** The screenshot's bytes (PNG, JPEG or WebP), for the reporter and staff only. */
  image: route({ method: 'GET', url: '/api/bugs/:id/image', schema: { params: BugReportParams, response: { 200: Type.Unknown(), ...errors } } }),
  /** Moderators and admins: marks a report solved or open again. */
  update: route({ method: 'PATCH', url: '/api/bugs/:id', schema: { params: BugReportParams, body: BugReportUpdate, response: { 200: BugReport, ...errors } } }),
} as const
