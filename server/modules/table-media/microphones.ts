import type { RoomControl } from '../../media'
import { openMicrophones, type GameState } from '../game'

export type { RoomControl }

const speechPhases: ReadonlySet<GameState['phase']> = new Set(['day_speech', 'defence_speech', 'last_words', 'best_move'])

/**
 * What the game says a table's media room should do: whose microphone is forwarded, and whose
 * camera everyone sees large. Peer ids are user ids as strings. Peers not named keep what they
 * have (spectators never publish; before the deal nobody was ever closed).
 *
 * The room control of a table at this state of its game (null: before the deal, when everyone may
 * talk and nothing needs saying).
 *
 * - Every seat follows the engine's `openMicrophones` (the rules, then the judge's overrides).
 * - A seat that has left the game (shot, voted out, disqualified, removed after a lost connection)
 *   stays in the room and its camera is still forwarded, but its microphone is closed while the game
 *   runs, whatever the overrides say, except while it is the speaker (last words, best move).
 *   After the end everyone at the table may talk again.
 * - The judge's microphone is always open.
 */
export function roomControlOf(state: GameState | null): RoomControl {
  if (!state) return { microphones: {}, speaker: null }
  const running = state.phase !== 'created' && state.phase !== 'ended'
  const open = new Set(openMicrophones(state))
  const microphones: Record<string, boolean> = {}
  for (const seat of state.seats) {
    const present = !running || seat.left === null || seat.seat === state.speaker
    microphones[String(seat.user)] = open.has(seat.seat) && present
  }
  if (state.judge !== null) microphones[String(state.judge)] = true
  const speakerSeat = running && speechPhases.has(state.phase) && state.speaker !== null ? state.seats[state.speaker - 1] : undefined
  return { microphones, speaker: speakerSeat ? String(speakerSeat.user) : null }
}
