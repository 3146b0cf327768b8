import { Type, type Static } from 'typebox'
import { ErrorBody, route } from './common'

/**
 * The referral programme: every user's link `/signup/{referralToken}` fills `referenceToken` at
 * sign-up; when a player who joined through it finishes `gamesForReward` games (final results), the
 * inviter earns `rewardDays` premium days, credited through the premium ledger (pending until then).
 */
export const referralRules = {
  gamesForReward: 10,
  rewardDays: 7,
  itemsPerPageDefault: 20,
  itemsPerPageMax: 100,
  readsPerMinute: 60,
} as const

/** A player who joined through the link. */
export const ReferredPlayer = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  joinedAt: Type.String(),
  /** False until they confirm their email. */
  confirmed: Type.Boolean(),
  /** Their finished games (final results), counted up to `gamesForReward`. */
  games: Type.Integer({ minimum: 0 }),
  /** What their first games earned the inviter: null before; pending until the premium ledger credits it. */
  reward: Type.Union([Type.Object({ days: Type.Integer({ minimum: 0 }), status: Type.Union([Type.Literal('pending'), Type.Literal('granted')]) }), Type.Null()]),
})
export type ReferredPlayer = Static<typeof ReferredPlayer>

export const ReferralOverview = Type.Object({
  /** The user's own token: the link is `/signup/{token}` on this site. */
  token: Type.String(),
  items: Type.Array(ReferredPlayer),
  total: Type.Integer({ minimum: 0 }),
  /** Premium days earned, already credited and still pending. */
  earned: Type.Object({ grantedDays: Type.Integer({ minimum: 0 }), pendingDays: Type.Integer({ minimum: 0 }) }),
  gamesForReward: Type.Integer(),
  rewardDays: Type.Integer(),
})
export type ReferralOverview = Static<typeof ReferralOverview>

export const ReferralQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: referralRules.itemsPerPageMax, default: referralRules.itemsPerPageDefault })),
  },
  { additionalProperties: false },
)
export type ReferralQuery = Static<typeof ReferralQuery>

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody }

export const referralsRoutes = {
  /** The signed-in user's link, the people who joined through it (newest first) and what they earned. */
  overview: route({ method: 'GET', url: '/api/referrals', schema: { querystring: ReferralQuery, response: { 200: ReferralOverview, ...errors } } }),
} as const
