import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// Sessions end on their own (an absolute lifetime and an idle timeout, both checked against
// created_at and last_seen_at) and are listed to their owner as devices, with the address they were
// last used from. The partial index serves the owner's list of live sessions.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('address', 'text').execute()
  await db.schema.createIndex('sessions_user_live').on('sessions').columns(['user_id', 'last_seen_at']).where(sql.ref('revoked_at'), 'is', null).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_user_live').execute()
  await db.schema.alterTable('sessions').dropColumn('address').execute()
}
