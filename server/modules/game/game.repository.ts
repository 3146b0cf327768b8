import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../../db/schema'
import type { GameEvent, GameResult } from '../../contract/game'
import type { UserCard } from '../../contract/socket/common'
import { createGroupCommit, type GroupCommitOptions } from '../../lib/group-commit'
import { integerText, literalText } from './statement-text'

type Queries = Kysely<Database> | Transaction<Database>

/** A table's lobby status as the game host needs it. */
export type TableStatus = 'open' | 'running' | 'ended' | 'disbanded'

/** All SQL of the game module: the event record, and a finished game's result. */
type EventRow = { lobby_id: number; version: number; type: string; event: string }

/**
 * How the moves of running games share writes, on either kind of database: two writes in flight, a
 * batch's first move waiting 1 ms for others, movers answered eight per turn. A failed batch is
 * retried table by table.
 *
 * - Each statement costs the app server's own CPU whatever its size: the embedded database runs it
 *   on this machine (about a third of a millisecond), and on a PostgreSQL server the driver still
 *   sends it and reads its answer here. Fewer, larger batches cost less.
 * - But no viewer sees a move before its batch is stored, so a batch's wait is in the time of every
 *   move in it. In `bench:game` (200 tables, embedded database, the runs of each taking turns), a
 *   4 ms wait gave 0.26-0.28 statements per move and a move reached every viewer at p50 7.8-12.7 ms,
 *   p99 1.5-6.6 times the relay's (median 4.2), the server's CPU 2.2-3.4 times the relay's (median
 *   2.6); a 1 ms wait gave 0.45-0.52 statements per move, p50 2.8-5.7 ms, p99 1.2-3.9 times the
 *   relay's (median 1.5) and CPU 1.75-2.33 times (median 2.3): more, smaller statements cost the
 *   embedded database's thread no more than the larger ones (17-28 against 19-25 ms per table), and
 *   movers answered a few at a time come back in smaller bursts. No wait at all (0.70-0.75
 *   statements per move) and 2 ms were no better than 1 ms on either figure.
 * - Each answer pushes to a whole table of viewers (about half a millisecond), so answering a few per
 *   turn keeps a large batch from holding the event loop. But every turn between two answers also
 *   runs whatever else the loop has queued, and under load that is several milliseconds: at two per
 *   turn the last movers of a batch of 40 waited for 20 turns. In `bench:game` (200 tables, embedded
 *   database) the time from a batch's stored to a mover's answer was p99 94-142 ms at two per turn
 *   against 31-59 at eight, and a move's p99 at every viewer went from 214-473 to 159-256 ms.
 */
export const runningMovesCommit = { inFlight: 2, gatherMs: 1, answeredPerTurn: 8, retryAlone: true } as const satisfies Omit<GroupCommitOptions<EventRow[], void>, 'write'>

export function createGameRepository(db: Kysely<Database>) {
  // The moves of a running game, of every table, share the connection's statements (see the README).
  const runningMoves = createGroupCommit<EventRow[], void>({
    write: async (moves) => {
      await insertEvents(db, moves.flat())
      return moves.map(() => undefined)
    },
    ...runningMovesCommit,
  })
  return {
    /** The game's events, in version order (empty before the deal). */
    async events(lobbyId: number): Promise<GameEvent[]> {
      const rows = await db.executeQuery(CompiledQuery.raw(`select event from game_events where lobby_id = ${integerText(lobbyId)} order by version`) as CompiledQuery<{ event: unknown }>)
      return rows.rows.map((row) => row.event as GameEvent)
    },

    /** The table's status (disbanded: closed by an admin; its record stays, its game does not go on); null for an unknown id. */
    async status(lobbyId: number): Promise<TableStatus | null> {
      const rows = await db.executeQuery(CompiledQuery.raw(`select status from lobbies where id = ${integerText(lobbyId)}`) as CompiledQuery<{ status: TableStatus }>)
      return rows.rows[0]?.status ?? null
    },

    /** The table a game record belongs to: its name, deck, settings and times. */
    table(lobbyId: number) {
      return db
        .selectFrom('lobbies')
        .select(['id', 'name', 'language', 'deck_id', 'settings', 'kind', 'status', 'started_at', 'ended_at'])
        .where('id', '=', lobbyId)
        .executeTakeFirst()
    },

    /** The cards of these users (a record names its players and judge as they are known now). */
    async cards(userIds: readonly number[]): Promise<Map<number, UserCard>> {
      if (userIds.length === 0) return new Map()
      const rows = await db
        .selectFrom('users')
        .select(['id', 'nickname', 'official_nickname', 'avatar', 'is_premium'])
        .where('id', 'in', [...userIds])
        .execute()
      return new Map(rows.map((row) => [row.id, { id: row.id, nickname: row.nickname, officialNickname: row.official_nickname, avatar: row.avatar, isPremium: row.is_premium }]))
    },

    /** Tables whose game is being played: a restart resumes them. */
    async runningLobbyIds(): Promise<number[]> {
      const rows = await db.selectFrom('lobbies').select('id').where('status', '=', 'running').orderBy('id').execute()
      return rows.map((row) => row.id)
    },

    /**
     * The owner of a table's live lease, taking it for `node` when nobody holds a live one (free,
     * expired, or already this node's). Null when the table does not exist.
     */
    async claimLease(lobbyId: number, node: string, ttlMs: number): Promise<string | null> {
      // A lease given up between the claim and the look at its holder: claim again (a few times at most).
      for (let attempt = 0; attempt < 3; attempt++) {
        const claimed = await sql<{ owner: string }>`
          insert into table_leases (lobby_id, owner, expires_at)
          select id, ${node}, now() + ${ttlMs} * interval '1 millisecond' from lobbies where id = ${lobbyId}
          on conflict (lobby_id) do update set owner = excluded.owner, expires_at = excluded.expires_at
            where table_leases.expires_at < now() or table_leases.owner = excluded.owner
          returning owner`.execute(db)
        if (claimed.rows[0]) return node
        const held = await db.selectFrom('table_leases').select('owner').where('lobby_id', '=', lobbyId).executeTakeFirst()
        if (held) return held.owner
        // No lease and nothing claimed: the table does not exist, or its lease was released meanwhile.
        if (!(await db.selectFrom('lobbies').select('id').where('id', '=', lobbyId).executeTakeFirst())) return null
      }
      return null
    },

    /** Renews every lease `node` holds; answers the tables it still holds (another node took any not listed). */
    async renewLeases(node: string, ttlMs: number): Promise<number[]> {
      const rows = await sql<{ lobby_id: number }>`
        update table_leases set expires_at = now() + ${ttlMs} * interval '1 millisecond' where owner = ${node} returning lobby_id`.execute(db)
      return rows.rows.map((row) => row.lobby_id)
    },

    async releaseLease(lobbyId: number, node: string): Promise<void> {
      await db.deleteFrom('table_leases').where('lobby_id', '=', lobbyId).where('owner', '=', node).execute()
    },

    async releaseLeases(node: string): Promise<void> {
      await db.deleteFrom('table_leases').where('owner', '=', node).execute()
    },

    /** Running tables nobody holds a live lease on (their owner died or shut down). */
    async orphanedTables(limit: number): Promise<number[]> {
      const rows = await sql<{ id: number }>`
        select id from lobbies where status = 'running'
          and not exists (select 1 from table_leases where table_leases.lobby_id = lobbies.id and table_leases.expires_at > now())
        order by id limit ${limit}`.execute(db)
      return rows.rows.map((row) => row.id)
    },

    /**
     * Stores one command's events, and what they change: the lobby's status (running at the deal,
     * ended at the end) and the result with every player's role and points. A move of a running
     * game is one INSERT shared with other tables' moves; the deal, the end and the judge's later
     * changes of the result are one statement each with what they change (no transaction holding the
     * connection over several round trips). The primary key (lobby, version) refuses a second writer
     * of the same version.
     */
    async append(lobbyId: number, events: readonly GameEvent[], changes: { result: GameResult | null; judge: number | null; sameSeats?: boolean }, lease?: string): Promise<void> {
      const rows = events.map((event) => ({ lobby_id: lobbyId, version: event.version, type: event.type, event: JSON.stringify(event) }))
      const dealt = events.find((event) => event.type === 'roles_dealt')
      if (!changes.result && !dealt) {
        // With several servers each insert is fenced by its table's lease, so it goes alone.
        await (lease === undefined ? runningMoves.submit(rows) : insertFenced(db, lobbyId, rows, lease))
        return
      }
      const ended = events.find((event) => event.type === 'game_ended')
      const stored = await insertWithChanges(db, lobbyId, rows, {
        startedAt: dealt ? new Date(events[0]?.at ?? Date.now()) : null,
        endedAt: ended ? new Date(ended.at) : null,
        result: changes.result,
        judge: changes.judge,
        sameSeats: changes.sameSeats === true,
        lease,
      })
      // Only a fence can store fewer rows than given (a version already stored fails the statement).
      if (stored !== rows.length) throw lease === undefined ? new Error(`table ${lobbyId}: ${stored} of ${rows.length} events stored`) : new LeaseLost(lobbyId)
    },
  }
}

/** A lost lease: another app server runs this table now, so this one must not write it. */
export class LeaseLost extends Error {
  constructor(readonly lobbyId: number) {
    super(`the lease of table ${lobbyId} is held by another server`)
  }
}

/** Events as the rows of a `values` list, written out in the statement's text. */
const eventValues = (rows: readonly EventRow[]): string =>
  rows.map((row) => `(${integerText(row.lobby_id)}, ${integerText(row.version)}, ${literalText(row.type)}, ${literalText(row.event)}::json)`).join(', ')

/**
 * Inserts events, of one table or of several, in one statement: the one statement of every move.
 * Its values are written out in its text (see statement-text.ts), by hand here, as it is the
 * busiest statement of all.
 */
async function insertEvents(queries: Queries, rows: EventRow[]): Promise<void> {
  await queries.executeQuery(CompiledQuery.raw(`insert into game_events (lobby_id, version, type, event) values ${eventValues(rows)}`))
}

/**
 * Inserts a command's events fenced by the table's lease (several app servers), in the same
 * statement: a server whose lease expired and was taken over writes nothing. Written out as
 * `insertEvents` is.
 */
async function insertFenced(queries: Queries, lobbyId: number, rows: EventRow[], lease: string): Promise<void> {
  const inserted = await sql
    .raw(
      `insert into game_events (lobby_id, version, type, event)
    select * from (values ${eventValues(rows)}) as incoming (lobby_id, version, type, event)
    where exists (select 1 from table_leases where lobby_id = ${integerText(lobbyId)} and owner = ${literalText(lease)} and expires_at > now())`,
    )
    .execute(queries)
  if (Number(inserted.numAffectedRows ?? 0) !== rows.length) throw new LeaseLost(lobbyId)
}

/** What a deal, an end or a change of a finished game's result writes beside its events. */
interface TableChanges {
  /** The deal: the lobby runs from then. */
  startedAt: Date | null
  /** The end: the lobby ended then (if it was running). */
  endedAt: Date | null
  /** The result with every player's role and points, stored or rewritten. */
  result: GameResult | null
  judge: number | null
  /** The result's seats are those stored with the result before it: only the result's own row is written. */
  sameSeats: boolean
  /** The lease that fences the write when several app servers run tables. */
  lease: string | undefined
}

/**
 * A command's events and what they change, in one statement of chained CTEs: it is atomic by itself,
 * so no transaction holds the one connection over several round trips (the deal and the end used to
 * take five to seven). Every change hangs on the events' insert (`exists (select 1 from stored)`), so
 * an insert the lease fenced off, or a version already stored, changes nothing. Answers how many
 * events were stored.
 *
 * Its text depends only on which changes it makes (and whether a lease fences it), so each kind runs
 * prepared under its own name: every game's deal, end and closed protocol write one, and planning
 * this statement took longer than running it. Its JSON goes in as texts, cast in the statement: a
 * prepared statement's values are written out in its EXECUTE, where a list of quoted texts reads as
 * `text[]` and no cast to `json[]` is applied on the way in.
 */
async function insertWithChanges(queries: Queries, lobbyId: number, rows: EventRow[], changes: TableChanges): Promise<number> {
  const fence = changes.lease === undefined ? sql`true` : sql`exists (select 1 from table_leases where lobby_id = ${lobbyId} and owner = ${changes.lease} and expires_at > now())`
  const parts = [
    sql`stored as (
      insert into game_events (lobby_id, version, type, event)
      select incoming.lobby_id, incoming.version, incoming.type, incoming.event::json
      from unnest(${rows.map((row) => row.lobby_id)}::integer[], ${rows.map((row) => row.version)}::integer[], ${rows.map((row) => row.type)}::text[], ${rows.map((row) => row.event)}::text[])
        as incoming (lobby_id, version, type, event)
      where ${fence}
      returning version)`,
  ]
  const kind = ['game_store']
  if (changes.startedAt) {
    kind.push('dealt')
    parts.push(sql`started as (update lobbies set status = 'running', started_at = ${changes.startedAt} where id = ${lobbyId} and exists (select 1 from stored))`)
  }
  if (changes.endedAt) {
    kind.push('ended')
    parts.push(sql`ended as (update lobbies set status = 'ended', ended_at = ${changes.endedAt} where id = ${lobbyId} and status = 'running' and exists (select 1 from stored))`)
  }
  const result = changes.result
  if (result) {
    kind.push('result')
    parts.push(
      sql`result as (
        insert into game_results (lobby_id, outcome, reason, losing_team, judge_id, counts_for_ratings, finalised)
        select ${lobbyId}::integer, ${result.outcome}::text, ${result.reason}::text, ${result.losingTeam}::text, ${changes.judge}::integer, ${result.countsForRatings}::boolean, ${result.finalised}::boolean
        where exists (select 1 from stored)
        on conflict (lobby_id) do update set outcome = excluded.outcome, reason = excluded.reason, losing_team = excluded.losing_team,
          judge_id = excluded.judge_id, counts_for_ratings = excluded.counts_for_ratings, finalised = excluded.finalised)`,
    )
  }
  // Extra points may still change a judged game's result until the protocol closes: every seat's row
  // is rewritten when a seat changed. A closed protocol that changed no seat writes only the result's
  // row (its ten seats' rows cost the embedded database as much again).
  if (result && !changes.sameSeats) {
    kind.push('seats')
    const seats = result.seats
    parts.push(
      sql`players as (
        insert into game_players (lobby_id, seat, user_id, role, team, won, points, breakdown)
        select ${lobbyId}::integer, seat.seat, seat.user_id, seat.role, seat.team, seat.won, seat.points, seat.breakdown::jsonb
        from unnest(${seats.map((seat) => seat.seat)}::smallint[], ${seats.map((seat) => seat.user)}::integer[], ${seats.map((seat) => seat.role)}::text[],
          ${seats.map((seat) => seat.team)}::text[], ${seats.map((seat) => seat.won)}::boolean[], ${seats.map((seat) => seat.points)}::double precision[], ${seats.map((seat) => JSON.stringify(seat.breakdown))}::text[])
          as seat (seat, user_id, role, team, won, points, breakdown)
        where exists (select 1 from stored)
        on conflict (lobby_id, seat) do update set user_id = excluded.user_id, role = excluded.role, team = excluded.team,
          won = excluded.won, points = excluded.points, breakdown = excluded.breakdown)`,
      sql`vacated as (delete from game_players where lobby_id = ${lobbyId} and not (seat = any(${seats.map((seat) => seat.seat)}::smallint[])) and exists (select 1 from stored))`,
    )
  }
  if (changes.lease !== undefined) kind.push('fenced')
  const stored = await sql<{ stored: number }>`${sql.raw(`/* prepared:${kind.join('_')} */ `)}with ${sql.join(parts)} select count(*)::integer as stored from stored`.execute(queries)
  return stored.rows[0]?.stored ?? 0
}

export type GameRepository = ReturnType<typeof createGameRepository>
