import type { RoomControl } from '../../media'
import { microphoneControl, type GameState } from '../game'

export type { RoomControl }

/**
 * What the game says a table's media room should do: whose microphone is forwarded, and whose
 * camera everyone sees large. The engine decides (`microphoneControl`: the rules, the judge's
 * overrides, a seat that left heard only while it holds the word, the judge, the speaker); this
 * only names the peers, whose ids are user ids as strings. Peers not named keep what they have
 * (spectators never publish).
 *
 * Null state: before the deal, when everyone may talk and nothing needs saying.
 */
export function roomControlOf(state: GameState | null): RoomControl {
  if (!state) return { microphones: {}, speaker: null }
  const control = microphoneControl(state)
  const microphones: Record<string, boolean> = {}
  for (const player of state.seats) microphones[String(player.user)] = false
  for (const seat of control.open) {
    const player = state.seats[seat - 1]
    if (player) microphones[String(player.user)] = true
  }
  if (state.judge !== null) microphones[String(state.judge)] = control.judge
  const speaker = control.speaker === null ? undefined : state.seats[control.speaker - 1]
  return { microphones, speaker: speaker ? String(speaker.user) : null }
}
