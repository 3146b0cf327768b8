import type { CommandSender, GameErrorCode, Outcome } from '../../../../contract/game'
import { decks } from '../decks'
import type { Draft } from '../draft'
import { endGame, finishPhase, removePlayer } from '../flow'
import { foulError, removesPlayer } from '../fouls'
import { extraOf, isValidExtra } from '../points'
import { isAtTable, isSeat, seatOf, type GameState } from '../state'
import { timings } from '../timings'
import { judgeError, runningError, tableSeatError } from './guards'

/*
 * The judge's commands. Each has a pure check of the state (the sender is checked first, by
 * judgeError), which actions.ts also uses to tell the judge what they may do now.
 */

export function nextError(state: GameState): GameErrorCode | undefined {
  return runningError(state) ?? (state.paused ? 'errors.game.paused' : undefined)
}

/** The judge moves the game on: next speaker, next candidate, next night step, next phase. */
export function next(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const error = judgeError(draft.state, by) ?? nextError(draft.state)
  if (error) return error
  finishPhase(draft)
  return undefined
}

/** A nomination waits for the judge's word. */
export function pendingNominationError(state: GameState): GameErrorCode | undefined {
  return state.pendingNomination ? undefined : 'errors.game.no_pending_nomination'
}

export function confirmNomination(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by) ?? pendingNominationError(state)
  if (error) return error
  const pending = state.pendingNomination as NonNullable<GameState['pendingNomination']>
  draft.emit({ type: 'nominated', by: pending.by, target: pending.target })
  return undefined
}

export function rejectNomination(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by) ?? pendingNominationError(state)
  if (error) return error
  const pending = state.pendingNomination as NonNullable<GameState['pendingNomination']>
  draft.emit({ type: 'nomination_rejected', by: pending.by, target: pending.target })
  return undefined
}

/** Whether this seat can get a foul: a player at the table below the foul limit. */
export function foulSeatError(state: GameState, seat: number): GameErrorCode | undefined {
  const error = runningError(state) ?? tableSeatError(state, seat)
  if (error) return error
  return foulError(state, seatOf(state, seat) as NonNullable<ReturnType<typeof seatOf>>)
}

/** A foul, shown to everyone. The third takes the next speech; with `fourthFoul` the fourth removes. */
export function foul(draft: Draft, by: CommandSender, seat: number): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by) ?? foulSeatError(state, seat)
  if (error) return error
  const fouls = (seatOf(state, seat)?.fouls ?? 0) + 1
  draft.emit({ type: 'foul', seat, fouls })
  if (removesPlayer(draft.state, fouls)) removePlayer(draft, seat, 'fouls')
  return undefined
}

/** Whether this seat can be disqualified: a player still at the table. */
export function disqualifySeatError(state: GameState, seat: number): GameErrorCode | undefined {
  return runningError(state) ?? tableSeatError(state, seat)
}

/** Removes a player at once, without last words and with minus points. */
export function disqualify(draft: Draft, by: CommandSender, seat: number): GameErrorCode | undefined {
  const error = judgeError(draft.state, by) ?? disqualifySeatError(draft.state, seat)
  if (error) return error
  removePlayer(draft, seat, 'disqualified')
  return undefined
}

export function teamLossError(state: GameState, team: 'red' | 'black'): GameErrorCode | undefined {
  return runningError(state) ?? (team === 'red' || team === 'black' ? undefined : 'errors.game.invalid_target')
}

/** A team loses for cheating; the other team wins. */
export function teamLoss(draft: Draft, by: CommandSender, team: 'red' | 'black'): GameErrorCode | undefined {
  const error = judgeError(draft.state, by) ?? teamLossError(draft.state, team)
  if (error) return error
  endGame(draft, team === 'red' ? 'black' : 'red', 'team_loss', team)
  return undefined
}

/**
 * Whose microphone the judge may open or close: a player at the table, or one who left while
 * they hold the word (their best move and last words). Any other seat that left stays silent
 * until the end whatever the judge says (see media.ts), so it is refused rather than ignored.
 */
export function microphoneSeatError(state: GameState, seat: number): GameErrorCode | undefined {
  const error = runningError(state)
  if (error) return error
  if (!isSeat(state, seat)) return 'errors.game.invalid_target'
  return isAtTable(state, seat) || state.speaker === seat ? undefined : 'errors.game.seat_left'
}

export function microphone(draft: Draft, by: CommandSender, seat: number, open: boolean): GameErrorCode | undefined {
  const error = judgeError(draft.state, by) ?? microphoneSeatError(draft.state, seat)
  if (error) return error
  draft.emit({ type: 'microphone', seat, open: open === true })
  return undefined
}

export function pauseError(state: GameState): GameErrorCode | undefined {
  return runningError(state) ?? (state.paused ? 'errors.game.paused' : undefined)
}

/** Freezes the phase's timer; the disconnection rule keeps running (a pause does not stop the clock of the world). */
export function pause(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by) ?? pauseError(state)
  if (error) return error
  const remaining = state.deadline === null || state.timeUp ? null : Math.max(0, state.deadline - draft.at)
  draft.emit({ type: 'paused', remaining })
  return undefined
}

/** The phases whose timer the judge may extend or restart: the day's, whose length is public anyway. */
const judgeTimedPhases: ReadonlySet<GameState['phase']> = new Set(['day_speech', 'defence_speech', 'last_words', 'best_move', 'voting', 'lift_vote'])

/**
 * Whether the judge may extend or restart the phase's timer: a timed phase of a running game,
 * paused or not, its time up or not. The zero night and the night steps keep their fixed length,
 * so no change of it can tell the table who is still awake or has not yet acted.
 */
export function timerError(state: GameState): GameErrorCode | undefined {
  const error = runningError(state)
  if (error) return error
  return judgeTimedPhases.has(state.phase) && state.timerLength !== null ? undefined : 'errors.game.timer_fixed'
}

/** The timer as it now stands: its new deadline while it runs, the time left while paused. */
function changeTimer(draft: Draft, remaining: number): void {
  if (draft.state.paused) draft.emit({ type: 'timer_changed', deadline: null, remaining })
  else draft.emit({ type: 'timer_changed', deadline: draft.after(remaining), remaining: null })
}

/** Time left on the phase's timer now: nothing once its time is up. */
function timeLeft(state: GameState, at: number): number {
  if (state.timeUp) return 0
  if (state.paused) return state.pausedRemaining ?? 0
  return state.deadline === null ? 0 : Math.max(0, state.deadline - at)
}

/** 30 more seconds for the phase: added to the time left, or, when the time is up, 30 seconds from now. */
export function extendTimer(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const error = judgeError(draft.state, by) ?? timerError(draft.state)
  if (error) return error
  changeTimer(draft, timeLeft(draft.state, draft.at) + timings.timerExtension)
  return undefined
}

/** The phase's timer starts again from its full time. */
export function resetTimer(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const error = judgeError(draft.state, by) ?? timerError(draft.state)
  if (error) return error
  changeTimer(draft, draft.state.timerLength as number)
  return undefined
}

export function resumeError(state: GameState): GameErrorCode | undefined {
  return runningError(state) ?? (state.paused ? undefined : 'errors.game.not_paused')
}

export function resume(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const state = draft.state
  const error = judgeError(state, by) ?? resumeError(state)
  if (error) return error
  draft.emit({ type: 'resumed', deadline: state.pausedRemaining === null ? null : draft.after(state.pausedRemaining) })
  return undefined
}

/**
 * Whether this seat can be given extra points at all: any seat, from the deal on. Some value always
 * fits (each player's total stays between -1 and +1, so a step back towards zero is always open).
 */
export function awardSeatError(state: GameState, seat: number): GameErrorCode | undefined {
  if (state.phase === 'created') return 'errors.game.phase'
  return isSeat(state, seat) ? undefined : 'errors.game.invalid_target'
}

/**
 * Extra points, with a reason: each award and each player's total lie between -1 and +1 in steps
 * of 0.05. Allowed from the deal until the judge closes the protocol, since extra points are
 * usually decided once the roles are known.
 */
export function awardError(state: GameState, seat: number, value: number, reason: string): GameErrorCode | undefined {
  const error = awardSeatError(state, seat)
  if (error) return error
  if (!isValidExtra(value) || !isValidExtra(extraOf(state, seat) + value)) return 'errors.game.invalid_points'
  if (typeof reason !== 'string' || reason.trim() === '') return 'errors.game.invalid_points'
  return undefined
}

export function awardPoints(draft: Draft, by: CommandSender, seat: number, value: number, reason: string): GameErrorCode | undefined {
  const error = judgeError(draft.state, by) ?? awardError(draft.state, seat, value, reason)
  if (error) return error
  draft.emit({ type: 'points_awarded', seat, points: Math.round(value * 100) / 100, reason: reason.trim() })
  return undefined
}

/** The verdicts the judge may give (the Maniac can only win where a deck deals him). */
export function endGameError(state: GameState, outcome: Outcome): GameErrorCode | undefined {
  const error = runningError(state)
  if (error) return error
  if (outcome === 'red' || outcome === 'black' || outcome === 'draw') return undefined
  const dealsManiac = Object.values(decks[state.deckId].layouts).some((layout) => layout?.includes('Maniac'))
  return outcome === 'maniac' && dealsManiac ? undefined : 'errors.game.invalid_target'
}

/** The judge ends the game with a verdict. */
export function endGameByJudge(draft: Draft, by: CommandSender, outcome: Outcome): GameErrorCode | undefined {
  const error = judgeError(draft.state, by) ?? endGameError(draft.state, outcome)
  if (error) return error
  endGame(draft, outcome, 'judge', null)
  return undefined
}

export function finaliseError(state: GameState): GameErrorCode | undefined {
  return state.phase === 'ended' ? undefined : 'errors.game.phase'
}

/** Closes a judged game's protocol: from now on its result is final. */
export function finalise(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  const error = judgeError(draft.state, by) ?? finaliseError(draft.state)
  if (error) return error
  draft.emit({ type: 'game_finalised' })
  return undefined
}
