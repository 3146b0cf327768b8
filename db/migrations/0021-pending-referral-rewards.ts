import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// The referral rewards still waiting for their credit. Every finished game claims them, and an
// inviter's page claims theirs: without an index each claim read every reward ever earned, and a club
// keeps them all. Partial, so it holds only the pending ones, a handful at any time.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index referral_rewards_pending on referral_rewards (referrer_id) where granted_at is null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index referral_rewards_pending`.execute(db)
}
