import type { GameView, NightActionView } from '../../../server/contract/game'
import type { LobbySummary } from '../../../server/contract/socket/lobbies'

/** Milliseconds left on the phase's timer (a paused one shows what it froze at). */
export function timeLeft(view: Pick<GameView, 'deadline' | 'paused' | 'remaining'>, now: number): number | null {
  if (view.paused) return view.remaining
  if (view.deadline === null) return null
  return Math.max(0, view.deadline - now)
}

/** Minutes and seconds left, rounded up: "1:05". */
export function formatClock(milliseconds: number): string {
  const seconds = Math.ceil(milliseconds / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
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

/** A translation key with its values: the screen translates, this module only chooses. */
export interface Text {
  key: string
  values?: Record<string, string | number>
}

/**
 * The morning after a night: the night's counter has caught up with the day's (the next day starts
 * after the farewells), so a best move or last words now close that night.
 */
export function isMorning(view: Pick<GameView, 'phase' | 'day' | 'night'>): boolean {
  return (view.phase === 'best_move' || view.phase === 'last_words') && view.night > 0 && view.night === view.day
}

/** The phase bar's text: "Night 1 · Shooting", "Morning of day 2 · Best move", "Day 2 · Seat 3 speaks". */
export function phaseLabel(view: Pick<GameView, 'phase' | 'day' | 'night' | 'speaker' | 'nightStep'>): Text {
  const { phase, speaker } = view
  if (phase === 'created' || phase === 'zero_night' || phase === 'ended') return { key: `game.phase.${phase}` }
  if (phase.startsWith('night_')) return { key: `game.screen.phase.night.${view.nightStep ?? phase.slice('night_'.length)}`, values: { night: view.night } }
  const day = isMorning(view) ? view.night + 1 : view.day
  const when = isMorning(view) ? 'morning' : 'day'
  if (phase === 'best_move') return { key: `game.screen.phase.${when}.bestMove`, values: { day, seat: speaker ?? '' } }
  if (speaker !== null && (phase === 'day_speech' || phase === 'defence_speech' || phase === 'last_words')) {
    return { key: `game.screen.phase.${when}.${phase}`, values: { day, seat: speaker } }
  }
  return { key: `game.screen.phase.${when}.other`, values: { day, phase: `game.phase.${phase}` } }
}

/** Nominations belong to the day that made them: not drawn at night or on the morning after. */
export function nominationsShown(view: Pick<GameView, 'phase' | 'day' | 'night'>): boolean {
  return !view.phase.startsWith('night_') && view.phase !== 'ended' && !isMorning(view)
}

/** A check's answer about one seat: the night it was asked and what it found. */
export interface CheckOnSeat {
  night: number
  result: NonNullable<NightActionView['result']>
}

/**
 * The check answers about this seat that the view holds, oldest first: the server sends a checker
 * their own answers and the judge every one, so the tile shows exactly what this viewer may know.
 */
export function checksOn(view: Pick<GameView, 'nightActions'>, seat: number): CheckOnSeat[] {
  const checks: CheckOnSeat[] = []
  for (const action of view.nightActions) if (action.target === seat && action.result !== null) checks.push({ night: action.night, result: action.result })
  return checks
}
