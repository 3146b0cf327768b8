import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// The ladder queue, shared by every app server: one row per waiting user, first come first seated.
// The position is a sequence, not the clock, so two entries in one millisecond keep their order and a
// player put back after a failed seating gets their old place again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ladder_queue')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('position', 'serial', (c) => c.notNull().unique())
    // The interface language the user searched in; a table takes its last arrival's.
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('entered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ladder_queue').execute()
}
