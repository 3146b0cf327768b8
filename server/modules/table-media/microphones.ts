import type { RoomControl } from '../../media'
import { openMicrophones, type GameState } from '../game'

export type { RoomControl }

const speechPhases: ReadonlySet<GameState['phase']> = new Set(['day_speech', 'defence_speech', 'last_words', 'best_move'])

/**
 * What the game says a table's media room should do: whose microphone is forwarded, and whose
 * camera everyone sees large. The engine's `openMicrophones` decides the seats (the rules, the
 * judge's overrides, a seat that left heard only while it holds the word, everyone before the
 * deal and after the end); this names the peers, whose ids are user ids as strings. Peers not
 * named keep what they have (spectators never publish).
 *
 * Null state: before the deal, when everyone may talk and nothing needs saying.
 *
 * - The judge's microphone is always open.
 * - The speaker is the seat holding the word in a speech phase while the game runs.
 */
export function roomControlOf(state: GameState | null): RoomControl {
  if (!state) return { microphones: {}, speaker: null }
  const open = openMicrophones(state)
  const microphones: Record<string, boolean> = {}
  for (const player of state.seats) microphones[String(player.user)] = open.includes(player.seat)
  if (state.judge !== null) microphones[String(state.judge)] = true
  const running = state.phase !== 'created' && state.phase !== 'ended'
  const speakerSeat = running && speechPhases.has(state.phase) && state.speaker !== null ? state.seats[state.speaker - 1] : undefined
  return { microphones, speaker: speakerSeat ? String(speakerSeat.user) : null }
}
