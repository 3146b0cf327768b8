import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// The admin panel's audit trail: who changed what, when, and the state before and after.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // The admin or moderator who acted; kept as null when that account is deleted later.
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // What was done, as a dotted name: 'user.update', 'ban.create', 'lobby.disband', ...
    .addColumn('action', 'text', (c) => c.notNull())
    // What it was done to: a kind ('user', 'lobby', 'setting', ...) and its id (text: setting names are ids too).
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('admin_audit_action_length', sql`char_length(action) between 1 and 100`)
    .execute()
  await db.schema.createIndex('admin_audit_created').on('admin_audit').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('admin_audit_actor').on('admin_audit').columns(['actor_id', 'created_at']).execute()
  await db.schema.createIndex('admin_audit_target').on('admin_audit').columns(['target_type', 'target_id', 'created_at']).execute()
  await db.schema.createIndex('admin_audit_action').on('admin_audit').columns(['action', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_audit').execute()
}
