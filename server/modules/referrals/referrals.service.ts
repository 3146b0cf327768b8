import { referralRules, type ReferralOverview } from '../../contract/http/referrals'
import { badRequest } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import type { ReferralsRepository } from './referrals.repository'

/** Credits premium days to a user through the premium ledger (absent while there is none: rewards stay pending). */
export type PremiumCredit = (credit: { userId: number; days: number; referredId: number }) => Promise<void>

interface Logger {
  warn(object: object, message: string): void
}

/**
 * The rules of the referral programme: an invited player's first `gamesForReward` finished games
 * earn the inviter `rewardDays` premium days, once per invited player; the days are credited through
 * the premium ledger when there is one, and stay pending (recorded) until then.
 */
export function createReferralsService(deps: { repository: ReferralsRepository; clock: Clock; logger: Logger; credit: () => PremiumCredit | undefined }) {
  const { repository, clock, logger } = deps
  const { gamesForReward, rewardDays } = referralRules

  /**
   * Whether a game's end should look for rewards left pending: at the start (the last run may have
   * left some), and after a credit that failed here, until a claim of all of them succeeds whole. A
   * game's end that earns nothing then costs one statement, not two: almost every game. Rewards
   * another server failed to credit are claimed by its next attempt, the next reward earned here, or
   * the inviter's page.
   */
  let retryPending = true
  /** Credits that failed so far: a claim that saw none fail meanwhile may clear `retryPending`. */
  let failures = 0

  /** Credits what is pending (of one inviter, or all); a credit that fails goes back to pending and is tried again later. */
  async function creditPending(referrerId?: number): Promise<void> {
    const credit = deps.credit()
    if (!credit) return
    const failuresBefore = failures
    for (const reward of await repository.claimPending(clock.now(), referrerId)) {
      try {
        await credit({ userId: reward.referrer_id, days: reward.days, referredId: reward.referred_id })
      } catch (error) {
        failures += 1
        retryPending = true
        logger.warn({ err: error, referredId: reward.referred_id }, 'referral reward not credited; kept pending')
        await repository.unclaim(reward.referred_id)
      }
    }
    if (referrerId === undefined && failures === failuresBefore) retryPending = false
  }

  return {
    /** After a game's result is final: rewards its players' inviters earned, credited at once where the ledger exists. */
    async gameFinished(lobbyId: number): Promise<void> {
      const earned = await repository.settleGame(lobbyId, gamesForReward, rewardDays, clock.now())
      if (earned > 0 || retryPending) await creditPending()
    },

    /** The inviter's page: their token, the invited players with their games and rewards, and the days earned. */
    async overview(user: { id: number; referral_token: string }, page: number, itemsPerPage: number): Promise<ReferralOverview> {
      // Anything missed (a notice lost in a restart) is settled before it is shown.
      await repository.settleInviter(user.id, gamesForReward, rewardDays, clock.now())
      await creditPending(user.id)
      const result = await repository.overview(user.id, gamesForReward, itemsPerPage, (page - 1) * itemsPerPage)
      if (page > Math.max(1, Math.ceil(result.total / itemsPerPage))) throw badRequest('errors.referrals.page_out_of_range', 'page')
      return {
        token: user.referral_token,
        items: result.rows.map((row) => ({
          id: row.id,
          nickname: row.nickname,
          avatar: row.avatar,
          joinedAt: new Date(row.created_at).toISOString(),
          confirmed: row.email_confirmation,
          games: row.games,
          reward: row.days === null ? null : { days: row.days, status: row.granted_at === null ? ('pending' as const) : ('granted' as const) },
        })),
        total: result.total,
        earned: { grantedDays: result.granted, pendingDays: result.pending },
        gamesForReward,
        rewardDays,
      }
    },
  }
}

export type ReferralsService = ReturnType<typeof createReferralsService>
