import type { CommandSender, GameErrorCode } from '../../../../contract/game'
import type { Draft } from '../draft'
import { actsInStep, checkResult, hasActed, nightTargetError, roleAt } from '../night'
import { playingSender } from './guards'

/**
 * A night click: its meaning comes from the night step and the player's role. The step runs its
 * full time whatever happens, so nobody learns from its length whether the role is still playing.
 */
export function nightAction(draft: Draft, by: CommandSender, target: number): GameErrorCode | undefined {
  const state = draft.state
  const sender = playingSender(state, by)
  if ('error' in sender) return sender.error
  const seat = sender.value
  const step = state.nightStep
  if (step === null || !state.phase.startsWith('night_')) return 'errors.game.phase'
  const role = roleAt(state, seat)
  if (role === null || !actsInStep(role, step)) return 'errors.game.not_your_turn'
  if (state.timeUp) return 'errors.game.time_up'
  if (hasActed(state, seat, step)) return 'errors.game.already_acted'
  const targetError = nightTargetError(state, seat, step, target)
  if (targetError) return targetError
  const targetRole = roleAt(state, target)
  draft.emit({ type: 'night_action', step, seat, target, result: targetRole === null ? null : checkResult(step, targetRole) })
  return undefined
}
