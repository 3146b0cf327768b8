import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// Which media node holds each table's media room. Every app server reads and writes the same rows,
// so a table placed on a node by one app server is found there by the others. A table on an app
// server's built-in media server has no row (that server is inside one process only).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_placements')
    .addColumn('lobby_id', 'integer', (c) => c.primaryKey().references('lobbies.id').onDelete('cascade'))
    // The node's MEDIA_NODE_ID, and the signalling URL it registered (what a ticket names).
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(512)', (c) => c.notNull())
    .addColumn('placed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // A node that leaves or is disabled gives up all its tables at once.
  await db.schema.createIndex('media_placements_node').on('media_placements').column('node_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_placements').execute()
}
