/** One seat of a finished tournament game, as the standings count it. */
export interface SeatOutcome {
  userId: number
  won: boolean
  /** The game's points of GAME-RULES.md (win, best move, removal, the judge's extra points). */
  points: number
  /** The judge's extra points alone. */
  extra: number
  /** The player was shot on the first night. */
  firstNightKilled: boolean
}

export interface Standing {
  rank: number
  userId: number
  games: number
  points: number
  wins: number
  extra: number
  firstNightKills: number
}

/** Sums kept in hundredths, so 0.1 + 0.2 adds up to what the table shows. */
const hundredths = (value: number) => Math.round(value * 100)

/**
 * The standings: every registered player (and anyone who played a tournament game), ordered by
 * points, then wins, then the judge's extra points, then first-night kills (being shot on the first
 * night ranks higher: the player lost the game's most of their chance through no fault of their
 * own). Players equal on all four share a rank; the order among them is by user id.
 */
export function standingsOf(outcomes: readonly SeatOutcome[], registered: readonly number[]): Standing[] {
  const totals = new Map<number, { games: number; points: number; wins: number; extra: number; firstNightKills: number }>()
  const totalOf = (userId: number) => {
    let total = totals.get(userId)
    if (!total) totals.set(userId, (total = { games: 0, points: 0, wins: 0, extra: 0, firstNightKills: 0 }))
    return total
  }
  for (const userId of registered) totalOf(userId)
  for (const outcome of outcomes) {
    const total = totalOf(outcome.userId)
    total.games += 1
    total.points += hundredths(outcome.points)
    total.extra += hundredths(outcome.extra)
    if (outcome.won) total.wins += 1
    if (outcome.firstNightKilled) total.firstNightKills += 1
  }
  const rows = [...totals].map(([userId, total]) => ({ userId, ...total }))
  const compare = (left: (typeof rows)[number], right: (typeof rows)[number]) =>
    right.points - left.points || right.wins - left.wins || right.extra - left.extra || right.firstNightKills - left.firstNightKills
  rows.sort((left, right) => compare(left, right) || left.userId - right.userId)
  const standings: Standing[] = []
  rows.forEach((row, index) => {
    const previous = rows[index - 1]
    const rank = previous && compare(previous, row) === 0 ? (standings[index - 1] as Standing).rank : index + 1
    standings.push({ rank, userId: row.userId, games: row.games, points: row.points / 100, wins: row.wins, extra: row.extra / 100, firstNightKills: row.firstNightKills })
  })
  return standings
}
