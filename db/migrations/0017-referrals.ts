import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// Referrals: the people who joined through a user's link are found by users.reference_token (indexed
// since 0002); what their first games earned the inviter is one row per invited player (earned once),
// credited to the premium ledger when `granted_at` is set.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('referral_rewards')
    .addColumn('referred_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('referrer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('earned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('granted_at', 'timestamptz')
    .addCheckConstraint('referral_rewards_not_self', sql`referrer_id <> referred_id`)
    .addCheckConstraint('referral_rewards_days', sql`days > 0`)
    .execute()
  await db.schema.createIndex('referral_rewards_referrer').on('referral_rewards').columns(['referrer_id', 'earned_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('referral_rewards').execute()
}
