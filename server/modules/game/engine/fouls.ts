import type { GameErrorCode } from '../../../contract/game'
import type { GameState, SeatState } from './state'

/** The third foul takes the player's next speech. */
export const fouledOutOfSpeech = 3
/** With `fourthFoul`, the fourth foul removes the player. */
export const removingFoul = 4

/**
 * Whether a foul can be given. Without `fourthFoul`, fouls stop counting at three, so a fourth is
 * refused rather than recorded without effect.
 */
export function foulError(state: GameState, player: SeatState): GameErrorCode | undefined {
  const limit = state.settings.fourthFoul ? removingFoul : fouledOutOfSpeech
  return player.fouls >= limit ? 'errors.game.foul_limit' : undefined
}

export function removesPlayer(state: GameState, fouls: number): boolean {
  return state.settings.fourthFoul && fouls >= removingFoul
}

/**
 * What happens to the speech the third foul took: it is lost, except that with only three or four
 * players left it is shortened to 30 seconds instead (every voice counts at the end of a game).
 */
export function lostSpeechRule(playersAtTable: number): 'skip' | 'shorten' {
  return playersAtTable > 4 ? 'skip' : 'shorten'
}
