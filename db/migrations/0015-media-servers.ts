import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// Media servers the admins added: a node (by its MEDIA_NODE_ID) with a name and address, enabled or
// not. Every app server reads the same rows, so all agree on which nodes take new tables.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_servers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(512)', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_servers').execute()
}
