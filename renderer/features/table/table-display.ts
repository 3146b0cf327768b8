import type { GameView } from '../../../server/contract/game'
import type { LobbySummary } from '../../../server/contract/socket/lobbies'

/** Milliseconds left on the phase's timer (a paused one shows what it froze at). */
export function timeLeft(view: Pick<GameView, 'deadline' | 'paused' | 'remaining'>, now: number): number | null {
  if (view.paused) return view.remaining
  if (view.deadline === null) return null
  return Math.max(0, view.deadline - now)
}

/**
 * Whether the viewer may leave the table (a lobby matter: the game has no say): players and the
 * judge stay at a running game; spectators always may.
 */
export function mayLeave(as: 'player' | 'judge' | 'spectator', status: string): boolean {
  return as === 'spectator' || status !== 'running'
}

/** Every seat of the table is taken: before the deal, the judge may start. */
export function seatsTaken(summary: Pick<LobbySummary, 'players' | 'seatCount'>): boolean {
  return summary.players.length === summary.seatCount
}
