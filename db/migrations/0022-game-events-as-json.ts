import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// A game's events are stored as the JSON text the server wrote (`json`), no longer taken apart into
// PostgreSQL's binary form (`jsonb`). Every accepted move inserts its events, and taking each one
// apart was about a third of that insert's work in the embedded database, on the one connection
// every table's moves wait for; a table loaded again reads them back as text too, without putting
// them together again. The few reports that look inside an event (a player's fouls, the first
// night's shot) read a field or two with `->` and `->>`, which work on both.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table game_events alter column event type json using event::json`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table game_events alter column event type jsonb using event::jsonb`.execute(db)
}
