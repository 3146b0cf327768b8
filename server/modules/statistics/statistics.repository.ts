import { sql, type Kysely } from 'kysely'
import type { Database } from '../../../db/schema'
import type { RatingTables } from '../ratings'

/** Escapes LIKE's wildcards (and the escape character itself), so a search is taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/** Only games whose result is final count (a judged game's protocol closed, a judge-less game at once). */
const finalGames = sql`join game_results gr on gr.lobby_id = gp.lobby_id and gr.finalised`

export interface CardRow {
  id: number
  nickname: string
  avatar: string | null
}

export interface RecordRow {
  role: string | null
  seat: number | null
  by_role: boolean
  by_seat: boolean
  games: number
  wins: number
  points: number
  best_games: number
  best_points: number
  removals: number
  fouls: number
}

export interface GameRow {
  lobby_id: number
  ended_at: Date
  seat: number
  role: string
  team: string
  won: boolean
  points: number
}

/**
 * All SQL of the statistics: each block of the page is one statement, aggregated in the database
 * (the record over grouping sets, the rating's history, a page of games, head-to-head).
 */
export function createStatisticsRepository(plain: Kysely<Database>) {
  const db = plain.withTables<RatingTables>()
  return {
    /** The player's card with their shown rating on the overall ladder (null before a rated game); undefined for an unknown id. */
    async card(userId: number): Promise<(CardRow & { rating: number | null }) | undefined> {
      const result = await sql<CardRow & { rating: number | null }>`
        select u.id, u.nickname, u.avatar, re.rating
        from users u left join rating_entries re on re.user_id = u.id and re.ladder_id = 'overall'
        where u.id = ${userId}`.execute(db)
      return result.rows[0]
    },

    /** Cards of several people (those that exist). */
    async cards(userIds: readonly number[]): Promise<CardRow[]> {
      return db.selectFrom('users').select(['id', 'nickname', 'avatar']).where('id', 'in', userIds).execute()
    },

    /**
     * The player's record in one statement: the whole (both flags false), per role and per seat, each
     * with games, wins, points, best moves, removals and fouls (each game's last foul count).
     */
    async record(userId: number): Promise<RecordRow[]> {
      const result = await sql<RecordRow>`
        select gp.role, gp.seat, grouping(gp.role) = 0 as by_role, grouping(gp.seat) = 0 as by_seat,
          count(*)::integer as games,
          count(*) filter (where gp.won)::integer as wins,
          coalesce(sum(gp.points), 0)::float8 as points,
          count(*) filter (where coalesce((gp.breakdown->>'bestMove')::float8, 0) > 0)::integer as best_games,
          coalesce(sum(coalesce((gp.breakdown->>'bestMove')::float8, 0)), 0)::float8 as best_points,
          count(*) filter (where coalesce((gp.breakdown->>'removal')::float8, 0) < 0)::integer as removals,
          coalesce(sum((
            select (e.event->>'fouls')::integer from game_events e
            where e.lobby_id = gp.lobby_id and e.type = 'foul' and (e.event->>'seat')::integer = gp.seat
            order by e.version desc limit 1)), 0)::integer as fouls
        from game_players gp ${finalGames}
        where gp.user_id = ${userId}
        group by grouping sets ((), (gp.role), (gp.seat))`.execute(db)
      return result.rows
    },

    /** The shown rating after each of the player's last `limit` games on the overall ladder, newest first. */
    async ratingHistory(userId: number, limit: number) {
      return db
        .selectFrom('rating_history')
        .select(['lobby_id', 'ended_at', 'rating_after'])
        .where('user_id', '=', userId)
        .where('ladder_id', '=', 'overall')
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute()
    },

    /** One page of the player's finished games, newest first, with how many there are in all (one statement). */
    async games(userId: number, limit: number, offset: number): Promise<{ total: number; rows: GameRow[] }> {
      const result = await sql<GameRow & { total: number }>`
        with mine as (
          select gp.lobby_id, gr.ended_at, gp.seat, gp.role, gp.team, gp.won, gp.points::float8 as points
          from game_players gp ${finalGames}
          where gp.user_id = ${userId})
        select t.total, p.* from (select count(*)::integer as total from mine) t
        left join lateral (select * from mine order by ended_at desc, lobby_id desc limit ${limit} offset ${offset}) p on true`.execute(db)
      const total = result.rows[0]?.total ?? 0
      return { total, rows: result.rows.filter((row) => row.lobby_id !== null) }
    },

    /** Head-to-head of two players over their final games together, in one statement. */
    async versus(userId: number, otherId: number) {
      const result = await sql<{ together: number; together_wins: number; against: number; player_wins: number; other_wins: number }>`
        select count(*) filter (where a.team = b.team)::integer as together,
          count(*) filter (where a.team = b.team and a.won)::integer as together_wins,
          count(*) filter (where a.team <> b.team)::integer as against,
          count(*) filter (where a.team <> b.team and a.won)::integer as player_wins,
          count(*) filter (where a.team <> b.team and b.won)::integer as other_wins
        from game_players a
        join game_players b on b.lobby_id = a.lobby_id and b.user_id = ${otherId}
        join game_results gr on gr.lobby_id = a.lobby_id and gr.finalised
        where a.user_id = ${userId}`.execute(db)
      return result.rows[0] ?? { together: 0, together_wins: 0, against: 0, player_wins: 0, other_wins: 0 }
    },

    /** Players (not server accounts) whose nickname or official nickname contains `search` literally, case aside. */
    async search(search: string, limit: number): Promise<CardRow[]> {
      const pattern = `%${likeLiteral(search)}%`
      const prefix = `${likeLiteral(search)}%`
      const result = await sql<CardRow>`
        select id, nickname, avatar from users
        where role_id <> 4 and (nickname ilike ${pattern} escape '\\' or official_nickname ilike ${pattern} escape '\\')
        order by (nickname ilike ${prefix} escape '\\') desc, lower(nickname), id
        limit ${limit}`.execute(db)
      return result.rows
    },
  }
}

export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>
