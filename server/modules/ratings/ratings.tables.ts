import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema'

/** The ratings' tables (migration 0012), as Kysely sees them; other modules read them through this module. */
// A type, not an interface: Kysely's withTables wants an index-compatible record.
export type RatingTables = {
  rating_games: { lobby_id: number; seq: string | number; rated_at: Date }
  rating_entries: {
    ladder_id: string
    user_id: number
    mu: number
    sigma: number
    rating: number
    games: number
    wins: number
    recent: number[]
    last_game_at: Date
  }
  rating_sides: { ladder_id: string; mu: number; sigma: number }
  rating_history: {
    user_id: number
    ladder_id: string
    lobby_id: number
    seq: string | number
    mu_before: number
    sigma_before: number
    mu_after: number
    sigma_after: number
    rating_before: number
    rating_after: number
    won: boolean
    ended_at: Date
  }
  rating_recomputes: { id: boolean; started_at: Date; heartbeat_at: Date; done: number; total: number }
}

export type RatingsDatabase = Database & RatingTables

export const withRatingTables = (db: Kysely<Database>): Kysely<RatingsDatabase> => db.withTables<RatingTables>()
