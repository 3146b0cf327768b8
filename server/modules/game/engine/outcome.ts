import { teamOf } from './decks'
import type { GameState, OutcomeRecord } from './state'

/**
 * Whether the game is decided, checked after every departure.
 *
 * Deck 1: red wins when every black player has left; black wins when black players at the table
 * are at least as many as red ones.
 *
 * With the Maniac (deck 2), who plays alone:
 * - the Maniac wins when he is one of the last two at the table (checked first, so one Maniac and
 *   one black player left is his win, not black's);
 * - the Maniac counts with neither team for parity: black wins when black players are at least as
 *   many as red ones, whether or not he is still playing;
 * - red wins only when every black player and the Maniac have left, because the city is not safe
 *   while he still kills.
 */
export function decideWinner(state: GameState): OutcomeRecord | null {
  let red = 0
  let black = 0
  let maniac = 0
  for (const player of state.seats) {
    if (player.left !== null || player.role === null) continue
    const team = teamOf(player.role)
    if (team === 'red') red++
    else if (team === 'black') black++
    else maniac++
  }
  if (maniac > 0 && red + black + maniac <= 2) return { outcome: 'maniac', reason: 'maniac_last_two', losingTeam: null }
  if (black === 0 && maniac === 0) return { outcome: 'red', reason: 'all_black_left', losingTeam: null }
  if (black > 0 && black >= red) return { outcome: 'black', reason: 'black_parity', losingTeam: null }
  return null
}

/** Periods (days and nights) in a row without a departure that make a draw: three nights and two days. */
export const quietPeriodsForDraw = 5

/**
 * The draw rule, checked each morning: nobody has left during the last three nights and the two
 * days between them. The zero night has no shots, so it does not count as one of the nights.
 */
export function isQuietDraw(state: GameState): boolean {
  let lastDeparture = 0
  for (const player of state.seats) {
    if (player.leftInPeriod !== null && player.leftInPeriod > lastDeparture) lastDeparture = player.leftInPeriod
  }
  return state.period % 2 === 0 && state.period - lastDeparture >= quietPeriodsForDraw
}
