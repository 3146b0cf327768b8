import { sql, type Kysely } from 'kysely'
import type { WithClient } from '../../../db/connection'
import { copyIn } from '../../../db/copy'
import type { Database } from '../../../db/schema'
import { historyCopyColumns, historyCopyRows } from './history-copy'
import { displayRating, type Skill } from './rating-model'
import type { LadderEntry, RatedGame } from './ladders'
import { arrayLiteral, textArrayLiteral, type PackedHistory } from './packed'
import { withRatingTables, type RatingsDatabase } from './ratings.tables'

type Queries = Kysely<RatingsDatabase>

/**
 * A history row stored already takes the incoming one's values (the same game and player rated
 * again), unless it holds them already: a recompute that changes nothing rewrites no row (and leaves
 * no dead row for the database to clean up).
 */
const historyUpsert = sql`
  on conflict (user_id, ladder_id, seq) do update set lobby_id = excluded.lobby_id, mu_before = excluded.mu_before, sigma_before = excluded.sigma_before,
    mu_after = excluded.mu_after, sigma_after = excluded.sigma_after, rating_before = excluded.rating_before, rating_after = excluded.rating_after,
    won = excluded.won, ended_at = excluded.ended_at
  where (rating_history.lobby_id, rating_history.mu_before, rating_history.sigma_before, rating_history.mu_after, rating_history.sigma_after,
      rating_history.rating_before, rating_history.rating_after, rating_history.won, rating_history.ended_at)
    is distinct from (excluded.lobby_id, excluded.mu_before, excluded.sigma_before, excluded.mu_after, excluded.sigma_after,
      excluded.rating_before, excluded.rating_after, excluded.won, excluded.ended_at)`

/** One advisory lock serialises every write of the ratings, on every app server. */
const ratingsLock = 7_414_245_001

export interface EntryRow extends LadderEntry {
  ladderId: string
  userId: number
}

/** Escapes LIKE's wildcards (and the escape character itself), so a search is taken literally. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

const entryOf = (row: RatingsDatabase['rating_entries']): LadderEntry => ({
  mu: row.mu,
  sigma: row.sigma,
  games: row.games,
  wins: row.wins,
  recent: row.recent.map(Number),
  lastGameAt: row.last_game_at.getTime(),
})

/** All SQL of the ratings: the finished games they read, the standings, sides and history they write. */
export function createRatingsRepository(database: Kysely<Database>, options: { withClient?: WithClient | null } = {}) {
  const db = withRatingTables(database)
  const withClient = options.withClient ?? null
  const copiedUpsert = sql`insert into rating_history (${sql.raw(historyCopyColumns)}) select ${sql.raw(historyCopyColumns)} from rating_history_incoming ${historyUpsert}`.compile(db).sql

  const repository = {
    db,

    /** Runs `work` in a transaction holding the ratings' lock: no other update or recompute writes meanwhile. */
    locked<T>(work: (trx: Queries) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${ratingsLock})`.execute(trx)
        return work(trx)
      })
    },

    /** Final results not rated yet, oldest end first. */
    async pendingIds(queries: Queries, limit: number): Promise<number[]> {
      const rows = await sql<{ lobby_id: number }>`
        select gr.lobby_id from game_results gr
        where gr.finalised and not exists (select 1 from rating_games rg where rg.lobby_id = gr.lobby_id)
        order by gr.ended_at, gr.lobby_id
        limit ${limit}`.execute(queries)
      return rows.rows.map((row) => row.lobby_id)
    },

    async maxSeq(queries: Queries): Promise<number> {
      const row = await sql<{ seq: string | null }>`select max(seq)::text as seq from rating_games`.execute(queries)
      return Number(row.rows[0]?.seq ?? 0)
    },

    /** Rated games after `afterSeq` (up to `upTo`, at most `limit` of them), in the order they were rated. */
    async ratedAfter(queries: Queries, afterSeq: number, upTo = Number.MAX_SAFE_INTEGER, limit: number | null = null): Promise<{ id: number; seq: number }[]> {
      const rows = await sql<{ lobby_id: number; seq: string }>`
        select lobby_id, seq::text as seq from rating_games where rating_games.seq > ${afterSeq} and rating_games.seq <= ${upTo}
        order by rating_games.seq limit ${limit}`.execute(queries)
      return rows.rows.map((row) => ({ id: row.lobby_id, seq: Number(row.seq) }))
    },

    /** How many games are rated, and the last one's place in the order (0 for none). */
    async ratedCount(queries: Queries): Promise<{ count: number; lastSeq: number }> {
      const row = await sql<{ count: number; last: string | null }>`select count(*)::integer as count, max(seq)::text as last from rating_games`.execute(queries)
      return { count: row.rows[0]?.count ?? 0, lastSeq: Number(row.rows[0]?.last ?? 0) }
    },

    async markRated(queries: Queries, rated: readonly { id: number; seq: number }[]): Promise<void> {
      if (rated.length === 0) return
      await sql`insert into rating_games (lobby_id, seq) select * from unnest(${rated.map((game) => game.id)}::integer[], ${rated.map((game) => game.seq)}::bigint[])`.execute(queries)
    },

    /** The games with these ids, in the order given (a game whose result is gone is left out). */
    async games(queries: Queries, ids: readonly number[]): Promise<RatedGame[]> {
      if (ids.length === 0) return []
      const results = await sql<{ lobby_id: number; ended_at: Date; counts_for_ratings: boolean; judged: boolean; tournament_id: number | null }>`
        select gr.lobby_id, gr.ended_at, gr.counts_for_ratings,
          coalesce((l.settings->>'judge')::boolean, gr.judge_id is not null) as judged,
          tt.tournament_id
        from game_results gr join lobbies l on l.id = gr.lobby_id
        left join tournament_tables tt on tt.lobby_id = gr.lobby_id
        where gr.lobby_id = any(${ids}::integer[])`.execute(queries)
      const players = await sql<{ lobby_id: number; user_id: number | null; team: string; role: string; won: boolean }>`
        select lobby_id, user_id, team, role, won from game_players where lobby_id = any(${ids}::integer[]) order by lobby_id, seat`.execute(queries)
      const seats = new Map<number, RatedGame['players'][number][]>()
      for (const row of players.rows) {
        let list = seats.get(row.lobby_id)
        if (!list) seats.set(row.lobby_id, (list = []))
        list.push({ userId: row.user_id, team: row.team, role: row.role, won: row.won })
      }
      const byId = new Map(results.rows.map((row) => [row.lobby_id, row]))
      const games: RatedGame[] = []
      for (const id of ids) {
        const row = byId.get(id)
        if (!row) continue
        // A game of a tournament's round also counts on that tournament's ladder.
        games.push({ id, endedAt: row.ended_at.getTime(), judged: row.judged, countsForRatings: row.counts_for_ratings, tournamentId: row.tournament_id, players: seats.get(id) ?? [] })
      }
      return games
    },

    /** The standings of these users on these ladders. */
    async entries(queries: Queries, ladderIds: readonly string[], userIds: readonly number[]): Promise<EntryRow[]> {
      if (ladderIds.length === 0 || userIds.length === 0) return []
      const rows = await queries
        .selectFrom('rating_entries')
        .selectAll()
        .where('ladder_id', 'in', [...ladderIds])
        .where('user_id', 'in', [...userIds])
        .execute()
      return rows.map((row) => ({ ladderId: row.ladder_id, userId: row.user_id, ...entryOf(row) }))
    },

    async sides(queries: Queries, ladderIds: readonly string[]): Promise<Map<string, Skill>> {
      if (ladderIds.length === 0) return new Map()
      const rows = await queries.selectFrom('rating_sides').selectAll().where('ladder_id', 'in', [...ladderIds]).execute()
      return new Map(rows.map((row) => [row.ladder_id, { mu: row.mu, sigma: row.sigma }]))
    },

    /** Writes standings in place of the old ones, in one statement per call. */
    async writeEntries(queries: Queries, rows: readonly EntryRow[]): Promise<void> {
      if (rows.length === 0) return
      await sql`
        insert into rating_entries (ladder_id, user_id, mu, sigma, rating, games, wins, recent, last_game_at)
        select ladder_id, user_id, mu, sigma, rating, games, wins, recent::double precision[], last_game_at
        from unnest(${rows.map((row) => row.ladderId)}::text[], ${rows.map((row) => row.userId)}::integer[], ${rows.map((row) => row.mu)}::double precision[],
          ${rows.map((row) => row.sigma)}::double precision[], ${rows.map((row) => displayRating(row))}::double precision[], ${rows.map((row) => row.games)}::integer[],
          ${rows.map((row) => row.wins)}::integer[], ${rows.map((row) => `{${row.recent.join(',')}}`)}::text[], ${rows.map((row) => new Date(row.lastGameAt).toISOString())}::timestamptz[])
          as incoming (ladder_id, user_id, mu, sigma, rating, games, wins, recent, last_game_at)
        on conflict (ladder_id, user_id) do update set mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating, games = excluded.games,
          wins = excluded.wins, recent = excluded.recent, last_game_at = excluded.last_game_at`.execute(queries)
    },

    async writeSides(queries: Queries, sides: ReadonlyMap<string, Skill>): Promise<void> {
      if (sides.size === 0) return
      const ids = [...sides.keys()]
      await sql`
        insert into rating_sides (ladder_id, mu, sigma)
        select * from unnest(${ids}::text[], ${ids.map((id) => (sides.get(id) as Skill).mu)}::double precision[], ${ids.map((id) => (sides.get(id) as Skill).sigma)}::double precision[])
        on conflict (ladder_id) do update set mu = excluded.mu, sigma = excluded.sigma`.execute(queries)
    },

    /**
     * Writes history rows `from` to `to` (in place of those of the same game and player, if it was
     * rated before), in one statement whose columns go as array literals. A row already stored as it
     * is now is left alone: a recompute that changes nothing rewrites no row (and leaves no dead row
     * for the database to clean up).
     */
    async writeHistory(queries: Queries, rows: PackedHistory, from = 0, to = rows.length): Promise<void> {
      if (to <= from) return
      const ladders = textArrayLiteral(Array.from(rows.ladderIndexes.subarray(from, to), (index) => rows.ladders[index] as string))
      const endedAt = textArrayLiteral(Array.from(rows.endedAt.subarray(from, to), (at) => new Date(at).toISOString()))
      const column = (values: Parameters<typeof arrayLiteral>[0]) => arrayLiteral(values, from, to)
      await sql`
        insert into rating_history (user_id, ladder_id, lobby_id, seq, mu_before, sigma_before, mu_after, sigma_after, rating_before, rating_after, won, ended_at)
        select * from unnest(${column(rows.userIds)}::integer[], ${ladders}::text[], ${column(rows.gameIds)}::integer[], ${column(rows.seqs)}::bigint[],
          ${column(rows.muBefore)}::double precision[], ${column(rows.sigmaBefore)}::double precision[], ${column(rows.muAfter)}::double precision[],
          ${column(rows.sigmaAfter)}::double precision[], ${column(rows.ratingBefore)}::double precision[], ${column(rows.ratingAfter)}::double precision[],
          ${column(rows.won)}::boolean[], ${endedAt}::timestamptz[])
        ${historyUpsert}`.execute(queries)
    },

    /** Whether `copyHistory` can write (PostgreSQL: a COPY; PGlite's socket closes the connection on one). */
    canCopyHistory: withClient !== null,

    /**
     * Writes history rows `from` to `to` as `writeHistory` does, in a transaction of its own on a
     * connection of its own: the rows go by a binary COPY into a temporary table, and from there into
     * the history in one statement. A COPY takes the rows as bytes, where the array literals are
     * printed here and parsed by the server; the statement that stores them is the same.
     */
    async copyHistory(rows: PackedHistory, from = 0, to = rows.length): Promise<void> {
      if (to <= from) return
      if (!withClient) throw new Error('copyHistory needs a PostgreSQL server')
      const bytes = historyCopyRows(rows, from, to)
      await withClient(async (client) => {
        await client.query('begin')
        try {
          await client.query('create temporary table if not exists rating_history_incoming (like rating_history) on commit delete rows')
          await copyIn(client, `copy rating_history_incoming (${historyCopyColumns}) from stdin (format binary)`, [bytes])
          await client.query(copiedUpsert)
          await client.query('commit')
        } catch (error) {
          await client.query('rollback').catch(() => {})
          throw error
        }
      })
    },

    /** Empties the standings and sides (a recompute writes them afresh in the same transaction). */
    async clearStandings(queries: Queries): Promise<void> {
      await queries.deleteFrom('rating_entries').execute()
      await queries.deleteFrom('rating_sides').execute()
    },

    /** The ladders that have standings, with how many players have at least `minGames` games there. */
    async ladderSizes(minGames: number): Promise<Map<string, number>> {
      const rows = await sql<{ ladder_id: string; players: number }>`
        select ladder_id, count(*)::integer as players from rating_entries where games >= ${minGames} group by ladder_id`.execute(db)
      return new Map(rows.rows.map((row) => [row.ladder_id, row.players]))
    },

    async ladderHasEntries(ladderId: string): Promise<boolean> {
      return (await db.selectFrom('rating_entries').select('user_id').where('ladder_id', '=', ladderId).limit(1).executeTakeFirst()) !== undefined
    },

    /**
     * One page of a ladder: rank among players with at least `minGames` games (the whole ladder's,
     * also when searching), nickname or official nickname containing `search` literally.
     */
    async page(options: { ladderId: string; minGames: number; search: string | null; limit: number; offset: number; userId: number }) {
      const { ladderId, minGames, search, limit, offset, userId } = options
      const pattern = search === null ? null : `%${likeLiteral(search)}%`
      const matches = pattern === null ? sql`true` : sql`(u.nickname ilike ${pattern} escape '\\' or u.official_nickname ilike ${pattern} escape '\\')`
      const rows = await sql<RankedRow & { total: number }>`
        with ranked as (
          select e.user_id, e.mu, e.sigma, e.rating, e.games, e.wins, e.recent,
            row_number() over (order by e.rating desc, e.user_id) as rank
          from rating_entries e where e.ladder_id = ${ladderId} and e.games >= ${minGames}
        )
        select r.*, u.nickname, u.avatar, count(*) over ()::integer as total
        from ranked r join users u on u.id = r.user_id
        where ${matches}
        order by r.rank
        limit ${limit} offset ${offset}`.execute(db)
      let total = rows.rows[0]?.total
      if (total === undefined) {
        const counted = await sql<{ total: number }>`
          select count(*)::integer as total from rating_entries e join users u on u.id = e.user_id
          where e.ladder_id = ${ladderId} and e.games >= ${minGames} and ${matches}`.execute(db)
        total = counted.rows[0]?.total ?? 0
      }
      const me = await sql<RankedRow>`
        select mine.*, u.nickname, u.avatar from (
          select e.user_id, e.mu, e.sigma, e.rating, e.games, e.wins, e.recent,
            (select count(*) + 1 from rating_entries o where o.ladder_id = e.ladder_id and o.games >= ${minGames}
              and (o.rating > e.rating or (o.rating = e.rating and o.user_id < e.user_id))) as rank
          from rating_entries e where e.ladder_id = ${ladderId} and e.user_id = ${userId} and e.games >= ${minGames}
        ) mine join users u on u.id = mine.user_id`.execute(db)
      return { rows: rows.rows, total, me: me.rows[0] ?? null }
    },

    /** Claims the one running recompute; false while another's heartbeat is fresher than `staleMs`. */
    async claimRecompute(at: Date, staleMs: number, total: number): Promise<boolean> {
      const claimed = await sql`
        insert into rating_recomputes (id, started_at, heartbeat_at, done, total) values (true, ${at}, ${at}, 0, ${total})
        on conflict (id) do update set started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at, done = 0, total = excluded.total
        where rating_recomputes.heartbeat_at < ${new Date(at.getTime() - staleMs)}
        returning id`.execute(db)
      return claimed.rows.length === 1
    },

    async recomputeHeartbeat(at: Date, done: number, total: number): Promise<void> {
      await db.updateTable('rating_recomputes').set({ heartbeat_at: at, done, total }).execute()
    },

    async recomputeState(): Promise<{ heartbeat_at: Date; done: number; total: number } | undefined> {
      return db.selectFrom('rating_recomputes').select(['heartbeat_at', 'done', 'total']).executeTakeFirst()
    },

    async releaseRecompute(): Promise<void> {
      await db.deleteFrom('rating_recomputes').execute()
    },
  }
  return repository
}

export interface RankedRow {
  user_id: number
  mu: number
  sigma: number
  rating: number
  games: number
  wins: number
  recent: number[]
  rank: string | number
  nickname: string
  avatar: string | null
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>
