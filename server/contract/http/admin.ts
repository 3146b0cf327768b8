import { Type, type Static } from 'typebox'
import { LobbySummary, Lobby } from '../socket/lobbies'
import { User } from './auth'
import { ErrorBody, Page, route } from './common'
import { SettingFlag } from './system'

/**
 * The admin panel's core (`/api/admin/*`): users, bans, live tables, the dashboard's figures, the
 * site switches and the audit trail. Moderators (role 2) reach the moderation calls (users, bans,
 * tables); admins (role 3) everything. Other admin areas (bug reports, translations, servers,
 * tournaments, advertising, logs) have their own contract files.
 */
export const adminLimits = {
  /** A ban lasts 1 minute to 10 years. */
  banMinutesMax: 10 * 366 * 24 * 60,
  banReasonMax: 500,
  disbandReasonMax: 300,
  searchMax: 100,
  limitMax: 100,
  limitDefault: 20,
  /** Changes (edits, bans, disbands, switches) per staff member per minute. */
  changesPerMinute: 60,
} as const

const strict = { additionalProperties: false } as const
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, strict)
const page = Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }))
const limit = Type.Optional(Type.Integer({ minimum: 1, maximum: adminLimits.limitMax, default: adminLimits.limitDefault }))

/** A user as the admin panel lists and edits them: the account, its bans in force, when it signed up and was last seen. */
export const AdminUser = Type.Object({
  ...User.properties,
  officialNickname: Type.Union([Type.String(), Type.Null()]),
  /** The last use of any of the user's sessions; null when they never signed in. */
  lastSeenAt: Type.Union([Type.String(), Type.Null()]),
})
export type AdminUser = Static<typeof AdminUser>

export const adminUserSorts = ['id', 'nickname', 'email', 'role', 'createdAt', 'lastSeenAt'] as const
export type AdminUserSort = (typeof adminUserSorts)[number]

/** `GET /api/admin/users`: search (nickname or email, taken literally), filters, sort, page. */
export const AdminUsersQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: adminLimits.searchMax })),
    role: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
    banned: Type.Optional(Type.Boolean()),
    premium: Type.Optional(Type.Boolean()),
    /** true: users whose email or admin confirmation is missing. */
    unconfirmed: Type.Optional(Type.Boolean()),
    sort: Type.Optional(
      Type.Union([Type.Literal('id'), Type.Literal('nickname'), Type.Literal('email'), Type.Literal('role'), Type.Literal('createdAt'), Type.Literal('lastSeenAt')], { default: 'id' }),
    ),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
    page,
    limit,
  },
  strict,
)
export type AdminUsersQuery = Static<typeof AdminUsersQuery>

/** `POST /api/admin/users/{id}`: what changes; `roleId` by admins only. */
export const AdminUserUpdate = Type.Object(
  {
    nickname: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    emailConfirmation: Type.Optional(Type.Boolean()),
    adminConfirmation: Type.Optional(Type.Boolean()),
    roleId: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  },
  { ...strict, minProperties: 1 },
)
export type AdminUserUpdate = Static<typeof AdminUserUpdate>

/** `POST /api/admin/bans/{id}`: why, and for how many minutes (checked by the server: 1 to banMinutesMax). */
export const BanCreate = Type.Object({ reason: Type.String({ maxLength: adminLimits.banReasonMax * 2 }), time: Type.Integer() }, strict)
export type BanCreate = Static<typeof BanCreate>

/**
 * `PATCH /api/admin/bans/{id}`: the user's bans in force from now on. `[]` lifts every ban; one
 * ban `{reason, time}` (time: its end, an ISO date ahead) replaces them.
 */
export const BanPatch = Type.Object(
  { bans: Type.Array(Type.Object({ reason: Type.String({ maxLength: adminLimits.banReasonMax * 2 }), time: Type.String({ format: 'date-time' }) }, strict), { maxItems: 1 }) },
  strict,
)
export type BanPatch = Static<typeof BanPatch>

/** A live table as the panel lists it: the summary, and where its media room lives (`builtin`, a media node's id, or null before anyone asked for media). */
export const AdminLobby = Type.Object({ ...LobbySummary.properties, mediaNode: Type.Union([Type.String(), Type.Null()]) })
export type AdminLobby = Static<typeof AdminLobby>

export const AdminLobbyTarget = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, strict)
export type AdminLobbyTarget = Static<typeof AdminLobbyTarget>

export const AdminDisband = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), reason: Type.String({ maxLength: adminLimits.disbandReasonMax * 2 }) }, strict)
export type AdminDisband = Static<typeof AdminDisband>

const DayCount = Type.Object({ day: Type.String(), count: Type.Integer({ minimum: 0 }) })

/** The dashboard's figures. */
export const AdminDashboard = Type.Object({
  /** Signed-in users with a socket open on any app server now. */
  onlineNow: Type.Integer({ minimum: 0 }),
  /** Distinct users who used a session in the last 24 hours. */
  activeLastDay: Type.Integer({ minimum: 0 }),
  /** Per day (UTC, YYYY-MM-DD), the last 30 days, oldest first. */
  signups: Type.Array(DayCount),
  /** Games started per day (UTC), the last 30 days, oldest first. */
  games: Type.Array(DayCount),
  /** Running tables per media room home (`builtin` or a node id) as this app server placed them, with the registered nodes' rooms. */
  tablesPerNode: Type.Array(Type.Object({ node: Type.String(), tables: Type.Integer({ minimum: 0 }) })),
  /** Bug reports not solved yet; null while the install has no bug reports table. */
  openBugReports: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  settings: Type.Array(SettingFlag),
})
export type AdminDashboard = Static<typeof AdminDashboard>

/** The switches of the dashboard. */
export const adminSettingNames = ['maintenance', 'maintenance_message', 'premium_page'] as const
export const AdminSettingUpdate = Type.Object(
  // Each literal spelled out: a union built by mapping the names would be typed as never.
  { name: Type.Union([Type.Literal('maintenance'), Type.Literal('maintenance_message'), Type.Literal('premium_page')]), value: Type.String({ maxLength: 500 }) },
  strict,
)
export type AdminSettingUpdate = Static<typeof AdminSettingUpdate>

/** One entry of the audit trail. */
export const AuditItem = Type.Object({
  id: Type.Integer(),
  actor: Type.Union([Type.Object({ id: Type.Integer(), nickname: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  createdAt: Type.String(),
})
export type AuditItem = Static<typeof AuditItem>

export const AuditQuery = Type.Object(
  {
    actor: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    targetType: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    page,
    limit,
  },
  strict,
)
export type AuditQuery = Static<typeof AuditQuery>

/** Pushed to everyone at a table an admin disbanded, before they leave it: the admin's reason. */
export interface TableDisbandedNotice {
  id: number
  reason: string
}
/** The socket event of that notice, and of the site switches changed (every open page applies them at once). */
export const tableDisbandedEvent = 'admin:lobby:disbanded'
export const settingsChangedEvent = 'settings:changed'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody }

export const adminRoutes = {
  users: route({ method: 'GET', url: '/api/admin/users', schema: { querystring: AdminUsersQuery, response: { 200: Page(AdminUser), ...errors } } }),
  user: route({ method: 'GET', url: '/api/admin/users/:id', schema: { params: IdParams, response: { 200: AdminUser, ...errors } } }),
  updateUser: route({ method: 'POST', url: '/api/admin/users/:id', schema: { params: IdParams, body: AdminUserUpdate, response: { 200: AdminUser, ...errors } } }),
  ban: route({ method: 'POST', url: '/api/admin/bans/:id', schema: { params: IdParams, body: BanCreate, response: { 200: AdminUser, ...errors } } }),
  editBans: route({ method: 'PATCH', url: '/api/admin/bans/:id', schema: { params: IdParams, body: BanPatch, response: { 200: AdminUser, ...errors } } }),
  lobbies: route({ method: 'GET', url: '/api/admin/lobby/list', schema: { response: { 200: Page(AdminLobby), ...errors } } }),
  joinLobby: route({ method: 'POST', url: '/api/admin/lobby/join', schema: { body: AdminLobbyTarget, response: { 200: Lobby, ...errors } } }),
  watchLobby: route({ method: 'POST', url: '/api/admin/lobby/watch', schema: { body: AdminLobbyTarget, response: { 200: Lobby, ...errors } } }),
  disbandLobby: route({ method: 'POST', url: '/api/admin/lobby/disband', schema: { body: AdminDisband, response: { 200: Type.Object({ ok: Type.Literal(true) }), ...errors } } }),
  dashboard: route({ method: 'GET', url: '/api/admin/dashboard', schema: { response: { 200: AdminDashboard, ...errors } } }),
  setSetting: route({ method: 'POST', url: '/api/admin/settings', schema: { body: AdminSettingUpdate, response: { 200: Type.Array(SettingFlag), ...errors } } }),
  audit: route({ method: 'GET', url: '/api/admin/audit', schema: { querystring: AuditQuery, response: { 200: Page(AuditItem), ...errors } } }),
} as const
