import type { ColumnType, Generated, Kysely } from 'kysely'
import type { Database } from '../../../db/schema'


/** The tournaments' tables (migration 0016), as Kysely sees them; other modules read them through this module. */
// A type, not an interface: Kysely's withTables wants an index-compatible record.
export type TournamentTables = {
  organizations: { id: Generated<number>; name: string; created_at: Generated<Date> }
  organization_members: { organization_id: number; user_id: number }
  tournaments: {
    id: Generated<number>
    name: string
    /** `date` columns, read as `YYYY-MM-DD` text (selected with a cast). */
    date_start: ColumnType<string, string, string>
    date_end: ColumnType<string, string, string>
    time_start: string
    timezone: string
    registration_end_date: ColumnType<Date, Date | string, Date | string>
    type: number
    language: string[]
    deck_id: number
    organization_id: number | null
    registration_link: string
    count: number
    /** numeric(12, 2): read as text. */
    price: ColumnType<string, number | string, number | string>
    currency: string
    image: string[]
    judges: number[]
    viewers: number[]
    is_archive: boolean
    is_active: boolean
    lobby_settings: ColumnType<unknown, string, string>
    creator_id: number | null
    created_at: Generated<Date>
    updated_at: Generated<Date>
  }
  tournament_players: { tournament_id: number; user_id: number; registered_at: Generated<Date> }
  tournament_rounds: { tournament_id: number; number: number; resting: number[]; started_at: Generated<Date> }
  tournament_tables: { lobby_id: number; tournament_id: number; round: number; table_number: number; players: number[]; judge_id: number | null }
}

export type TournamentsDatabase = Database & TournamentTables

export const withTournamentTables = (db: Kysely<Database>): Kysely<TournamentsDatabase> => db.withTables<TournamentTables>()
