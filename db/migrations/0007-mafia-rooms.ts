import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// The mafia's room of a game chat: the black players and the judge agree in it during the zero
// night only. Its messages stay apart from the game chat's, so no history page of that chat can
// ever show them; the game's record reveals them once the game is over.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mafia_rooms')
    .addColumn('lobby_id', 'integer', (c) => c.primaryKey().references('lobbies.id').onDelete('cascade'))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    // Set when the zero night ends: from then on nobody writes in it.
    .addColumn('closed_at', 'timestamptz')
    .execute()

  // Who may read and write it, fixed when it opens: the black seats and the judge (seat null).
  await db.schema
    .createTable('mafia_room_members')
    .addColumn('lobby_id', 'integer', (c) => c.notNull().references('mafia_rooms.lobby_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seat', 'smallint')
    .addPrimaryKeyConstraint('mafia_room_members_pk', ['lobby_id', 'user_id'])
    .execute()
  // A connecting socket joins the rooms still open of its user.
  await db.schema.createIndex('mafia_room_members_user').on('mafia_room_members').column('user_id').execute()

  await db.schema
    .createTable('mafia_room_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lobby_id', 'integer', (c) => c.notNull().references('mafia_rooms.lobby_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seat', 'smallint')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('mafia_room_messages_room').on('mafia_room_messages').columns(['lobby_id', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['mafia_room_messages', 'mafia_room_members', 'mafia_rooms']) {
    await db.schema.dropTable(table).execute()
  }
}
