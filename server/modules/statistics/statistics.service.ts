import { statisticsLimits, type HeadToHead, type PlayedGame, type PlayedGames, type PlayerCard, type PlayerStatistics } from '../../contract/http/statistics'
import { AppError, badRequest } from '../../lib/app-error'
import type { CardRow, GameRow, StatisticsRepository } from './statistics.repository'

/** Percent of games won, a tenth at most; 0 without games. */
export const winRate = (wins: number, games: number) => (games === 0 ? 0 : Math.round((wins * 1000) / games) / 10)
/** Points and ratings are shown to a tenth at most (sums of halves and tenths carry float noise). */
const tenth = (value: number) => Math.round(value * 10) / 10

const toCard = (row: CardRow): PlayerCard => ({ id: row.id, nickname: row.nickname, avatar: row.avatar })

const toGame = (row: GameRow): PlayedGame => ({
  lobbyId: row.lobby_id,
  endedAt: new Date(row.ended_at).toISOString(),
  seat: row.seat,
  role: row.role,
  team: row.team,
  won: row.won,
  points: tenth(row.points),
})

const unknownPlayer = (field: string) => new AppError(404, 'errors.statistics.unknown_player', { field })

/**
 * The rules of the statistics: which games count (final results only, in the repository), who
 * exists, which pages exist. Every refusal comes before any reading of games.
 */
export function createStatisticsService(deps: { repository: StatisticsRepository }) {
  const { repository } = deps

  async function gamesPage(userId: number, page: number, itemsPerPage: number): Promise<PlayedGames> {
    const { total, rows } = await repository.games(userId, itemsPerPage, (page - 1) * itemsPerPage)
    const pages = Math.max(1, Math.ceil(total / itemsPerPage))
    if (page > pages) throw badRequest('errors.statistics.page_out_of_range', 'page')
    return { items: rows.map(toGame), total }
  }

  return {
    /** A player's whole page: record, per role and seat, best moves, fouls, the rating's chart, the first page of games. */
    async player(userId: number): Promise<PlayerStatistics> {
      const card = await repository.card(userId)
      if (!card) throw unknownPlayer('id')
      const [record, history, recent] = await Promise.all([
        repository.record(userId),
        repository.ratingHistory(userId, statisticsLimits.historyPoints),
        gamesPage(userId, 1, statisticsLimits.gamesPerPageDefault),
      ])
      const whole = record.find((row) => !row.by_role && !row.by_seat)
      const roles = record
        .filter((row) => row.by_role && row.role !== null)
        .map((row) => ({ role: row.role as string, games: row.games, wins: row.wins, winRate: winRate(row.wins, row.games), points: tenth(row.points) }))
        .sort((a, b) => b.games - a.games || a.role.localeCompare(b.role))
      const seats = record
        .filter((row) => row.by_seat && row.seat !== null)
        .map((row) => ({ seat: row.seat as number, games: row.games, wins: row.wins }))
        .sort((a, b) => a.seat - b.seat)
      return {
        player: toCard(card),
        total: { games: whole?.games ?? 0, wins: whole?.wins ?? 0, winRate: winRate(whole?.wins ?? 0, whole?.games ?? 0), points: tenth(whole?.points ?? 0) },
        roles,
        seats,
        bestMoves: { games: whole?.best_games ?? 0, points: tenth(whole?.best_points ?? 0) },
        fouls: { total: whole?.fouls ?? 0, removals: whole?.removals ?? 0 },
        rating: card.rating === null ? null : tenth(card.rating),
        ratingHistory: history
          .map((row) => ({ lobbyId: row.lobby_id, endedAt: new Date(row.ended_at).toISOString(), rating: tenth(row.rating_after) }))
          .reverse(),
        recent,
      }
    },

    /** A page of a player's games; an unknown player or a page past the last is refused. */
    async games(userId: number, page: number, itemsPerPage: number): Promise<PlayedGames> {
      if (!(await repository.card(userId))) throw unknownPlayer('id')
      return gamesPage(userId, page, itemsPerPage)
    },

    /** Head-to-head of two different, existing players. */
    async versus(userId: number, otherId: number): Promise<HeadToHead> {
      if (userId === otherId) throw badRequest('errors.invalid_value', 'otherId')
      const cards = await repository.cards([userId, otherId])
      const player = cards.find((row) => row.id === userId)
      const other = cards.find((row) => row.id === otherId)
      if (!player) throw unknownPlayer('id')
      if (!other) throw unknownPlayer('otherId')
      const counts = await repository.versus(userId, otherId)
      return {
        player: toCard(player),
        other: toCard(other),
        together: { games: counts.together, wins: counts.together_wins },
        against: { games: counts.against, playerWins: counts.player_wins, otherWins: counts.other_wins },
      }
    },

    /** Players matching a search, taken literally. */
    async search(raw: string): Promise<PlayerCard[]> {
      const search = raw.trim()
      if (search === '') throw badRequest('errors.required', 'search')
      return (await repository.search(search, statisticsLimits.searchResults)).map(toCard)
    },
  }
}

export type StatisticsService = ReturnType<typeof createStatisticsService>
