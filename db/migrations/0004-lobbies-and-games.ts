import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lobbies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('deck_id', 'smallint', (c) => c.notNull())
    // The lobby settings of the spec (split3In9, voteIn0, judge, newbie, fourthFoul, openUp, votingType).
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    // custom: created by a user; ladder: seated by the matchmaking queue.
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('custom', 'ladder')`))
    // open: seats are taken; running: the game is on; ended: the game is over; disbanded: closed by an admin.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'running', 'ended', 'disbanded')`))
    .addColumn('creator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .execute()
  await sql`create index lobbies_live on lobbies (status) where status in ('open', 'running')`.execute(db)

  // Who is at a table: players (with their seat), the judge and spectators. A user is at one table at a time.
  await db.schema
    .createTable('lobby_members')
    .addColumn('lobby_id', 'integer', (c) => c.notNull().references('lobbies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('player', 'judge', 'spectator')`))
    .addColumn('seat', 'smallint')
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lobby_members_pk', ['lobby_id', 'user_id'])
    .addCheckConstraint('lobby_members_seat', sql`(role = 'player') = (seat is not null)`)
    .execute()
  await db.schema.createIndex('lobby_members_user').on('lobby_members').column('user_id').unique().execute()
  await sql`create unique index lobby_members_seat_taken on lobby_members (lobby_id, seat) where seat is not null`.execute(db)
  await sql`create unique index lobby_members_one_judge on lobby_members (lobby_id) where role = 'judge'`.execute(db)

  // The game's record: every event, in version order, as the engine produced it.
  await db.schema
    .createTable('game_events')
    .addColumn('lobby_id', 'integer', (c) => c.notNull().references('lobbies.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('event', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('game_events_pk', ['lobby_id', 'version'])
    .execute()

  // A finished game's result (for statistics and ratings).
  await db.schema
    .createTable('game_results')
    .addColumn('lobby_id', 'integer', (c) => c.primaryKey().references('lobbies.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('losing_team', 'text')
    .addColumn('judge_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('counts_for_ratings', 'boolean', (c) => c.notNull())
    .addColumn('finalised', 'boolean', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // Each player's role and points in a finished game.
  await db.schema
    .createTable('game_players')
    .addColumn('lobby_id', 'integer', (c) => c.notNull().references('game_results.lobby_id').onDelete('cascade'))
    .addColumn('seat', 'smallint', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('team', 'text', (c) => c.notNull())
    .addColumn('won', 'boolean', (c) => c.notNull())
    .addColumn('points', 'double precision', (c) => c.notNull())
    .addColumn('breakdown', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_players_pk', ['lobby_id', 'seat'])
    .execute()
  await db.schema.createIndex('game_players_user').on('game_players').columns(['user_id', 'lobby_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('game_players').execute()
  await db.schema.dropTable('game_results').execute()
  await db.schema.dropTable('game_events').execute()
  await db.schema.dropTable('lobby_members').execute()
  await db.schema.dropTable('lobbies').execute()
}
