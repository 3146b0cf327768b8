import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema'

/** The referrals' table (migration 0017), as Kysely sees it; other modules read it through this module. */
export type ReferralTables = {
  referral_rewards: { referred_id: number; referrer_id: number; days: number; earned_at: Date; granted_at: Date | null }
}

export type ReferralsDatabase = Database & ReferralTables

export const withReferralTables = (db: Kysely<Database>): Kysely<ReferralsDatabase> => db.withTables<ReferralTables>()
