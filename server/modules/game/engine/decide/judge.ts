import type { CommandSender, GameErrorCode, Outcome } from '../../../../contract/game'
import { decks } from '../decks'
import type { Draft } from '../draft'
import { endGame, finishPhase, removePlayer } from '../flow'
import { foulError, removesPlayer } from '../fouls'
import { extraOf, isValidExtra } from '../points'
import { isRunning, isSeat, seatOf } from '../state'
import { judgeError, tableSeatError } from './guards'

/** The judge moves the game on: next speaker, next candidate, next night step, next phase. */
export function next(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by)
  if (error) return error
  if (!isRunning(state)) return 'errors.game.phase'
  if (state.paused) return 'errors.game.paused'
  finishPhase(draft)
  return undefined
}

export function confirmNomination(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by)
  if (error) return error
  const pending = state.pendingNomination
  if (!pending) return 'errors.game.no_pending_nomination'
  draft.emit({ type: 'nominated', by: pending.by, target: pending.target })
  return undefined
}

export function rejectNomination(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by)
  if (error) return error
  const pending = state.pendingNomination
  if (!pending) return 'errors.game.no_pending_nomination'
  draft.emit({ type: 'nomination_rejected', by: pending.by, target: pending.target })
  return undefined
}

/** A foul, shown to everyone. The third takes the next speech; with `fourthFoul` the fourth removes. */
export function foul(draft: Draft, by: CommandSender, seat: number): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by) ?? (isRunning(state) ? undefined : 'errors.game.phase') ?? tableSeatError(state, seat)
  if (error) return error
  const player = seatOf(state, seat)
  if (!player) return 'errors.game.invalid_target'
  const limit = foulError(state, player)
  if (limit) return limit
  const fouls = player.fouls + 1
  draft.emit({ type: 'foul', seat, fouls })
  if (removesPlayer(draft.state, fouls)) removePlayer(draft, seat, 'fouls')
  return undefined
}

/** Removes a player at once, without last words and with minus points. */
export function disqualify(draft: Draft, by: CommandSender, seat: number): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by) ?? (isRunning(state) ? undefined : 'errors.game.phase') ?? tableSeatError(state, seat)
  if (error) return error
  removePlayer(draft, seat, 'disqualified')
  return undefined
}

/** A team loses for cheating; the other team wins. */
export function teamLoss(draft: Draft, by: CommandSender, team: 'red' | 'black'): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by) ?? (isRunning(state) ? undefined : 'errors.game.phase')
  if (error) return error
  if (team !== 'red' && team !== 'black') return 'errors.game.invalid_target'
  endGame(draft, team === 'red' ? 'black' : 'red', 'team_loss', team)
  return undefined
}

export function microphone(draft: Draft, by: CommandSender, seat: number, open: boolean): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by) ?? (isRunning(state) ? undefined : 'errors.game.phase')
  if (error) return error
  if (!isSeat(state, seat)) return 'errors.game.invalid_target'
  draft.emit({ type: 'microphone', seat, open: open === true })
  return undefined
}

/** Freezes the phase's timer; the disconnection rule keeps running (a pause does not stop the clock of the world). */
export function pause(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by) ?? (isRunning(state) ? undefined : 'errors.game.phase')
  if (error) return error
  if (state.paused) return 'errors.game.paused'
  const remaining = state.deadline === null || state.timeUp ? null : Math.max(0, state.deadline - draft.at)
  draft.emit({ type: 'paused', remaining })
  return undefined
}

export function resume(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by) ?? (isRunning(state) ? undefined : 'errors.game.phase')
  if (error) return error
  if (!state.paused) return 'errors.game.not_paused'
  draft.emit({ type: 'resumed', deadline: state.pausedRemaining === null ? null : draft.after(state.pausedRemaining) })
  return undefined
}

/**
 * Extra points, with a reason: each award and each player's total lie between -1 and +1 in steps
 * of 0.05. Allowed from the deal until the judge closes the protocol, since extra points are
 * usually decided once the roles are known.
 */
export function awardPoints(draft: Draft, by: CommandSender, seat: number, value: number, reason: string): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by)
  if (error) return error
  if (state.phase === 'created') return 'errors.game.phase'
  if (!isSeat(state, seat)) return 'errors.game.invalid_target'
  if (!isValidExtra(value) || !isValidExtra(extraOf(state, seat) + value)) return 'errors.game.invalid_points'
  if (typeof reason !== 'string' || reason.trim() === '') return 'errors.game.invalid_points'
  draft.emit({ type: 'points_awarded', seat, points: Math.round(value * 100) / 100, reason: reason.trim() })
  return undefined
}

/** The judge ends the game with a verdict (the Maniac can only win where a deck deals him). */
export function endGameByJudge(draft: Draft, by: CommandSender, outcome: Outcome): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by) ?? (isRunning(state) ? undefined : 'errors.game.phase')
  if (error) return error
  const dealsManiac = Object.values(decks[state.deckId].layouts).some((layout) => layout?.includes('Maniac'))
  const possible: Outcome[] = dealsManiac ? ['red', 'black', 'maniac', 'draw'] : ['red', 'black', 'draw']
  if (!possible.includes(outcome)) return 'errors.game.invalid_target'
  endGame(draft, outcome, 'judge', null)
  return undefined
}

/** Closes a judged game's protocol: from now on its result is final. */
export function finalise(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by)
  if (error) return error
  if (state.phase !== 'ended') return 'errors.game.phase'
  draft.emit({ type: 'game_finalised' })
  return undefined
}
