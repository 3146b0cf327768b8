import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../../../db/schema'
import { withReferralTables } from './referrals.tables'

/** A finished game counts once its result is final. */
const finishedGamesOf = (userId: RawBuilder<unknown>, atMost: number) =>
  sql<number>`(select count(*)::integer from (select 1 from game_players gp join game_results gr on gr.lobby_id = gp.lobby_id and gr.finalised where gp.user_id = ${userId} limit ${atMost}) counted)`

export interface ReferredRow {
  id: number
  nickname: string
  avatar: string | null
  created_at: Date
  email_confirmation: boolean
  games: number
  days: number | null
  granted_at: Date | null
}

export interface RewardRow {
  referred_id: number
  referrer_id: number
  days: number
}

/** All SQL of referrals: invited players are the users whose reference_token is the inviter's referral_token. */
export function createReferralsRepository(plain: Kysely<Database>) {
  const db = withReferralTables(plain)

  /**
   * Records the reward of every invited player (among `scope`) who has finished `games` games and
   * earned nothing yet; answers how many it recorded. `prepared`: the name it runs prepared under
   * (each connection plans it once), for a scope whose text never changes.
   */
  async function settle(scope: RawBuilder<unknown>, games: number, days: number, at: Date, prepared?: string): Promise<number> {
    const result = await sql`${sql.raw(prepared ? `/* prepared:${prepared} */ ` : '')}
      insert into referral_rewards (referred_id, referrer_id, days, earned_at)
      select u.id, r.id, ${days}, ${at}
      from users u join users r on r.referral_token = u.reference_token and r.id <> u.id
      where ${scope} and ${finishedGamesOf(sql.ref('u.id'), games)} >= ${games}
      on conflict (referred_id) do nothing`.execute(db)
    return Number(result.numAffectedRows ?? 0)
  }

  return {
    /** Rewards the inviter's invited players earned and were not yet recorded. */
    settleInviter: (referrerId: number, games: number, days: number, at: Date) => settle(sql`r.id = ${referrerId}`, games, days, at),

    /** Rewards earned by the players of one finished game (how many). Prepared: every game's end runs it, and planning it took four times as long as running it. */
    settleGame: (lobbyId: number, games: number, days: number, at: Date) =>
      settle(sql`u.id in (select user_id from game_players where lobby_id = ${lobbyId} and user_id is not null)`, games, days, at, 'referral_settle_game'),

    /** Claims the rewards not yet credited (of one inviter, or all), so one caller credits each: answers what it claimed. */
    async claimPending(at: Date, referrerId?: number): Promise<RewardRow[]> {
      let query = db.updateTable('referral_rewards').set({ granted_at: at }).where('granted_at', 'is', null)
      if (referrerId !== undefined) query = query.where('referrer_id', '=', referrerId)
      return query.returning(['referred_id', 'referrer_id', 'days']).execute()
    },

    /** Gives a claimed reward back to pending (its credit failed). */
    async unclaim(referredId: number): Promise<void> {
      await db.updateTable('referral_rewards').set({ granted_at: null }).where('referred_id', '=', referredId).execute()
    },

    /** One page of the inviter's invited players (newest first) with their games and rewards, the count and the days earned, in one statement. */
    async overview(referrerId: number, games: number, limit: number, offset: number) {
      const result = await sql<ReferredRow & { total: number; granted: number; pending: number }>`
        with mine as (
          select u.id, u.nickname, u.avatar, u.created_at, u.email_confirmation
          from users u join users r on r.referral_token = u.reference_token and r.id <> u.id
          where r.id = ${referrerId})
        select t.total, s.granted, s.pending, p.*
        from (select count(*)::integer as total from mine) t
        cross join (
          select coalesce(sum(days) filter (where granted_at is not null), 0)::integer as granted,
            coalesce(sum(days) filter (where granted_at is null), 0)::integer as pending
          from referral_rewards where referrer_id = ${referrerId}) s
        left join lateral (
          select m.*, ${finishedGamesOf(sql.ref('m.id'), games)} as games, rr.days, rr.granted_at
          from mine m left join referral_rewards rr on rr.referred_id = m.id
          order by m.created_at desc, m.id desc limit ${limit} offset ${offset}) p on true`.execute(db)
      const first = result.rows[0]
      return {
        total: first?.total ?? 0,
        granted: first?.granted ?? 0,
        pending: first?.pending ?? 0,
        rows: result.rows.filter((row) => row.id !== null) as ReferredRow[],
      }
    },
  }
}

export type ReferralsRepository = ReturnType<typeof createReferralsRepository>
