import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// A game's events without the foreign key to their lobby. Each inserted row made the database look
// the lobby up and lock its row (FOR KEY SHARE, itself a write to the lobby's page and its log): a
// quarter of the CPU of every move's insert, the busiest statement of all. Nothing is lost by it:
// only the game host writes events, for a table whose lobby it has just read, and lobbies are never
// deleted (a closed table keeps its record). The primary key (lobby, version) stays, and still
// refuses a second writer of the same version.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table game_events drop constraint game_events_lobby_id_fkey`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table game_events add constraint game_events_lobby_id_fkey foreign key (lobby_id) references lobbies (id) on delete cascade`.execute(db)
}
