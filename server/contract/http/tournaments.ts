import { Type, type Static } from 'typebox'
import { LobbySettings } from '../game/settings'
import { ErrorBody, route } from './common'
import { organizationRoutes } from './tournaments-organizations'

/**
 * Tournaments: one model for the public schedule and the admin panel. Organisers (moderators,
 * admins, members of the tournament's organisation) create and edit them; players register until
 * `registration_end_date`; the organiser starts each round and the server seats it.
 */
export const tournamentLimits = {
  nameMax: 120,
  /** Images one tournament keeps (the first is its poster). */
  imagesMax: 4,
  judgesMax: 50,
  viewersMax: 200,
  languagesMax: 8,
  countMax: 1000,
  priceMax: 1_000_000,
  /** Schedule and admin pages. */
  itemsPerPageMax: 100,
  itemsPerPageDefault: 20,
  searchMax: 50,
  /** Registrations per user per minute; saves (and admin changes) per organiser per minute. */
  registrationsPerMinute: 20,
  savesPerMinute: 60,
  /** Round starts per organiser per minute. */
  roundsPerMinute: 30,
} as const

/** Tournament types: 0 sport mafia (the default), 1 the Dota 2 discipline (the /dota2 schedule). */
export const tournamentTypes = { mafia: 0, dota2: 1 } as const

const DateOnly = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' })
const TimeOfDay = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' })
const UserId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })

/**
 * The tournament settings of spec section 3 as the organiser sends them (the multipart field
 * `tournamentSettings`, JSON). Left out: count 10, price 0, currency USD, deck 1, type 0, and the
 * organiser's timezone (the form fills the browser's zone; the server falls back to UTC).
 * `registration_end_date` is an ISO instant; `date_start`/`date_end` are days in `timezone`.
 */
export const TournamentSettingsInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: tournamentLimits.nameMax }),
    date_start: DateOnly,
    date_end: DateOnly,
    time_start: TimeOfDay,
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    registration_end_date: Type.String({ format: 'date-time' }),
    type: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    language: Type.Optional(Type.Array(Type.String({ pattern: '^(uk|en|de|he)$' }), { maxItems: tournamentLimits.languagesMax, uniqueItems: true })),
    deckId: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
    organizationId: Type.Optional(Type.Union([UserId, Type.Null()])),
    registration_link: Type.Optional(Type.String({ maxLength: 500 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: tournamentLimits.countMax })),
    price: Type.Optional(Type.Number({ minimum: 0, maximum: tournamentLimits.priceMax })),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
    /** Images already stored to keep (their paths); new files come as multipart `images`. */
    image: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: tournamentLimits.imagesMax })),
    judges: Type.Optional(Type.Array(UserId, { maxItems: tournamentLimits.judgesMax, uniqueItems: true })),
    viewers: Type.Optional(Type.Array(UserId, { maxItems: tournamentLimits.viewersMax, uniqueItems: true })),
    is_archive: Type.Optional(Type.Boolean()),
    is_active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type TournamentSettingsInput = Static<typeof TournamentSettingsInput>

/** The lobby settings of every table of the tournament (multipart field `lobbySettings`, JSON); defaults as any table's. */
export const TournamentLobbySettingsInput = Type.Partial(LobbySettings, { additionalProperties: false })
export type TournamentLobbySettingsInput = Static<typeof TournamentLobbySettingsInput>

/** A person as the tournament shows them. */
export const TournamentPerson = Type.Object({ id: Type.Integer(), nickname: Type.String(), avatar: Type.Union([Type.String(), Type.Null()]) })
export type TournamentPerson = Static<typeof TournamentPerson>

/** A tournament as the schedule and the admin panel show it. */
export const Tournament = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  date_start: Type.String(),
  date_end: Type.String(),
  time_start: Type.String(),
  timezone: Type.String(),
  registration_end_date: Type.String(),
  type: Type.Integer(),
  language: Type.Array(Type.String()),
  deckId: Type.Integer(),
  organizationId: Type.Union([Type.Integer(), Type.Null()]),
  organization: Type.Union([Type.String(), Type.Null()]),
  registration_link: Type.String(),
  count: Type.Integer(),
  price: Type.Number(),
  currency: Type.String(),
  image: Type.Array(Type.String()),
  judges: Type.Array(TournamentPerson),
  viewers: Type.Array(TournamentPerson),
  is_archive: Type.Boolean(),
  is_active: Type.Boolean(),
  lobbySettings: LobbySettings,
  /** Players registered so far. */
  registered: Type.Integer({ minimum: 0 }),
  /** Registration is open now (before `registration_end_date`, active, not archived, places left). */
  registrationOpen: Type.Boolean(),
  /** The caller is registered. */
  isRegistered: Type.Boolean(),
  /** The caller may edit it and start its rounds. */
  canOrganize: Type.Boolean(),
  rounds: Type.Integer({ minimum: 0 }),
})
export type Tournament = Static<typeof Tournament>

export const TournamentPage = Type.Object({ items: Type.Array(Tournament), total: Type.Integer({ minimum: 0 }) })
export type TournamentPage = Static<typeof TournamentPage>

/** One table of a round: its lobby (watchable through `mafia:watch:lobby`), judge and players by seat. */
export const TournamentTable = Type.Object({
  lobbyId: Type.Integer(),
  table: Type.Integer({ minimum: 1 }),
  status: Type.String(),
  judge: Type.Union([TournamentPerson, Type.Null()]),
  players: Type.Array(Type.Object({ seat: Type.Integer({ minimum: 1 }), player: TournamentPerson })),
})
export type TournamentTable = Static<typeof TournamentTable>

export const TournamentRound = Type.Object({ number: Type.Integer({ minimum: 1 }), startedAt: Type.String(), tables: Type.Array(TournamentTable), resting: Type.Array(TournamentPerson) })
export type TournamentRound = Static<typeof TournamentRound>

/**
 * A player's standing: points of GAME-RULES.md summed over the tournament's finished games; ties go
 * to more wins, then more judge's extra points, then more first-night kills (the times the player
 * was shot on the first night).
 */
export const TournamentStanding = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  player: TournamentPerson,
  games: Type.Integer({ minimum: 0 }),
  points: Type.Number(),
  wins: Type.Integer({ minimum: 0 }),
  extra: Type.Number(),
  firstNightKills: Type.Integer({ minimum: 0 }),
})
export type TournamentStanding = Static<typeof TournamentStanding>

/** A tournament with its registered players, rounds and standings. */
export const TournamentDetail = Type.Object({
  tournament: Tournament,
  players: Type.Array(TournamentPerson),
  rounds: Type.Array(TournamentRound),
  standings: Type.Array(TournamentStanding),
  /** The tournament's own rating ladder (`/ratings/ladder/{ladderId}`). */
  ladderId: Type.String(),
})
export type TournamentDetail = Static<typeof TournamentDetail>

/** A deck a tournament may play with, and its table size. */
export const TournamentDeck = Type.Object({ id: Type.Integer(), seats: Type.Integer() })
export const TournamentDecks = Type.Object({ items: Type.Array(TournamentDeck) })
export type TournamentDecks = Static<typeof TournamentDecks>

export const Organization = Type.Object({ id: Type.Integer(), name: Type.String() })
export const Organizations = Type.Object({ items: Type.Array(Organization) })
export type Organizations = Static<typeof Organizations>

/** What the create form starts from: the settings' defaults, the lobby settings' defaults, decks and the caller's organisations. */
export const TournamentDraft = Type.Object({
  tournamentSettings: Type.Object({
    count: Type.Integer(),
    price: Type.Number(),
    currency: Type.String(),
    deckId: Type.Integer(),
    type: Type.Integer(),
    timezone: Type.String(),
    language: Type.Array(Type.String()),
  }),
  lobbySettings: LobbySettings,
  decks: Type.Array(TournamentDeck),
  organizations: Type.Array(Organization),
})
export type TournamentDraft = Static<typeof TournamentDraft>

export const DraftQuery = Type.Object({ timezone: Type.Optional(Type.String({ maxLength: 64 })) }, { additionalProperties: false })

/** The schedule's filter: type (0 mafia, 1 Dota 2), a language, dates (days, inclusive), a part of the name, archived ones. */
export const ScheduleFilter = Type.Object(
  {
    type: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    language: Type.Optional(Type.String({ pattern: '^(uk|en|de|he)$' })),
    from: Type.Optional(DateOnly),
    to: Type.Optional(DateOnly),
    search: Type.Optional(Type.String({ maxLength: tournamentLimits.searchMax })),
    organizationId: Type.Optional(UserId),
    archived: Type.Optional(Type.Boolean()),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: tournamentLimits.itemsPerPageMax, default: tournamentLimits.itemsPerPageDefault })),
  },
  { additionalProperties: false },
)
export type ScheduleFilter = Static<typeof ScheduleFilter>

export const TournamentIdParams = Type.Object({ id: UserId }, { additionalProperties: false })
export const OptionalIdParams = Type.Object({ id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })) }, { additionalProperties: false })

export const AdminPageQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: tournamentLimits.itemsPerPageMax, default: tournamentLimits.itemsPerPageDefault })),
    search: Type.Optional(Type.String({ maxLength: tournamentLimits.searchMax })),
  },
  { additionalProperties: false },
)
export type AdminPageQuery = Static<typeof AdminPageQuery>

export const TournamentSaved = Type.Object({ tournament: Tournament })
export type TournamentSaved = Static<typeof TournamentSaved>

export const RoundStarted = Type.Object({ round: TournamentRound })
export type RoundStarted = Static<typeof RoundStarted>

const Done = Type.Object({ ok: Type.Literal(true) })
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody }

/** The tournament calls of spec section 7, the registration, the rounds, and the admin CRUD on the same model. */
export const tournamentsRoutes = {
  list: route({ method: 'GET', url: '/api/tournaments', schema: { response: { 200: TournamentPage, ...errors } } }),
  loadDecks: route({ method: 'GET', url: '/api/tournaments/loadDecks', schema: { response: { 200: TournamentDecks, ...errors } } }),
  loadOrganizations: route({ method: 'GET', url: '/api/tournaments/loadOrganizations', schema: { response: { 200: Organizations, ...errors } } }),
  add: route({ method: 'GET', url: '/api/tournaments/add', schema: { querystring: DraftQuery, response: { 200: TournamentDraft, ...errors } } }),
  /** Multipart: `tournamentSettings` and `lobbySettings` (JSON text) and up to `imagesMax` files `images`. */
  save: route({ method: 'POST', url: '/api/tournaments/save/:id?', multipart: true, schema: { params: OptionalIdParams, response: { 200: TournamentSaved, ...errors } } }),
  schedule: route({ method: 'POST', url: '/api/tournaments/schedule', schema: { body: ScheduleFilter, response: { 200: TournamentPage, ...errors } } }),
  detail: route({ method: 'GET', url: '/api/tournaments/:id', schema: { params: TournamentIdParams, response: { 200: TournamentDetail, ...errors } } }),
  register: route({ method: 'POST', url: '/api/tournaments/:id/register', schema: { params: TournamentIdParams, response: { 200: TournamentSaved, ...errors } } }),
  startRound: route({ method: 'POST', url: '/api/tournaments/:id/rounds', schema: { params: TournamentIdParams, response: { 200: RoundStarted, ...errors } } }),
  adminList: route({ method: 'GET', url: '/api/admin/tournaments', schema: { querystring: AdminPageQuery, response: { 200: TournamentPage, ...errors } } }),
  /** Multipart, as `save`. */
  adminCreate: route({ method: 'POST', url: '/api/admin/tournaments', multipart: true, schema: { response: { 200: TournamentSaved, ...errors } } }),
  /** Multipart, as `save`. */
  adminUpdate: route({ method: 'PATCH', url: '/api/admin/tournaments/:id', multipart: true, schema: { params: TournamentIdParams, response: { 200: TournamentSaved, ...errors } } }),
  adminDelete: route({ method: 'DELETE', url: '/api/admin/tournaments/:id', schema: { params: TournamentIdParams, response: { 200: Done, ...errors } } }),
  ...organizationRoutes,
} as const
