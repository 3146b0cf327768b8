import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// Indexes for the account queries that run often or on a timer.
export async function up(db: Kysely<any>): Promise<void> {
  // A new reset or confirmation link retires the user's older ones; deleting a user cascades here.
  await db.schema.createIndex('mail_tokens_user_kind').on('mail_tokens').columns(['user_id', 'kind']).execute()
  // The hourly purge looks only at accounts with a deletion scheduled, a small part of the table.
  await sql`create index users_delete_at on users (delete_at) where delete_at is not null`.execute(db)
  // The referral programme lists the users who signed up with someone's referral token.
  await sql`create index users_reference_token on users (reference_token) where reference_token is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_reference_token').execute()
  await db.schema.dropIndex('users_delete_at').execute()
  await db.schema.dropIndex('mail_tokens_user_kind').execute()
}
