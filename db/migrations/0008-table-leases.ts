import type { Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// Which app server runs each table's queue and timers: a lease row its owner renews while it lives.
// Another server takes a table over only once its lease has expired.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('table_leases')
    .addColumn('lobby_id', 'integer', (c) => c.primaryKey().references('lobbies.id').onDelete('cascade'))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('table_leases_owner').on('table_leases').column('owner').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('table_leases').execute()
}
