import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../../db/schema'
import type { GameEvent, GameResult } from '../../contract/game'
import type { UserCard } from '../../contract/socket/common'

type Queries = Kysely<Database> | Transaction<Database>

/** A table's lobby status as the game host needs it. */
export type TableStatus = 'open' | 'running' | 'ended' | 'disbanded'

/** All SQL of the game module: the event record, and a finished game's result. */
export function createGameRepository(db: Kysely<Database>) {
  return {
    /** The game's events, in version order (empty before the deal). */
    async events(lobbyId: number): Promise<GameEvent[]> {
      const rows = await db.selectFrom('game_events').select('event').where('lobby_id', '=', lobbyId).orderBy('version').execute()
      return rows.map((row) => row.event as GameEvent)
    },

    /** The table's status (disbanded: closed by an admin; its record stays, its game does not go on); null for an unknown id. */
    async status(lobbyId: number): Promise<TableStatus | null> {
      const row = await db.selectFrom('lobbies').select('status').where('id', '=', lobbyId).executeTakeFirst()
      return row?.status ?? null
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
     * Stores one command's events, and what they change: the lobby's status (running at the deal,
     * ended at the end) and the result with every player's role and points. A move of a running
     * game is one INSERT; the deal, the end and the judge's later changes of the result are one
     * transaction with what they change. The primary key (lobby, version) refuses a second writer
     * of the same version.
     */
    async append(lobbyId: number, events: readonly GameEvent[], changes: { result: GameResult | null; judge: number | null }): Promise<void> {
      const rows = events.map((event) => ({ lobby_id: lobbyId, version: event.version, type: event.type, event: JSON.stringify(event) }))
      if (!changes.result && !events.some((event) => event.type === 'roles_dealt')) {
        await db.insertInto('game_events').values(rows).execute()
        return
      }
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('game_events').values(rows).execute()
        if (events.some((event) => event.type === 'roles_dealt')) {
          await trx.updateTable('lobbies').set({ status: 'running', started_at: new Date(events[0]?.at ?? Date.now()) }).where('id', '=', lobbyId).execute()
        }
        const ended = events.find((event) => event.type === 'game_ended')
        if (ended) {
          await trx.updateTable('lobbies').set({ status: 'ended', ended_at: new Date(ended.at) }).where('id', '=', lobbyId).where('status', '=', 'running').execute()
        }
        if (changes.result) await saveResult(trx, lobbyId, changes.result, changes.judge)
      })
    },
  }
}

async function saveResult(trx: Queries, lobbyId: number, result: GameResult, judge: number | null): Promise<void> {
  const row = {
    outcome: result.outcome,
    reason: result.reason,
    losing_team: result.losingTeam,
    judge_id: judge,
    counts_for_ratings: result.countsForRatings,
    finalised: result.finalised,
  }
  await trx
    .insertInto('game_results')
    .values({ lobby_id: lobbyId, ...row })
    .onConflict((conflict) => conflict.column('lobby_id').doUpdateSet(row))
    .execute()
  // Extra points may still change a judged game's result until the protocol closes: rewrite the rows.
  await trx.deleteFrom('game_players').where('lobby_id', '=', lobbyId).execute()
  await trx
    .insertInto('game_players')
    .values(
      result.seats.map((seat) => ({
        lobby_id: lobbyId,
        seat: seat.seat,
        user_id: seat.user,
        role: seat.role,
        team: seat.team,
        won: seat.won,
        points: seat.points,
        breakdown: JSON.stringify(seat.breakdown),
      })),
    )
    .execute()
}

export type GameRepository = ReturnType<typeof createGameRepository>
