import { Type, type Static } from 'typebox'
import { ErrorBody, route } from './common'

/**
 * A player's statistics, from the finished games whose result is final: totals, per role, per
 * seat, best moves, fouls, the overall rating's history, recent games, and head-to-head against
 * another player. Anyone signed in may read anyone's statistics; private notes are read apart
 * (`/api/notes`), by their author only.
 */
export const statisticsLimits = {
  /** Recent games per page (the first page comes with the summary). */
  gamesPerPageDefault: 10,
  gamesPerPageMax: 50,
  /** Points of the rating chart: the player's last games on the overall ladder. */
  historyPoints: 200,
  /** Players a search answers, and the longest search. */
  searchResults: 10,
  searchMax: 50,
  /** Reads per user per minute (each statistics page asks a few times). */
  readsPerMinute: 120,
} as const

const Count = Type.Integer({ minimum: 0 })

/** Games, wins and the win rate (percent, a tenth at most; 0 without games), with points. */
const recordFields = { games: Count, wins: Count, winRate: Type.Number(), points: Type.Number() }
export const WinRecord = Type.Object(recordFields)
export type WinRecord = Static<typeof WinRecord>

export const PlayerCard = Type.Object({ id: Type.Integer(), nickname: Type.String(), avatar: Type.Union([Type.String(), Type.Null()]) })
export type PlayerCard = Static<typeof PlayerCard>

export const RoleRecord = Type.Object({ role: Type.String(), ...recordFields })
export type RoleRecord = Static<typeof RoleRecord>

export const SeatRecord = Type.Object({ seat: Type.Integer({ minimum: 1 }), games: Count, wins: Count })
export type SeatRecord = Static<typeof SeatRecord>

/** One point of the rating chart: the shown rating after a game on the overall ladder. */
export const RatingPoint = Type.Object({ lobbyId: Type.Integer(), endedAt: Type.String(), rating: Type.Number() })
export type RatingPoint = Static<typeof RatingPoint>

/** One finished game as the player played it; `lobbyId` opens /game/statistics/{lobbyId}. */
export const PlayedGame = Type.Object({
  lobbyId: Type.Integer(),
  endedAt: Type.String(),
  seat: Type.Integer(),
  role: Type.String(),
  team: Type.String(),
  won: Type.Boolean(),
  points: Type.Number(),
})
export type PlayedGame = Static<typeof PlayedGame>

export const PlayerStatistics = Type.Object({
  player: PlayerCard,
  total: WinRecord,
  roles: Type.Array(RoleRecord),
  seats: Type.Array(SeatRecord),
  /** Games in which the player's best move scored, and the points it brought. */
  bestMoves: Type.Object({ games: Count, points: Type.Number() }),
  /** Fouls over all games (each game's last count), and games ended with a removal. */
  fouls: Type.Object({ total: Count, removals: Count }),
  /** The overall ladder's shown rating now (null before the first rated game), and its last points, oldest first. */
  rating: Type.Union([Type.Number(), Type.Null()]),
  ratingHistory: Type.Array(RatingPoint),
  recent: Type.Object({ items: Type.Array(PlayedGame), total: Count }),
})
export type PlayerStatistics = Static<typeof PlayerStatistics>

export const PlayerParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false })
export type PlayerParams = Static<typeof PlayerParams>

export const GamesQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: statisticsLimits.gamesPerPageMax, default: statisticsLimits.gamesPerPageDefault })),
  },
  { additionalProperties: false },
)
export type GamesQuery = Static<typeof GamesQuery>

export const PlayedGames = Type.Object({ items: Type.Array(PlayedGame), total: Count })
export type PlayedGames = Static<typeof PlayedGames>

export const VersusParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), otherId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
)
export type VersusParams = Static<typeof VersusParams>

/** Head-to-head of `player` and `other`: games on the same side (and won together), and against each other (each one's wins). */
export const HeadToHead = Type.Object({
  player: PlayerCard,
  other: PlayerCard,
  together: Type.Object({ games: Count, wins: Count }),
  against: Type.Object({ games: Count, playerWins: Count, otherWins: Count }),
})
export type HeadToHead = Static<typeof HeadToHead>

/** Part of a nickname, taken literally (`%`, `_`, quotes and regular-expression characters match themselves). */
export const PlayerSearchQuery = Type.Object({ search: Type.String({ minLength: 1, maxLength: statisticsLimits.searchMax }) }, { additionalProperties: false })
export type PlayerSearchQuery = Static<typeof PlayerSearchQuery>

export const PlayerSearch = Type.Object({ items: Type.Array(PlayerCard) })
export type PlayerSearch = Static<typeof PlayerSearch>

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody }

/** /api/statistics/*: any signed-in user reads any player's statistics. */
export const statisticsRoutes = {
  /** Players whose nickname (or official nickname) contains the search: for choosing a head-to-head. */
  players: route({ method: 'GET', url: '/api/statistics/players', schema: { querystring: PlayerSearchQuery, response: { 200: PlayerSearch, ...errors } } }),
  /** The player's statistics with the first page of recent games. */
  player: route({ method: 'GET', url: '/api/statistics/:id', schema: { params: PlayerParams, response: { 200: PlayerStatistics, ...errors } } }),
  /** A page of the player's finished games, newest first; a page past the last is refused. */
  games: route({ method: 'GET', url: '/api/statistics/:id/games', schema: { params: PlayerParams, querystring: GamesQuery, response: { 200: PlayedGames, ...errors } } }),
  /** Head-to-head of two players. */
  versus: route({ method: 'GET', url: '/api/statistics/:id/versus/:otherId', schema: { params: VersusParams, response: { 200: HeadToHead, ...errors } } }),
} as const
