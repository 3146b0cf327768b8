import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../../db/schema'
import { withTournamentTables, type TournamentsDatabase } from './tournaments.tables'

/** A tournament row as the service reads it (dates as `YYYY-MM-DD`, the price as a number). */
export interface TournamentRow {
  id: number
  name: string
  date_start: string
  date_end: string
  time_start: string
  timezone: string
  registration_end_date: Date
  type: number
  language: string[]
  deck_id: number
  organization_id: number | null
  organization: string | null
  registration_link: string
  count: number
  price: number
  currency: string
  image: string[]
  judges: number[]
  viewers: number[]
  is_archive: boolean
  is_active: boolean
  lobby_settings: unknown
  creator_id: number | null
  registered: number
  rounds: number
}

/** What is written for a tournament (every column the organiser sets). */
export interface TournamentWrite {
  name: string
  date_start: string
  date_end: string
  time_start: string
  timezone: string
  registration_end_date: Date
  type: number
  language: string[]
  deck_id: number
  organization_id: number | null
  registration_link: string
  count: number
  price: number
  currency: string
  image: string[]
  judges: number[]
  viewers: number[]
  is_archive: boolean
  is_active: boolean
  lobby_settings: unknown
}

export interface ScheduleQuery {
  type?: number
  language?: string
  from?: string
  to?: string
  search?: string
  organizationId?: number
  /** Archived ones, or the others; unset: both (the admin panel). */
  archived?: boolean
  /** Only active ones (the public schedule); the admin panel sees every one. */
  activeOnly: boolean
  offset: number
  limit: number
}

export interface PersonRow {
  id: number
  nickname: string
  avatar: string | null
}

export interface TableRow {
  lobby_id: number
  round: number
  table_number: number
  players: number[]
  judge_id: number | null
  status: string
}

/** One seat of a finished tournament game, for the standings. */
export interface ResultRow {
  user_id: number
  won: boolean
  points: number
  extra: number
  first_night_killed: boolean
}

/** A search taken literally: `%`, `_` and `\` match themselves. */
const literal = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

/** All SQL of tournaments: organisations, tournaments, registrations, rounds, tables and results. */
export function createTournamentsRepository(database: Kysely<Database>) {
  const db = withTournamentTables(database)

  const selectTournaments = (queries: Kysely<TournamentsDatabase>) =>
    queries
      .selectFrom('tournaments as t')
      .leftJoin('organizations as o', 'o.id', 't.organization_id')
      .select([
        't.id',
        't.name',
        sql<string>`to_char(t.date_start, 'YYYY-MM-DD')`.as('date_start'),
        sql<string>`to_char(t.date_end, 'YYYY-MM-DD')`.as('date_end'),
        't.time_start',
        't.timezone',
        't.registration_end_date',
        't.type',
        't.language',
        't.deck_id',
        't.organization_id',
        'o.name as organization',
        't.registration_link',
        't.count',
        sql<number>`t.price::float8`.as('price'),
        't.currency',
        't.image',
        't.judges',
        't.viewers',
        't.is_archive',
        't.is_active',
        't.lobby_settings',
        't.creator_id',
        sql<number>`(select count(*)::int from tournament_players p where p.tournament_id = t.id)`.as('registered'),
        sql<number>`(select count(*)::int from tournament_rounds r where r.tournament_id = t.id)`.as('rounds'),
      ])

  return {
    db,

    transaction<T>(work: (queries: Transaction<TournamentsDatabase>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work)
    },

    async find(id: number, queries: Kysely<TournamentsDatabase> = db): Promise<TournamentRow | undefined> {
      return (await selectTournaments(queries).where('t.id', '=', id).executeTakeFirst()) as TournamentRow | undefined
    },

    /** The schedule (or the admin's list): soonest first, with the total before paging. */
    async list(query: ScheduleQuery): Promise<{ items: TournamentRow[]; total: number }> {
      let filtered = db.selectFrom('tournaments as t')
      if (query.archived !== undefined) filtered = filtered.where('t.is_archive', '=', query.archived)
      if (query.activeOnly) filtered = filtered.where('t.is_active', '=', true)
      if (query.type !== undefined) filtered = filtered.where('t.type', '=', query.type)
      if (query.language !== undefined) filtered = filtered.where(sql<boolean>`(cardinality(t.language) = 0 or ${query.language} = any(t.language))`)
      if (query.from !== undefined) filtered = filtered.where(sql<boolean>`t.date_end >= ${query.from}::date`)
      if (query.to !== undefined) filtered = filtered.where(sql<boolean>`t.date_start <= ${query.to}::date`)
      if (query.search !== undefined) filtered = filtered.where(sql<boolean>`t.name ilike ${literal(query.search)} escape '\\'`)
      if (query.organizationId !== undefined) filtered = filtered.where('t.organization_id', '=', query.organizationId)
      const ids = await filtered.select('t.id').orderBy('t.date_start').orderBy('t.time_start').orderBy('t.id').offset(query.offset).limit(query.limit).execute()
      const total = await filtered.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()
      if (ids.length === 0) return { items: [], total: total.total }
      const rows = (await selectTournaments(db)
        .where(
          't.id',
          'in',
          ids.map((row) => row.id),
        )
        .execute()) as TournamentRow[]
      const byId = new Map(rows.map((row) => [row.id, row]))
      return { items: ids.flatMap((row) => byId.get(row.id) ?? []), total: total.total }
    },

    async insert(values: TournamentWrite, creatorId: number, queries: Kysely<TournamentsDatabase> = db): Promise<number> {
      const row = await queries
        .insertInto('tournaments')
        .values({ ...values, price: values.price, lobby_settings: JSON.stringify(values.lobby_settings), creator_id: creatorId })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },

    async update(id: number, values: TournamentWrite, queries: Kysely<TournamentsDatabase> = db): Promise<void> {
      await queries
        .updateTable('tournaments')
        .set({ ...values, lobby_settings: JSON.stringify(values.lobby_settings), updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute()
    },

    /** Deletes a tournament (its registrations, rounds and table links go with it; the tables' games stay). */
    async remove(id: number, queries: Kysely<TournamentsDatabase> = db): Promise<boolean> {
      const result = await queries.deleteFrom('tournaments').where('id', '=', id).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    /** Which of these user ids have an account. */
    async existingUsers(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set()
      const rows = await db.selectFrom('users').select('id').where('id', 'in', [...ids]).execute()
      return new Set(rows.map((row) => row.id))
    },

    async people(ids: readonly number[]): Promise<Map<number, PersonRow>> {
      if (ids.length === 0) return new Map()
      const rows = await db.selectFrom('users').select(['id', 'nickname', 'avatar']).where('id', 'in', [...new Set(ids)]).execute()
      return new Map(rows.map((row) => [row.id, row]))
    },

    async organizations(): Promise<{ id: number; name: string }[]> {
      return db.selectFrom('organizations').select(['id', 'name']).orderBy('name').execute()
    },

    async organizationsOf(userId: number): Promise<{ id: number; name: string }[]> {
      return db
        .selectFrom('organizations as o')
        .innerJoin('organization_members as m', 'm.organization_id', 'o.id')
        .select(['o.id', 'o.name'])
        .where('m.user_id', '=', userId)
        .orderBy('o.name')
        .execute()
    },

    async organizationExists(id: number): Promise<boolean> {
      return (await db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
    },

    async isMember(userId: number, organizationId: number): Promise<boolean> {
      return (await db.selectFrom('organization_members').select('user_id').where('user_id', '=', userId).where('organization_id', '=', organizationId).executeTakeFirst()) !== undefined
    },

    /** Registers a player; false when they were registered already (nothing written). */
    async register(tournamentId: number, userId: number): Promise<boolean> {
      const row = await db.insertInto('tournament_players').values({ tournament_id: tournamentId, user_id: userId }).onConflict((conflict) => conflict.doNothing()).returning('user_id').executeTakeFirst()
      return row !== undefined
    },

    async isRegistered(tournamentId: number, userId: number): Promise<boolean> {
      return (await db.selectFrom('tournament_players').select('user_id').where('tournament_id', '=', tournamentId).where('user_id', '=', userId).executeTakeFirst()) !== undefined
    },

    /** Of these tournaments, those the user registered for. */
    async registeredAmong(tournamentIds: readonly number[], userId: number): Promise<Set<number>> {
      if (tournamentIds.length === 0) return new Set()
      const rows = await db.selectFrom('tournament_players').select('tournament_id').where('user_id', '=', userId).where('tournament_id', 'in', [...tournamentIds]).execute()
      return new Set(rows.map((row) => row.tournament_id))
    },

    /** Registered players in the order they registered. */
    async players(tournamentId: number): Promise<number[]> {
      const rows = await db.selectFrom('tournament_players').select('user_id').where('tournament_id', '=', tournamentId).orderBy('registered_at').orderBy('user_id').execute()
      return rows.map((row) => row.user_id)
    },

    async rounds(tournamentId: number): Promise<{ number: number; resting: number[]; started_at: Date }[]> {
      return db.selectFrom('tournament_rounds').select(['number', 'resting', 'started_at']).where('tournament_id', '=', tournamentId).orderBy('number').execute()
    },

    /** Every table the tournament's rounds seated, with its lobby's status. */
    async tables(tournamentId: number): Promise<TableRow[]> {
      return db
        .selectFrom('tournament_tables as tt')
        .innerJoin('lobbies as l', 'l.id', 'tt.lobby_id')
        .select(['tt.lobby_id', 'tt.round', 'tt.table_number', 'tt.players', 'tt.judge_id', 'l.status'])
        .where('tt.tournament_id', '=', tournamentId)
        .orderBy('tt.round')
        .orderBy('tt.table_number')
        .execute()
    },

    /** Claims the next round's number; fails (unique key) when another start of the same round won. */
    async addRound(tournamentId: number, number: number, resting: number[], queries: Kysely<TournamentsDatabase> = db): Promise<void> {
      await queries.insertInto('tournament_rounds').values({ tournament_id: tournamentId, number, resting }).execute()
    },

    async removeRound(tournamentId: number, number: number): Promise<void> {
      await db.deleteFrom('tournament_rounds').where('tournament_id', '=', tournamentId).where('number', '=', number).execute()
    },

    /** The tournament whose round seated this table (lobby), or null. */
    async tournamentOfTable(lobbyId: number): Promise<number | null> {
      const row = await db.selectFrom('tournament_tables').select('tournament_id').where('lobby_id', '=', lobbyId).executeTakeFirst()
      return row?.tournament_id ?? null
    },

    async addTable(row: Omit<TableRow, 'status'> & { tournament_id: number }): Promise<void> {
      await db.insertInto('tournament_tables').values(row).execute()
    },

    /**
     * Every seat of the tournament's finished games: points, win, the judge's extra points and
     * whether the player was shot on the first night (the morning after night 1).
     */
    async results(tournamentId: number): Promise<ResultRow[]> {
      const rows = await sql<ResultRow>`
        select gp.user_id, gp.won, gp.points::float8 as points,
          coalesce((gp.breakdown->>'extra')::float8, 0) as extra,
          exists (
            select 1 from game_events e
            where e.lobby_id = gp.lobby_id and e.type = 'night_result' and (e.event->>'night')::int = 1
              and (e.event->'killed')::jsonb @> to_jsonb(gp.seat::int)
          ) as first_night_killed
        from tournament_tables tt
        join game_results gr on gr.lobby_id = tt.lobby_id
        join game_players gp on gp.lobby_id = tt.lobby_id
        where tt.tournament_id = ${tournamentId} and gp.user_id is not null`.execute(db)
      return rows.rows
    },
  }
}

export type TournamentsRepository = ReturnType<typeof createTournamentsRepository>
