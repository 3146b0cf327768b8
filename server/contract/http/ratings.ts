import { Type, type Static } from 'typebox'
import { ErrorBody, route } from './common'

/**
 * The rating ladders: overall, by side (red, black), by role (Sheriff, Don), monthly seasons
 * (`season-YYYY-MM`, the month of the game's end in UTC) and one per tournament (`tournament-N`).
 */
export const RatingTab = Type.Object({
  id: Type.String(),
  kind: Type.Union([
    Type.Literal('overall'),
    Type.Literal('red'),
    Type.Literal('black'),
    Type.Literal('sheriff'),
    Type.Literal('don'),
    Type.Literal('season'),
    Type.Literal('tournament'),
  ]),
  /** A season's month, `YYYY-MM`. */
  season: Type.Optional(Type.String()),
  tournamentId: Type.Optional(Type.Integer()),
  /** Players shown on it (those with enough games). */
  players: Type.Integer({ minimum: 0 }),
})
export type RatingTab = Static<typeof RatingTab>

export const RatingTabs = Type.Object({ items: Type.Array(RatingTab), minGames: Type.Integer() })
export type RatingTabs = Static<typeof RatingTabs>

/** One player's row on a ladder. */
export const RatingRow = Type.Object({
  /** Place on the whole ladder (also when searching). */
  rank: Type.Integer({ minimum: 1 }),
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  /** The shown rating: 1000 + 40 · (μ − 3σ), a tenth at most. */
  rating: Type.Number(),
  games: Type.Integer({ minimum: 0 }),
  /** Percent of games won, a tenth at most. */
  winRate: Type.Number(),
  /** The shown rating's change over the player's last ten games on this ladder. */
  trend: Type.Number(),
})
export type RatingRow = Static<typeof RatingRow>

export const RatingPage = Type.Object({
  items: Type.Array(RatingRow),
  total: Type.Integer({ minimum: 0 }),
  /** The caller's own row, pinned by the screen; null until they have `minGames` games on this ladder. */
  me: Type.Union([RatingRow, Type.Null()]),
  minGames: Type.Integer(),
})
export type RatingPage = Static<typeof RatingPage>

export const ratingLimits = { itemsPerPageMax: 100, itemsPerPageDefault: 20, searchMax: 50 } as const

export const LadderParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false })
export type LadderParams = Static<typeof LadderParams>

export const LadderQuery = Type.Object(
  {
    itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: ratingLimits.itemsPerPageMax, default: ratingLimits.itemsPerPageDefault })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    /** Part of a nickname, taken literally (`%`, `_`, quotes and regular-expression characters match themselves). */
    search: Type.Optional(Type.String({ maxLength: ratingLimits.searchMax })),
  },
  { additionalProperties: false },
)
export type LadderQuery = Static<typeof LadderQuery>

/** A recompute's progress, in games. */
export const RecomputeProgress = Type.Object({ running: Type.Boolean(), done: Type.Integer({ minimum: 0 }), total: Type.Integer({ minimum: 0 }) })
export type RecomputeProgress = Static<typeof RecomputeProgress>

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody }

export const ratingsRoutes = {
  tabs: route({ method: 'GET', url: '/api/ratings/tabs', schema: { response: { 200: RatingTabs, ...errors } } }),
  ladder: route({ method: 'GET', url: '/api/ratings/:id', schema: { params: LadderParams, querystring: LadderQuery, response: { 200: RatingPage, ...errors } } }),
  /** Admins: recompute every ladder from the stored games; answers at once with the progress; 409 while one runs. */
  recalc: route({ method: 'GET', url: '/api/statistic/recalc', schema: { response: { 200: RecomputeProgress, 409: ErrorBody, ...errors } } }),
  /** Admins: the recompute's progress. */
  recalcStatus: route({ method: 'GET', url: '/api/statistic/recalc/status', schema: { response: { 200: RecomputeProgress, ...errors } } }),
} as const
