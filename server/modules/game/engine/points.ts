import type { GameResult, SeatResult } from '../../../contract/game'
import { mapPacked } from './arrays'
import { teamOf } from './decks'
import type { GameState } from './state'

export const points = {
  win: 1,
  bestMoveThree: 0.4,
  bestMoveTwo: 0.25,
  /** Removed for fouls or disqualified (a three-minute disconnection counts as disqualification). */
  removal: -0.5,
  extraLimit: 1,
  extraStep: 0.05,
} as const

/** Points are sums of hundredths; rounding keeps 0.1 + 0.2 from showing as 0.30000000000000004. */
function round(value: number): number {
  return Math.round(value * 100) / 100 + 0
}

/** Extra points lie between -1 and +1 in steps of 0.05. */
export function isValidExtra(value: number): boolean {
  if (!Number.isFinite(value) || Math.abs(value) > points.extraLimit + 1e-9) return false
  const steps = value / points.extraStep
  return Math.abs(steps - Math.round(steps)) < 1e-6
}

export function extraOf(state: GameState, seat: number): number {
  return round(state.awards.filter((award) => award.seat === seat).reduce((sum, award) => sum + award.points, 0))
}

/**
 * The best move's points: 0.4 for three black seats named, 0.25 for two. Only a red player earns
 * them; a black victim knows his partners, so naming them proves nothing.
 */
export function bestMovePoints(state: GameState, seat: number): number {
  const player = state.seats[seat - 1]
  const bestMove = state.bestMoves.find((named) => named.seat === seat)
  if (!player?.role || !bestMove || teamOf(player.role) !== 'red') return 0
  const black = bestMove.targets.filter((target) => {
    const role = state.seats[target - 1]?.role
    return role ? teamOf(role) === 'black' : false
  }).length
  if (black >= 3) return points.bestMoveThree
  if (black === 2) return points.bestMoveTwo
  return 0
}

/** The finished game's result, or null while it is being played. */
export function gameResult(state: GameState): GameResult | null {
  const outcome = state.outcome
  if (!outcome) return null
  const seats: SeatResult[] = mapPacked(state.seats, (player) => {
    const role = player.role ?? 'Civil'
    const team = teamOf(role)
    const won = outcome.outcome === team
    const breakdown = {
      win: won ? points.win : 0,
      bestMove: bestMovePoints(state, player.seat),
      removal: player.left === 'fouls' || player.left === 'disqualified' || player.left === 'disconnected' ? points.removal : 0,
      extra: extraOf(state, player.seat),
    }
    return {
      seat: player.seat,
      user: player.user,
      role,
      team,
      won,
      points: round(breakdown.win + breakdown.bestMove + breakdown.removal + breakdown.extra),
      breakdown,
    }
  })
  return {
    outcome: outcome.outcome,
    reason: outcome.reason,
    losingTeam: outcome.losingTeam,
    finalised: state.finalised,
    countsForRatings: countsForRatings(state),
    seats,
  }
}

/** Newbie tables do not count for ratings. */
export function countsForRatings(state: GameState): boolean {
  return !state.settings.newbie
}

/**
 * Whether two results of one game give every seat the same user, role, team, win and points (the
 * judge's extra points and a seat's removal are what change them after the end). A result stored
 * with the same seats needs its seats' rows written again no more.
 */
export function sameSeatResults(before: readonly SeatResult[], after: readonly SeatResult[]): boolean {
  if (before.length !== after.length) return false
  return before.every((seat, index) => {
    const other = after[index] as SeatResult
    return (
      seat.seat === other.seat &&
      seat.user === other.user &&
      seat.role === other.role &&
      seat.team === other.team &&
      seat.won === other.won &&
      seat.points === other.points &&
      seat.breakdown.win === other.breakdown.win &&
      seat.breakdown.bestMove === other.breakdown.bestMove &&
      seat.breakdown.removal === other.breakdown.removal &&
      seat.breakdown.extra === other.breakdown.extra
    )
  })
}
