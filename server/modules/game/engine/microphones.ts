import type { GameState } from './state'

/**
 * The seats whose microphones are open. By day only the speaker's (last words and best move
 * included) until their time is up or the judge pauses; at night and during votes nobody's (black
 * players agree in the chat's mafia room). Before the deal and after the end everyone may talk.
 * The judge's overrides for the current phase come last.
 */
export function openMicrophones(state: GameState): number[] {
  if (state.phase === 'created' || state.phase === 'ended') return state.seats.map((player) => player.seat)
  const speaking = state.phase === 'day_speech' || state.phase === 'defence_speech' || state.phase === 'last_words' || state.phase === 'best_move'
  const speaker = speaking && state.speaker !== null && !state.paused && !state.timeUp ? state.speaker : null
  if (!hasOverrides(state)) return speaker === null ? [] : [speaker]
  const open = new Set<number>(speaker === null ? [] : [speaker])
  for (const [seat, isOpen] of Object.entries(state.microphones)) {
    if (isOpen) open.add(Number(seat))
    else open.delete(Number(seat))
  }
  return [...open].sort((left, right) => left - right)
}

/** Without allocating: views ask this for every viewer of every version. */
function hasOverrides(state: GameState): boolean {
  for (const _seat in state.microphones) return true
  return false
}
