import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // The name a player is known by in official play (tournaments); set by admins, searched beside the nickname.
  await db.schema.alterTable('users').addColumn('official_nickname', 'text').execute()
  // Prefix search on nicknames: `lower(nickname) like 'abc%'` uses these.
  await sql`create index users_nickname_prefix on users (lower(nickname) text_pattern_ops)`.execute(db)
  await sql`create index users_official_nickname_prefix on users (lower(official_nickname) text_pattern_ops) where official_nickname is not null`.execute(db)

  await db.schema
    .createTable('friend_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('from_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('friend_requests_not_self', sql`from_user_id <> to_user_id`)
    .execute()
  // At most one pending request per pair, whichever way it points: a request back is an acceptance.
  await sql`create unique index friend_requests_pair on friend_requests (least(from_user_id, to_user_id), greatest(from_user_id, to_user_id))`.execute(db)
  await db.schema.createIndex('friend_requests_to').on('friend_requests').column('to_user_id').execute()

  // One row per direction, so "friends of X" is a single index range.
  await db.schema
    .createTable('friendships')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('friendships_pk', ['user_id', 'friend_id'])
    .addCheckConstraint('friendships_not_self', sql`user_id <> friend_id`)
    .execute()
  await db.schema.createIndex('friendships_friend').on('friendships').column('friend_id').execute()

  await db.schema
    .createTable('chats')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // OneToOne=0, General=1, Game=2, Party=3
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (0, 1, 2, 3)`))
    .addColumn('name', 'text')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('lobby_id', 'integer')
    .addColumn('language', 'text')
    // "<low user id>:<high user id>" for one-to-one chats, so a pair has one chat.
    .addColumn('pair_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .execute()
  await sql`create unique index chats_game_lobby on chats (lobby_id) where type = 2`.execute(db)
  await sql`create unique index chats_general_language on chats (language) where type = 1`.execute(db)

  await db.schema
    .createTable('chat_members')
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The newest message id this member has read; unread = later messages by others.
    .addColumn('last_read_message_id', 'integer', (c) => c.notNull().defaultTo(0))
    // A one-to-one chat the member closed; a new message opens it again.
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('chat_members_pk', ['chat_id', 'user_id'])
    .execute()
  await db.schema.createIndex('chat_members_user').on('chat_members').column('user_id').execute()

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('chat_messages_chat_id').on('chat_messages').columns(['chat_id', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['chat_messages', 'chat_members', 'chats', 'friendships', 'friend_requests']) {
    await db.schema.dropTable(table).execute()
  }
  await sql`drop index if exists users_official_nickname_prefix`.execute(db)
  await sql`drop index if exists users_nickname_prefix`.execute(db)
  await db.schema.alterTable('users').dropColumn('official_nickname').execute()
}
