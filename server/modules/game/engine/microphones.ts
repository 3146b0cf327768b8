import type { GameState } from './state'

/**
 * The seats whose microphones are open. By day only the speaker's (last words and best move
 * included) until their time is up or the judge pauses; at night and during votes nobody's (black
 * players agree in the chat's mafia room). Before the deal and after the end everyone may talk.
 * The judge's overrides for the current phase come last.
 */
export function openMicrophones(state: GameState): number[] {
  const open = new Set<number>()
  if (state.phase === 'created' || state.phase === 'ended') {
    for (const player of state.seats) open.add(player.seat)
    return [...open]
  }
  const speaking = state.phase === 'day_speech' || state.phase === 'defence_speech' || state.phase === 'last_words' || state.phase === 'best_move'
  if (speaking && state.speaker !== null && !state.paused && !state.timeUp) open.add(state.speaker)
  for (const [seat, isOpen] of Object.entries(state.microphones)) {
    if (isOpen) open.add(Number(seat))
    else open.delete(Number(seat))
  }
  return [...open].sort((left, right) => left - right)
}
