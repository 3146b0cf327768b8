import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../db/schema'
import { createReferralsRepository } from '../../server/modules/referrals/referrals.repository'
import { withReferralTables } from '../../server/modules/referrals/referrals.tables'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { insertUsers } from '../helpers/finished-games'

/**
 * Every finished game claims the referral rewards still waiting for their credit, and a club keeps
 * every reward it ever granted: a claim finds the few pending ones by their index, and never reads
 * the granted ones. Counted by the database itself (its per-transaction table statistics), on both
 * databases.
 */

let database: TestDatabase
let inviter: number
let waiting: number
const granted = 2_000

beforeAll(async () => {
  database = await createTestDatabase()
  const ids = await insertUsers(database.db, Array.from({ length: granted + 2 }, (_, index) => `claim${index}`))
  inviter = ids[0] as number
  waiting = ids[1] as number
  const at = new Date('2026-11-01T12:00:00Z')
  const rows = ids.slice(2).map((referred) => ({ referred_id: referred, referrer_id: inviter, days: 3, earned_at: at, granted_at: at }))
  const rewards = withReferralTables(database.db)
  await rewards.insertInto('referral_rewards').values(rows).execute()
  await rewards.insertInto('referral_rewards').values({ referred_id: waiting, referrer_id: inviter, days: 3, earned_at: at, granted_at: null }).execute()
  // As the database's own statistics would have it in a club that has run for a while.
  await sql`analyze referral_rewards`.execute(database.db)
})
afterAll(async () => {
  await database.db.destroy()
  await database.dispose()
})

/** How the rewards' table was read within this transaction so far. */
async function readsOfRewards(trx: Kysely<Database>) {
  const { rows } = await sql<{ seq_scan: string; idx_scan: string }>`select seq_scan::text, coalesce(idx_scan, 0)::text as idx_scan from pg_stat_xact_user_tables where relname = 'referral_rewards'`.execute(trx)
  return { sequential: Number(rows[0]?.seq_scan ?? 0), byIndex: Number(rows[0]?.idx_scan ?? 0) }
}

class Rollback extends Error {}

/** Runs `work` in a transaction that is then rolled back, so each test finds the rewards as set up. */
async function rolledBack(work: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  await database.db
    .transaction()
    .execute(async (trx) => {
      await work(trx)
      throw new Rollback()
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error
    })
}

it("a game's claim of the rewards waiting for their credit finds the one pending among thousands granted, and reads none of the others", async () => {
  await rolledBack(async (trx) => {
    const claimed = await createReferralsRepository(trx).claimPending(new Date('2026-12-01T12:00:00Z'))
    expect(claimed).toEqual([{ referred_id: waiting, referrer_id: inviter, days: 3 }])
    expect(await readsOfRewards(trx)).toEqual({ sequential: 0, byIndex: 1 })
  })
})

it("an inviter's page claims only their own pending rewards, by the same index", async () => {
  await rolledBack(async (trx) => {
    const claimed = await createReferralsRepository(trx).claimPending(new Date('2026-12-01T12:00:00Z'), inviter)
    expect(claimed).toEqual([{ referred_id: waiting, referrer_id: inviter, days: 3 }])
    const reads = await readsOfRewards(trx)
    expect(reads.sequential).toBe(0)
    expect(reads.byIndex).toBeGreaterThan(0)
  })
})
