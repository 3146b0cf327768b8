import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// The streamer's share key: one per user, kept only as its SHA-256, so a leaked table opens no
// streamer's page. Regenerating replaces the row; revoking deletes it; deleting the user cascades.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('share_keys')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share_keys').execute()
}
