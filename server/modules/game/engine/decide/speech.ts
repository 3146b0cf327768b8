import type { CommandSender, GameErrorCode } from '../../../../contract/game'
import type { Draft } from '../draft'
import { finishPhase, startLastWords } from '../flow'
import { isAtTable, isSeat, type GameState } from '../state'
import { playingError, seatedError, senderSeat } from './guards'

/** The most seats a best move names. */
export const bestMoveSize = 3

/**
 * Whether this seat may nominate now, whoever the target: during their own speech, once a day,
 * while no nomination of theirs waits for the judge.
 */
export function nominatorError(state: GameState, seat: number): GameErrorCode | undefined {
  const error = playingError(state, seat)
  if (error) return error
  if (state.phase !== 'day_speech') return 'errors.game.phase'
  if (state.speaker !== seat) return 'errors.game.not_your_turn'
  if (state.timeUp) return 'errors.game.time_up'
  if (state.nominations.some((nomination) => nomination.by === seat)) return 'errors.game.nomination_used'
  if (state.pendingNomination) return 'errors.game.nomination_pending'
  return undefined
}

/** Whether this seat may be nominated today: a player at the table not yet nominated. */
export function nomineeError(state: GameState, target: number): GameErrorCode | undefined {
  if (!isSeat(state, target) || !isAtTable(state, target)) return 'errors.game.invalid_target'
  if (state.nominations.some((nomination) => nomination.target === target)) return 'errors.game.already_nominated'
  return undefined
}

export function nominationError(state: GameState, seat: number, target: number): GameErrorCode | undefined {
  return nominatorError(state, seat) ?? nomineeError(state, target)
}

/**
 * During their own speech a player nominates one player, once a day. At a judged table the
 * nomination waits for the judge's confirmation; without a judge it is made at once.
 */
export function nominate(draft: Draft, by: CommandSender, target: number): GameErrorCode | undefined {
  const state = draft.state
  const sender = senderSeat(state, by)
  if ('error' in sender) return sender.error
  const error = nominationError(state, sender.value, target)
  if (error) return error
  draft.emit({ type: state.judge !== null ? 'nomination_proposed' : 'nominated', by: sender.value, target })
  return undefined
}

const speakingPhases: ReadonlySet<GameState['phase']> = new Set(['day_speech', 'defence_speech', 'last_words', 'best_move'])

/** Whether this seat holds the word and may give it up (a seat that left still ends its last words). */
export function endSpeechError(state: GameState, seat: number): GameErrorCode | undefined {
  const error = seatedError(state)
  if (error) return error
  const speaking = speakingPhases.has(state.phase)
  if (speaking && state.speaker === seat) return undefined
  if (!isAtTable(state, seat)) return 'errors.game.seat_left'
  return speaking ? 'errors.game.not_your_turn' : 'errors.game.phase'
}

/** The speaker ends their speech (or last words, or skips the best move) before the timer. */
export function endSpeech(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const sender = senderSeat(draft.state, by)
  if ('error' in sender) return sender.error
  const error = endSpeechError(draft.state, sender.value)
  if (error) return error
  finishPhase(draft)
  return undefined
}

/** Whether this seat may name its best move now, whatever it names. */
export function bestMoverError(state: GameState, seat: number): GameErrorCode | undefined {
  const error = seatedError(state)
  if (error) return error
  if (state.speaker !== seat && !isAtTable(state, seat)) return 'errors.game.seat_left'
  if (state.phase !== 'best_move') return 'errors.game.phase'
  if (state.speaker !== seat) return 'errors.game.not_your_turn'
  if (state.timeUp) return 'errors.game.time_up'
  return undefined
}

/** A seat a best move may name: any seat of the table but the victim's own. */
export function bestMoveTargetError(state: GameState, seat: number, target: number): GameErrorCode | undefined {
  return isSeat(state, target) && target !== seat ? undefined : 'errors.game.invalid_target'
}

export function bestMoveError(state: GameState, seat: number, targets: readonly number[]): GameErrorCode | undefined {
  const error = bestMoverError(state, seat)
  if (error) return error
  const valid =
    Array.isArray(targets) &&
    targets.length <= bestMoveSize &&
    new Set(targets).size === targets.length &&
    targets.every((target) => bestMoveTargetError(state, seat, target) === undefined)
  return valid ? undefined : 'errors.game.invalid_target'
}

/** The first-night victim names up to three seats (not their own) before the last words. */
export function bestMove(draft: Draft, by: CommandSender, targets: readonly number[]): GameErrorCode | undefined {
  const sender = senderSeat(draft.state, by)
  if ('error' in sender) return sender.error
  const seat = sender.value
  const error = bestMoveError(draft.state, seat, targets)
  if (error) return error
  draft.emit({ type: 'best_move_named', seat, targets: [...targets] })
  startLastWords(draft, seat)
  return undefined
}
