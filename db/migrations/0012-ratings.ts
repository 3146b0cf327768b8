import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// Ratings: each ladder's standings, the red side's learned advantage per ladder, the games applied
// (in the order they were applied) and each player's change per game.
export async function up(db: Kysely<any>): Promise<void> {
  // The games already rated, so none is rated twice (a repeated notice, a restart); `seq` is the
  // order they were applied in, which a recompute follows to give the same ratings.
  await db.schema
    .createTable('rating_games')
    .addColumn('lobby_id', 'integer', (c) => c.primaryKey().references('lobbies.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull().unique())
    .addColumn('rated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // A player's standing on a ladder (overall, red, black, sheriff, don, season-YYYY-MM, tournament-N).
  await db.schema
    .createTable('rating_entries')
    .addColumn('ladder_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mu', 'double precision', (c) => c.notNull())
    .addColumn('sigma', 'double precision', (c) => c.notNull())
    // The shown rating (the scaled ordinal μ − 3σ), kept beside μ and σ to order the ladder by it.
    .addColumn('rating', 'double precision', (c) => c.notNull())
    .addColumn('games', 'integer', (c) => c.notNull())
    .addColumn('wins', 'integer', (c) => c.notNull())
    // The shown rating before each of the player's last ten games on this ladder: the trend's base.
    .addColumn('recent', sql`double precision[]`, (c) => c.notNull())
    .addColumn('last_game_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('rating_entries_pk', ['ladder_id', 'user_id'])
    .execute()
  await db.schema.createIndex('rating_entries_order').on('rating_entries').columns(['ladder_id', 'rating desc', 'user_id']).execute()
  await db.schema.createIndex('rating_entries_user').on('rating_entries').column('user_id').execute()

  // The red side's pseudo-player, learned per ladder.
  await db.schema
    .createTable('rating_sides')
    .addColumn('ladder_id', 'text', (c) => c.primaryKey())
    .addColumn('mu', 'double precision', (c) => c.notNull())
    .addColumn('sigma', 'double precision', (c) => c.notNull())
    .execute()

  // Each player's change in each rated game (the overall ladder): the statistics' chart and trends.
  await db.schema
    .createTable('rating_history')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ladder_id', 'text', (c) => c.notNull())
    .addColumn('lobby_id', 'integer', (c) => c.notNull().references('lobbies.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('mu_before', 'double precision', (c) => c.notNull())
    .addColumn('sigma_before', 'double precision', (c) => c.notNull())
    .addColumn('mu_after', 'double precision', (c) => c.notNull())
    .addColumn('sigma_after', 'double precision', (c) => c.notNull())
    .addColumn('rating_before', 'double precision', (c) => c.notNull())
    .addColumn('rating_after', 'double precision', (c) => c.notNull())
    .addColumn('won', 'boolean', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('rating_history_pk', ['user_id', 'ladder_id', 'seq'])
    .execute()
  // A deleted game takes its rows along.
  await db.schema.createIndex('rating_history_lobby').on('rating_history').column('lobby_id').execute()

  // The recompute under way, if any (one row at most), seen by every app server: a second one is
  // refused while this row's heartbeat is fresh; a server that died mid-way leaves a stale one.
  await db.schema
    .createTable('rating_recomputes')
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rating_recomputes').execute()
  await db.schema.dropTable('rating_history').execute()
  await db.schema.dropTable('rating_sides').execute()
  await db.schema.dropTable('rating_entries').execute()
  await db.schema.dropTable('rating_games').execute()
}
