import type { CommandSender, GameErrorCode } from '../../../../contract/game'
import type { Draft } from '../draft'
import { finishPhase, startLastWords } from '../flow'
import { isAtTable, isSeat } from '../state'
import { playingSender, seatedSender } from './guards'

/**
 * During their own speech a player nominates one player, once a day. At a judged table the
 * nomination waits for the judge's confirmation; without a judge it is made at once.
 */
export function nominate(draft: Draft, by: CommandSender, target: number): GameErrorCode | undefined {
  const state = draft.state
  const sender = playingSender(state, by)
  if ('error' in sender) return sender.error
  const seat = sender.value
  if (state.phase !== 'day_speech') return 'errors.game.phase'
  if (state.speaker !== seat) return 'errors.game.not_your_turn'
  if (state.timeUp) return 'errors.game.time_up'
  if (state.nominations.some((nomination) => nomination.by === seat)) return 'errors.game.nomination_used'
  if (state.pendingNomination) return 'errors.game.nomination_pending'
  if (!isSeat(state, target) || !isAtTable(state, target)) return 'errors.game.invalid_target'
  if (state.nominations.some((nomination) => nomination.target === target)) return 'errors.game.already_nominated'
  draft.emit({ type: state.judge !== null ? 'nomination_proposed' : 'nominated', by: seat, target })
  return undefined
}

/** The speaker ends their speech (or last words, or skips the best move) before the timer. */
export function endSpeech(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const state = draft.state
  const sender = seatedSender(state, by)
  if ('error' in sender) return sender.error
  const seat = sender.value
  const speaking = state.phase === 'day_speech' || state.phase === 'defence_speech' || state.phase === 'last_words' || state.phase === 'best_move'
  if (!speaking || state.speaker !== seat) {
    if (!isAtTable(state, seat)) return 'errors.game.seat_left'
    return speaking ? 'errors.game.not_your_turn' : 'errors.game.phase'
  }
  finishPhase(draft)
  return undefined
}

/** The first-night victim names up to three seats (not their own) before the last words. */
export function bestMove(draft: Draft, by: CommandSender, targets: readonly number[]): GameErrorCode | undefined {
  const state = draft.state
  const sender = seatedSender(state, by)
  if ('error' in sender) return sender.error
  const seat = sender.value
  if (state.speaker !== seat && !isAtTable(state, seat)) return 'errors.game.seat_left'
  if (state.phase !== 'best_move') return 'errors.game.phase'
  if (state.speaker !== seat) return 'errors.game.not_your_turn'
  if (state.timeUp) return 'errors.game.time_up'
  const valid =
    Array.isArray(targets) &&
    targets.length <= 3 &&
    new Set(targets).size === targets.length &&
    targets.every((target) => isSeat(state, target) && target !== seat)
  if (!valid) return 'errors.game.invalid_target'
  draft.emit({ type: 'best_move_named', seat, targets: [...targets] })
  startLastWords(draft, seat)
  return undefined
}
