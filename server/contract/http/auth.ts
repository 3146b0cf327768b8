import { Type, type Static } from 'typebox'
import { ErrorBody, Ok, route } from './common'

export const supportedLocales = ['uk', 'en', 'de', 'he'] as const
export type Locale = (typeof supportedLocales)[number]
// Spelled out rather than mapped from supportedLocales: a mapped array loses the literal types, so Static<> would be never.
export const Locale = Type.Union([Type.Literal('uk'), Type.Literal('en'), Type.Literal('de'), Type.Literal('he')])

/** Numeric roles of the product. */
export const Role = { user: 1, moderator: 2, admin: 3, server: 4 } as const
export type RoleId = (typeof Role)[keyof typeof Role]

export const limits = {
  nicknameMin: 3,
  nicknameMax: 24,
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  /** Avatar and placeholder uploads. */
  imageMaxBytes: 2 * 1024 * 1024,
} as const

/** Letters of any script, digits, space, dot, dash, underscore. */
export const nicknamePattern = '^[\\p{L}\\p{N}_.\\- ]+$'

export const Nickname = Type.String({ minLength: limits.nicknameMin, maxLength: limits.nicknameMax, pattern: nicknamePattern })
export const Email = Type.String({ format: 'email', maxLength: limits.emailMax })
export const Password = Type.String({ minLength: limits.passwordMin, maxLength: limits.passwordMax })

export const Ban = Type.Object({
  reason: Type.String(),
  /** ISO time the ban ends. */
  time: Type.String(),
})
export type Ban = Static<typeof Ban>

/** The user as the client sees themselves. */
export const User = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  email: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  placeholder: Type.Union([Type.String(), Type.Null()]),
  isPremium: Type.Boolean(),
  roleId: Type.Integer(),
  emailConfirmation: Type.Boolean(),
  adminConfirmation: Type.Boolean(),
  /** Active bans only. */
  bans: Type.Array(Ban),
  language: Locale,
  /** When a requested account deletion will be carried out; null when none is scheduled. */
  deleteAt: Type.Union([Type.String(), Type.Null()]),
  /** This user's own referral token, for /signup/{token} links. */
  referralToken: Type.String(),
  createdAt: Type.String(),
})
export type User = Static<typeof User>

export const Session = Type.Object({ token: Type.String(), user: User })
export type Session = Static<typeof Session>

const strict = { additionalProperties: false } as const

export const LoginBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: limits.passwordMax }) }, strict)
export const SignupBody = Type.Object(
  { referenceToken: Type.Optional(Type.String({ maxLength: 64 })), nickname: Nickname, password: Password, email: Email, language: Type.Optional(Locale) },
  strict,
)
export const SignupResult = Type.Object({ ok: Type.Literal(true), email: Type.String() })
export const TokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 128 }) }, strict)
export const ForgotBody = Type.Object({ email: Email }, strict)
export const ForgotConfirmBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 128 }), password: Password }, strict)
export const ChangePasswordBody = Type.Object({ currentPassword: Type.String({ minLength: 1, maxLength: limits.passwordMax }), newPassword: Password }, strict)

/** What the settings screen reads and writes. */
export const AccountSettings = Type.Object({
  nickname: Type.String(),
  email: Type.String(),
  language: Locale,
  avatar: Type.Union([Type.String(), Type.Null()]),
  placeholder: Type.Union([Type.String(), Type.Null()]),
  deleteAt: Type.Union([Type.String(), Type.Null()]),
})
export type AccountSettings = Static<typeof AccountSettings>
export const SettingsBody = Type.Object(
  { settings: Type.Object({ nickname: Type.Optional(Nickname), language: Type.Optional(Locale) }, strict) },
  strict,
)

/** One signed-in device of the user, as the Devices list of the settings shows it. */
export const DeviceSession = Type.Object({
  id: Type.Integer(),
  /** Browser and system read from the user agent ("Firefox 128 on Windows 10"); null when it tells nothing. */
  device: Type.Union([Type.String(), Type.Null()]),
  /** The address the session was last used from. */
  address: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  lastSeenAt: Type.String(),
  /** The session that asked. */
  current: Type.Boolean(),
})
export type DeviceSession = Static<typeof DeviceSession>
/** The user's live sessions, the one that asked first, then the most recently used. */
export const DeviceSessionList = Type.Object({ items: Type.Array(DeviceSession) })
export type DeviceSessionList = Static<typeof DeviceSessionList>
export const SessionParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, strict)
/** How many sessions a sign-out everywhere else ended. */
export const EndedSessions = Type.Object({ ok: Type.Literal(true), ended: Type.Integer({ minimum: 0 }) })
export type EndedSessions = Static<typeof EndedSessions>

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 413: ErrorBody, 415: ErrorBody, 423: ErrorBody, 429: ErrorBody }

export const authRoutes = {
  me: route({ method: 'GET', url: '/api/auth', schema: { response: { 200: User, ...errors } } }),
  login: route({ method: 'POST', url: '/api/auth/login/password', schema: { body: LoginBody, response: { 200: Session, ...errors } } }),
  logout: route({ method: 'POST', url: '/api/auth/logout', schema: { response: { 200: Ok, ...errors } } }),
  forgot: route({ method: 'POST', url: '/api/auth/forgot', schema: { body: ForgotBody, response: { 200: Ok, ...errors } } }),
  forgotConfirm: route({ method: 'POST', url: '/api/auth/forgot/confirm', schema: { body: ForgotConfirmBody, response: { 200: Session, ...errors } } }),
  signup: route({ method: 'POST', url: '/api/auth/signup', schema: { body: SignupBody, response: { 200: SignupResult, ...errors } } }),
  /** Confirms the email only: the user then signs in with the password (no session starts here). */
  signupConfirm: route({ method: 'POST', url: '/api/auth/signup/confirm', schema: { body: TokenBody, response: { 200: Ok, ...errors } } }),
  uploadAvatar: route({ method: 'POST', url: '/api/auth/uploadAvatar', multipart: true, schema: { response: { 200: User, ...errors } } }),
  uploadPlaceholder: route({ method: 'POST', url: '/api/auth/uploadPlaceholder', multipart: true, schema: { response: { 200: User, ...errors } } }),
  saveSettings: route({ method: 'POST', url: '/api/auth/settings', schema: { body: SettingsBody, response: { 200: Session, ...errors } } }),
  loadSettings: route({ method: 'GET', url: '/api/auth/settings', schema: { response: { 200: AccountSettings, ...errors } } }),
  changePassword: route({ method: 'POST', url: '/api/auth/change_password', schema: { body: ChangePasswordBody, response: { 200: Session, ...errors } } }),
  deleteUser: route({ method: 'GET', url: '/api/auth/deleteUser', schema: { response: { 200: User, ...errors } } }),
  cancelDeleteUser: route({ method: 'GET', url: '/api/auth/cancelDeleteUser', schema: { response: { 200: User, ...errors } } }),
  sessions: route({ method: 'GET', url: '/api/auth/sessions', schema: { response: { 200: DeviceSessionList, ...errors } } }),
  endOtherSessions: route({ method: 'DELETE', url: '/api/auth/sessions/others', schema: { response: { 200: EndedSessions, ...errors } } }),
  endSession: route({ method: 'DELETE', url: '/api/auth/sessions/:id', schema: { params: SessionParams, response: { 200: Ok, ...errors } } }),
} as const
