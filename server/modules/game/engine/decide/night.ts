import type { CommandSender, GameErrorCode } from '../../../../contract/game'
import type { Draft } from '../draft'
import { actsInStep, checkResult, hasActed, nightTargetError, roleAt } from '../night'
import type { GameState } from '../state'
import { playingError, senderSeat } from './guards'

/** Whether this seat acts in the night step under way and has not yet acted in it. */
export function nightActorError(state: GameState, seat: number): GameErrorCode | undefined {
  const error = playingError(state, seat)
  if (error) return error
  const step = state.nightStep
  if (step === null || !state.phase.startsWith('night_')) return 'errors.game.phase'
  const role = roleAt(state, seat)
  if (role === null || !actsInStep(role, step)) return 'errors.game.not_your_turn'
  if (state.timeUp) return 'errors.game.time_up'
  if (hasActed(state, seat, step)) return 'errors.game.already_acted'
  return undefined
}

export function nightActionError(state: GameState, seat: number, target: number): GameErrorCode | undefined {
  return nightActorError(state, seat) ?? nightTargetError(state, seat, state.nightStep as NonNullable<GameState['nightStep']>, target)
}

/**
 * A night click: its meaning comes from the night step and the player's role. The step runs its
 * full time whatever happens, so nobody learns from its length whether the role is still playing.
 */
export function nightAction(draft: Draft, by: CommandSender, target: number): GameErrorCode | undefined {
  const state = draft.state
  const sender = senderSeat(state, by)
  if ('error' in sender) return sender.error
  const seat = sender.value
  const error = nightActionError(state, seat, target)
  if (error) return error
  const step = state.nightStep as NonNullable<GameState['nightStep']>
  const targetRole = roleAt(state, target)
  draft.emit({ type: 'night_action', step, seat, target, result: targetRole === null ? null : checkResult(step, targetRole) })
  return undefined
}
