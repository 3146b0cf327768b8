import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// Tournaments: organisations and their members, the tournaments (one model for the public schedule
// and the admin panel), registrations, rounds and the tables each round seated.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // Members of an organisation organise its tournaments.
  await db.schema
    .createTable('organization_members')
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('organization_members_pk', ['organization_id', 'user_id'])
    .execute()
  await db.schema.createIndex('organization_members_user').on('organization_members').column('user_id').execute()

  await db.schema
    .createTable('tournaments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // Days in the tournament's timezone; the first round starts at time_start on date_start.
    .addColumn('date_start', 'date', (c) => c.notNull())
    .addColumn('date_end', 'date', (c) => c.notNull())
    .addColumn('time_start', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('registration_end_date', 'timestamptz', (c) => c.notNull())
    // 0 sport mafia, 1 the Dota 2 discipline.
    .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('language', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('deck_id', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('set null'))
    // Empty: the in-app registration link.
    .addColumn('registration_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('price', sql`numeric(12, 2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    // Paths under /uploads/tournaments, the first is the poster.
    .addColumn('image', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('judges', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('viewers', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('is_archive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    // The lobby settings every table of the tournament is created with.
    .addColumn('lobby_settings', 'jsonb', (c) => c.notNull())
    .addColumn('creator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('tournaments_dates', sql`date_end >= date_start`)
    .execute()
  await db.schema.createIndex('tournaments_schedule').on('tournaments').columns(['is_archive', 'type', 'date_start']).execute()

  await db.schema
    .createTable('tournament_players')
    .addColumn('tournament_id', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('tournament_players_pk', ['tournament_id', 'user_id'])
    .execute()
  await db.schema.createIndex('tournament_players_user').on('tournament_players').column('user_id').execute()

  // A round the organiser started; the primary key makes a second start of the same round fail.
  await db.schema
    .createTable('tournament_rounds')
    .addColumn('tournament_id', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    // Players who sat this round out (more registered than the tables seat).
    .addColumn('resting', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('tournament_rounds_pk', ['tournament_id', 'number'])
    .execute()

  // The tables a round seated: the games the standings and the tournament's ladder count.
  await db.schema
    .createTable('tournament_tables')
    .addColumn('lobby_id', 'integer', (c) => c.primaryKey().references('lobbies.id').onDelete('cascade'))
    .addColumn('tournament_id', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('table_number', 'integer', (c) => c.notNull())
    // The seating as the round made it: players in seat order (seat 1 first) and the table's judge.
    .addColumn('players', sql`integer[]`, (c) => c.notNull())
    .addColumn('judge_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addForeignKeyConstraint('tournament_tables_round', ['tournament_id', 'round'], 'tournament_rounds', ['tournament_id', 'number'], (c) => c.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('tournament_tables_tournament').on('tournament_tables').columns(['tournament_id', 'round']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tournament_tables').execute()
  await db.schema.dropTable('tournament_rounds').execute()
  await db.schema.dropTable('tournament_players').execute()
  await db.schema.dropTable('tournaments').execute()
  await db.schema.dropTable('organization_members').execute()
  await db.schema.dropTable('organizations').execute()
}
