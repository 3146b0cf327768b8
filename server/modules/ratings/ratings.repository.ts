import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { WithClient } from '../../../db/connection'
import { copyIn, copyOut } from '../../../db/copy'
import type { Database } from '../../../db/schema'
import { ratedGamesFromCopy } from './games-copy'
import { historyCopyColumns, historyCopyRows } from './history-copy'
import { standingsCopyColumns } from './standings-copy'
import { displayRating, type Skill } from './rating-model'
import type { LadderEntry, RatedGame } from './ladders'
import { arrayLiteral, packGames, textArrayLiteral, type PackedGames, type PackedHistory } from './packed'
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

/**
 * A table a recompute writes afresh beside the one in use (PostgreSQL): `<name>_rebuild`, with the
 * same columns and no key, index or foreign key while its rows go in by COPY (keeping them up to date
 * row by row was most of the cost). Then its key and indexes are built, one sort each on a connection
 * of its own, and inside the final transaction it takes the place of the table in use, under its
 * name, key, indexes and foreign keys. The foreign keys are added without checking the rows: they
 * hold for every row from then on.
 */
interface RebuiltTable {
  name: 'rating_history' | 'rating_entries'
  /** The primary key's columns. */
  key: string
  /** Each index by the suffix of its name (`rating_history_lobby`), with its columns. */
  indexes: Readonly<Record<string, string>>
  /** Each foreign key's column, with the table whose id it references (deletions cascade). */
  foreignKeys: Readonly<Record<string, string>>
}

const rebuiltHistory: RebuiltTable = { name: 'rating_history', key: 'user_id, ladder_id, seq', indexes: { lobby: 'lobby_id' }, foreignKeys: { user_id: 'users', lobby_id: 'lobbies' } }
const rebuiltStandings: RebuiltTable = {
  name: 'rating_entries',
  key: 'ladder_id, user_id',
  indexes: { order: 'ladder_id, rating desc, user_id', user: 'user_id' },
  foreignKeys: { user_id: 'users' },
}

const rebuildOf = (table: RebuiltTable) => `${table.name}_rebuild`

/** An empty rebuild of the table (one a failed recompute left behind is dropped first). */
async function startRebuild(db: Queries, table: RebuiltTable): Promise<void> {
  await sql`drop table if exists ${sql.table(rebuildOf(table))}`.execute(db)
  await sql`create table ${sql.table(rebuildOf(table))} (like ${sql.table(table.name)} including defaults)`.execute(db)
}

/** The rebuild's key and indexes, once its rows are in: built at once, each on a connection of the pool. */
async function indexRebuild(db: Queries, table: RebuiltTable): Promise<void> {
  const rebuild = rebuildOf(table)
  await Promise.all([
    sql`create unique index ${sql.id(`${rebuild}_pk`)} on ${sql.table(rebuild)} (${sql.raw(table.key)})`.execute(db),
    ...Object.entries(table.indexes).map(([suffix, columns]) => sql`create index ${sql.id(`${rebuild}_${suffix}`)} on ${sql.table(rebuild)} (${sql.raw(columns)})`.execute(db)),
  ])
}

/** Inside the ratings' lock: the rebuild takes the place of the table in use. */
async function swapInRebuild(queries: Queries, table: RebuiltTable): Promise<void> {
  const { name } = table
  const rebuild = rebuildOf(table)
  await sql`drop table ${sql.table(name)}`.execute(queries)
  await sql`alter table ${sql.table(rebuild)} rename to ${sql.table(name)}`.execute(queries)
  await sql`alter index ${sql.id(`${rebuild}_pk`)} rename to ${sql.id(`${name}_pk`)}`.execute(queries)
  await sql`alter table ${sql.table(name)} add constraint ${sql.id(`${name}_pk`)} primary key using index ${sql.id(`${name}_pk`)}`.execute(queries)
  for (const suffix of Object.keys(table.indexes)) await sql`alter index ${sql.id(`${rebuild}_${suffix}`)} rename to ${sql.id(`${name}_${suffix}`)}`.execute(queries)
  for (const [column, referenced] of Object.entries(table.foreignKeys)) {
    await sql`alter table ${sql.table(name)} add constraint ${sql.id(`${name}_${column}_fkey`)} foreign key (${sql.id(column)}) references ${sql.table(referenced)} (id) on delete cascade not valid`.execute(queries)
  }
}

/**
 * A finished game as the ratings read it, one row per game: its end as milliseconds, whether it
 * counts and was judged, its tournament (0 for none), and its seats in one text column, four words a
 * seat in seat order (user id, empty once deleted; team; role; 1 or 0 for won). A row per seat, and a
 * date parsed per game, cost several times as much over a million games.
 */
interface GameRow {
  lobby_id: number
  ended_ms: number
  counts: boolean
  judged: boolean
  tournament_id: number
  seats: string | null
}

const gameColumns = sql`gr.lobby_id, floor(extract(epoch from gr.ended_at) * 1000)::double precision as ended_ms, gr.counts_for_ratings as counts,
  coalesce((l.settings->>'judge')::boolean, gr.judge_id is not null) as judged, coalesce(tt.tournament_id, 0) as tournament_id,
  (select string_agg(coalesce(gp.user_id::text, '') || ' ' || gp.team || ' ' || gp.role || ' ' || case when gp.won then '1' else '0' end, ' ' order by gp.seat)
    from game_players gp where gp.lobby_id = gr.lobby_id) as seats`

const gameTables = sql`game_results gr
  join lobbies l on l.id = gr.lobby_id
  left join tournament_tables tt on tt.lobby_id = gr.lobby_id`

function gameOfRow(row: GameRow): RatedGame {
  const words = row.seats === null ? [] : row.seats.split(' ')
  const players: RatedGame['players'][number][] = []
  for (let at = 0; at + 3 < words.length; at += 4) {
    players.push({ userId: words[at] === '' ? null : Number(words[at]), team: words[at + 1] as string, role: words[at + 2] as string, won: words[at + 3] === '1' })
  }
  // A game of a tournament's round also counts on that tournament's ladder.
  return { id: row.lobby_id, endedAt: Number(row.ended_ms), judged: row.judged, countsForRatings: row.counts, tournamentId: row.tournament_id === 0 ? null : row.tournament_id, players }
}

/**
 * The recompute's read of rated games (see `ratedGamesAfter`), its numbers written in (a COPY takes
 * no parameters; they are whole numbers of the server's own). The seats' order and words are what
 * games-copy.ts reads.
 */
function ratedGamesQuery(afterSeq: number, upTo: number, limit: number) {
  for (const value of [afterSeq, upTo, limit]) if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`)
  return sql<GameRow & { seq: number }>`
    select rg.seq, ${gameColumns}
    from rating_games rg join (${gameTables}) on gr.lobby_id = rg.lobby_id
    where rg.seq > ${sql.lit(afterSeq)} and rg.seq <= ${sql.lit(upTo)}
    order by rg.seq limit ${sql.lit(limit)}`
}

/**
 * For the recompute's reads: with the statistics of games stored in bulk not yet gathered, the
 * planner's guess of the cost was far too high, and compiling the statement (JIT) took 300 ms where
 * running it takes 40.
 */
const noJit = 'set local jit = off'

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

/** Marks games rated at their places in the order; null when there are none. */
function markRatedStatement(rated: readonly { id: number; seq: number }[]): RawBuilder<unknown> | null {
  if (rated.length === 0) return null
  return sql`insert into rating_games (lobby_id, seq) select * from unnest(${rated.map((game) => game.id)}::integer[], ${rated.map((game) => game.seq)}::bigint[])`
}

/** Standings in place of the old ones; null when there are none. */
function entriesStatement(rows: readonly EntryRow[]): RawBuilder<unknown> | null {
  if (rows.length === 0) return null
  return sql`
    insert into rating_entries (ladder_id, user_id, mu, sigma, rating, games, wins, recent, last_game_at)
    select ladder_id, user_id, mu, sigma, rating, games, wins, recent::double precision[], last_game_at
    from unnest(${rows.map((row) => row.ladderId)}::text[], ${rows.map((row) => row.userId)}::integer[], ${rows.map((row) => row.mu)}::double precision[],
      ${rows.map((row) => row.sigma)}::double precision[], ${rows.map((row) => displayRating(row))}::double precision[], ${rows.map((row) => row.games)}::integer[],
      ${rows.map((row) => row.wins)}::integer[], ${rows.map((row) => `{${row.recent.join(',')}}`)}::text[], ${rows.map((row) => new Date(row.lastGameAt).toISOString())}::timestamptz[])
      as incoming (ladder_id, user_id, mu, sigma, rating, games, wins, recent, last_game_at)
    on conflict (ladder_id, user_id) do update set mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating, games = excluded.games,
      wins = excluded.wins, recent = excluded.recent, last_game_at = excluded.last_game_at`
}

/** The sides' skills in place of the old ones; null when there are none. */
function sidesStatement(sides: ReadonlyMap<string, Skill>): RawBuilder<unknown> | null {
  if (sides.size === 0) return null
  const ids = [...sides.keys()]
  return sql`
    insert into rating_sides (ladder_id, mu, sigma)
    select * from unnest(${ids}::text[], ${ids.map((id) => (sides.get(id) as Skill).mu)}::double precision[], ${ids.map((id) => (sides.get(id) as Skill).sigma)}::double precision[])
    on conflict (ladder_id) do update set mu = excluded.mu, sigma = excluded.sigma`
}

/** History rows `from` to `to` (see `writeHistory`); null when there are none. */
function historyStatement(rows: PackedHistory, from = 0, to = rows.length, into: 'history' | 'rebuild' = 'history'): RawBuilder<unknown> | null {
  if (to <= from) return null
  const ladders = textArrayLiteral(Array.from(rows.ladderIndexes.subarray(from, to), (index) => rows.ladders[index] as string))
  const endedAt = textArrayLiteral(Array.from(rows.endedAt.subarray(from, to), (at) => new Date(at).toISOString()))
  const column = (values: Parameters<typeof arrayLiteral>[0]) => arrayLiteral(values, from, to)
  return sql`
    insert into ${sql.table(into === 'history' ? 'rating_history' : rebuildOf(rebuiltHistory))} (user_id, ladder_id, lobby_id, seq, mu_before, sigma_before, mu_after, sigma_after, rating_before, rating_after, won, ended_at)
    select * from unnest(${column(rows.userIds)}::integer[], ${ladders}::text[], ${column(rows.gameIds)}::integer[], ${column(rows.seqs)}::bigint[],
      ${column(rows.muBefore)}::double precision[], ${column(rows.sigmaBefore)}::double precision[], ${column(rows.muAfter)}::double precision[],
      ${column(rows.sigmaAfter)}::double precision[], ${column(rows.ratingBefore)}::double precision[], ${column(rows.ratingAfter)}::double precision[],
      ${column(rows.won)}::boolean[], ${endedAt}::timestamptz[])
    ${into === 'history' ? historyUpsert : sql``}`
}

/** All SQL of the ratings: the finished games they read, the standings, sides and history they write. */
export function createRatingsRepository(database: Kysely<Database>, options: { withClient?: WithClient | null } = {}) {
  const db = withRatingTables(database)
  const withClient = options.withClient ?? null

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

    /** Rated games after `afterSeq`, in the order they were rated (the games rated while a recompute ran). */
    async ratedAfter(queries: Queries, afterSeq: number): Promise<{ id: number; seq: number }[]> {
      const rows = await sql<{ lobby_id: number; seq: string }>`
        select lobby_id, seq::text as seq from rating_games where rating_games.seq > ${afterSeq} order by rating_games.seq`.execute(queries)
      return rows.rows.map((row) => ({ id: row.lobby_id, seq: Number(row.seq) }))
    },

    /** How many games are rated, and the last one's place in the order (0 for none). */
    async ratedCount(queries: Queries): Promise<{ count: number; lastSeq: number }> {
      const row = await sql<{ count: number; last: string | null }>`select count(*)::integer as count, max(seq)::text as last from rating_games`.execute(queries)
      return { count: row.rows[0]?.count ?? 0, lastSeq: Number(row.rows[0]?.last ?? 0) }
    },

    async markRated(queries: Queries, rated: readonly { id: number; seq: number }[]): Promise<void> {
      await markRatedStatement(rated)?.execute(queries)
    },

    /**
     * The next `limit` rated games after `afterSeq` (up to `upTo`), in the order they were rated, with
     * their places in it, packed for the recompute's worker: one statement, a row per game with its
     * seats in one text column (the recompute reads a million games this way; a row per seat, and a
     * date parsed per game, cost several times as much). On a PostgreSQL server the rows come by a
     * binary COPY, read straight into the batch (games-copy.ts); with PGlite (whose socket closes the
     * connection on a COPY) as rows. A game whose result is gone is left out.
     */
    async ratedGamesAfter(afterSeq: number, upTo: number, limit: number): Promise<PackedGames> {
      const query = ratedGamesQuery(afterSeq, upTo, limit)
      if (withClient) {
        const statement = `copy (${query.compile(db).sql}) to stdout (format binary)`
        const bytes = await withClient(async (client) => {
          await client.query('begin')
          try {
            await client.query(noJit)
            const copied = await copyOut(client, statement)
            await client.query('commit')
            return copied
          } catch (error) {
            await client.query('rollback')
            throw error
          }
        })
        return ratedGamesFromCopy(bytes)
      }
      const rows = await db.transaction().execute(async (trx) => {
        await sql.raw(noJit).execute(trx)
        return query.execute(trx)
      })
      const games = rows.rows.map(gameOfRow)
      const seqs = rows.rows.map((row) => Number(row.seq))
      return packGames(games, seqs)
    },

    /** The games with these ids, in the order given (a game whose result is gone is left out). */
    async games(queries: Queries, ids: readonly number[]): Promise<RatedGame[]> {
      if (ids.length === 0) return []
      const rows = await sql<GameRow>`select ${gameColumns} from ${gameTables} where gr.lobby_id = any(${ids}::integer[])`.execute(queries)
      const byId = new Map(rows.rows.map((row) => [row.lobby_id, row]))
      return ids.flatMap((id) => {
        const row = byId.get(id)
        return row ? [gameOfRow(row)] : []
      })
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
      await entriesStatement(rows)?.execute(queries)
    },

    async writeSides(queries: Queries, sides: ReadonlyMap<string, Skill>): Promise<void> {
      await sidesStatement(sides)?.execute(queries)
    },

    /**
     * Writes history rows `from` to `to` (in place of those of the same game and player, if it was
     * rated before), in one statement whose columns go as array literals. A row already stored as it
     * is now is left alone: a recompute that changes nothing rewrites no row (and leaves no dead row
     * for the database to clean up). `into: 'rebuild'`: into the history a recompute builds afresh
     * (rows of games it has not written yet, so nothing to replace).
     */
    async writeHistory(queries: Queries, rows: PackedHistory, from = 0, to = rows.length, into: 'history' | 'rebuild' = 'history'): Promise<void> {
      await historyStatement(rows, from, to, into)?.execute(queries)
    },

    /**
     * What one round of rating writes, in one statement: the games marked rated, the standings, the
     * sides and the history. A round runs inside the ratings' lock, in a transaction that holds the
     * connection; one round trip for its writes instead of four keeps that short (on the embedded
     * database, every table's moves wait for its one connection).
     */
    async writeRound(queries: Queries, round: { rated: readonly { id: number; seq: number }[]; entries: readonly EntryRow[]; sides: ReadonlyMap<string, Skill>; history: PackedHistory }): Promise<void> {
      const writes = [markRatedStatement(round.rated), entriesStatement(round.entries), sidesStatement(round.sides), historyStatement(round.history)].filter((write) => write !== null)
      if (writes.length === 0) return
      if (writes.length === 1) {
        await (writes[0] as RawBuilder<unknown>).execute(queries)
        return
      }
      // Writes to four different tables: as sibling data-modifying parts of one statement they all run, each on its own table.
      await sql`with ${sql.join(writes.map((write, index) => sql`${sql.raw(`write_${index}`)} as (${write})`))} select 1`.execute(queries)
    },

    /**
     * Refreshes the planner's statistics of the tables a recompute reads (sampled: well under a
     * second for a million games). Games stored in bulk (an import, a restore) leave them stale until
     * the database's own analysis comes round, and with stale ones each batch's read took twice as long.
     */
    async refreshGameStatistics(): Promise<void> {
      await sql`analyze rating_games, game_results, game_players, lobbies, tournament_tables`.execute(db)
    },

    /** Whether the history can be rebuilt by COPY (PostgreSQL; PGlite's socket closes the connection on a COPY). */
    canRebuildHistory: withClient !== null,

    /** Starts the history built afresh beside the one in use (`RebuiltTable`), which its rows enter by COPY. */
    async startHistoryRebuild(): Promise<void> {
      await startRebuild(db, rebuiltHistory)
    },

    /** Rows `from` to `to` into the history being rebuilt, by a binary COPY on a connection of its own. */
    async copyRebuildHistory(rows: PackedHistory, from = 0, to = rows.length): Promise<void> {
      if (to <= from) return
      if (!withClient) throw new Error('copyRebuildHistory needs a PostgreSQL server')
      const bytes = historyCopyRows(rows, from, to)
      await withClient((client) => copyIn(client, `copy ${rebuildOf(rebuiltHistory)} (${historyCopyColumns}) from stdin (format binary)`, [bytes]))
    },

    /** The rebuilt history's key and lobby index, once its rows are in. */
    async indexHistoryRebuild(): Promise<void> {
      await indexRebuild(db, rebuiltHistory)
    },

    /** Inside the ratings' lock: the rebuilt history takes the place of the one in use (a user deleted meanwhile leaves rows nobody reads). */
    async swapInHistoryRebuild(queries: Queries): Promise<void> {
      await swapInRebuild(queries, rebuiltHistory)
    },

    /**
     * The standings written afresh beside the ones in use (PostgreSQL), while the caller's transaction
     * holds the ratings' lock: the rebuild filled by one binary COPY (the worker's stream,
     * standings-copy.ts), then its key and two indexes. Upserted into the indexed table, 290,000
     * standings took some 9 s; this way the COPY takes about 0.6 s.
     */
    async rebuildStandings(bytes: Uint8Array): Promise<void> {
      if (!withClient) throw new Error('rebuildStandings needs a PostgreSQL server')
      await startRebuild(db, rebuiltStandings)
      await withClient((client) => copyIn(client, `copy ${rebuildOf(rebuiltStandings)} (${standingsCopyColumns}) from stdin (format binary)`, [bytes]))
      await indexRebuild(db, rebuiltStandings)
    },

    /**
     * Inside the ratings' lock: the rebuilt standings take the place of the ones in use, and the sides
     * are emptied (the caller writes them). The standings of a user deleted during the recompute are
     * removed: from then on, a deletion takes its standings along.
     */
    async swapInStandingsRebuild(queries: Queries): Promise<void> {
      await swapInRebuild(queries, rebuiltStandings)
      await sql`delete from rating_entries e where not exists (select 1 from users u where u.id = e.user_id)`.execute(queries)
      await queries.deleteFrom('rating_sides').execute()
    },

    /** A failed recompute's rebuilds are dropped: the history and standings in use stay as they were. */
    async dropRebuilds(): Promise<void> {
      for (const table of [rebuiltHistory, rebuiltStandings]) await sql`drop table if exists ${sql.table(rebuildOf(table))}`.execute(db)
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
