import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { defaultLobbySettings } from '../../server/contract/game/settings'

/** One finished game as the game repository stores it: a seat per player, red 1–7 and black 8–10 at a classic table. */
export interface FinishedGame {
  /** Ten user ids by seat. */
  players: readonly number[]
  redWon: boolean
  endedAt: Date
  judged?: boolean
  newbie?: boolean
  finalised?: boolean
}

const roleOfSeat = (seat: number) => (seat === 1 ? 'Sheriff' : seat === 8 ? 'Don' : seat <= 7 ? 'Civil' : 'Mafia')

/**
 * Writes finished games straight into the tables the game repository writes (lobbies, game_results,
 * game_players), many per statement: the ratings read nothing else. Answers the lobby ids. One
 * transaction, as the repository stores a game's end in one statement: a rating round running
 * meanwhile (a finished game's notice fires a second later) sees each game whole or not at all, never
 * a result without its players.
 */
export function insertFinishedGames(db: Kysely<Database>, games: readonly FinishedGame[]): Promise<number[]> {
  if (games.length === 0) return Promise.resolve([])
  return db.transaction().execute((trx) => insertFinishedGamesIn(trx, games))
}

async function insertFinishedGamesIn(db: Kysely<Database>, games: readonly FinishedGame[]): Promise<number[]> {
  const lobbies = await db
    .insertInto('lobbies')
    .values(
      games.map((game) => ({
        name: 'rated',
        language: 'en',
        deck_id: 1,
        settings: JSON.stringify({ ...defaultLobbySettings, judge: game.judged ?? true, newbie: game.newbie ?? false }),
        kind: game.judged === false ? ('ladder' as const) : ('custom' as const),
        status: 'ended' as const,
        started_at: new Date(game.endedAt.getTime() - 3_600_000),
        ended_at: game.endedAt,
      })),
    )
    .returning('id')
    .execute()
  const ids = lobbies.map((row) => row.id)
  await db
    .insertInto('game_results')
    .values(
      games.map((game, index) => ({
        lobby_id: ids[index] as number,
        outcome: game.redWon ? 'red' : 'black',
        reason: game.redWon ? 'all_black_out' : 'parity',
        losing_team: null,
        judge_id: null,
        counts_for_ratings: !(game.newbie ?? false),
        finalised: game.finalised ?? true,
        ended_at: game.endedAt,
      })),
    )
    .execute()
  await db
    .insertInto('game_players')
    .values(
      games.flatMap((game, index) =>
        game.players.map((userId, seatIndex) => {
          const seat = seatIndex + 1
          const team = seat <= 7 ? 'red' : 'black'
          const won = (team === 'red') === game.redWon
          return { lobby_id: ids[index] as number, seat, user_id: userId, role: roleOfSeat(seat), team, won, points: won ? 1 : 0, breakdown: JSON.stringify({ win: won ? 1 : 0 }) }
        }),
      ),
    )
    .execute()
  return ids
}

/** Users written in one statement, with nicknames given (no session: for tables that only need people). */
export async function insertUsers(db: Kysely<Database>, nicknames: readonly string[]): Promise<number[]> {
  const suffix = `${process.pid}${Math.random().toString(36).slice(2, 8)}`
  const rows = await db
    .insertInto('users')
    .values(nicknames.map((nickname, index) => ({ nickname, email: `rated${index}-${suffix}@example.test`, password_hash: '!', email_confirmation: true, referral_token: `r${index}${suffix}` })))
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** A seeded pseudo-random generator (the same games on every run). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state / 2 ** 32
  }
}

/** Every standing and history row, in a stable order: what a recompute must reproduce exactly. */
export async function ratingSnapshot(db: Kysely<Database>) {
  const entries = await sql`select ladder_id, user_id, mu, sigma, rating, games, wins, recent, last_game_at from rating_entries order by ladder_id, user_id`.execute(db)
  const sides = await sql`select ladder_id, mu, sigma from rating_sides order by ladder_id`.execute(db)
  const history = await sql`select * from rating_history order by user_id, ladder_id, seq`.execute(db)
  const games = await sql`select lobby_id, seq from rating_games order by seq`.execute(db)
  return { entries: entries.rows, sides: sides.rows, history: history.rows, games: games.rows }
}
