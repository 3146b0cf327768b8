import type { GameCommand, GameErrorCode } from '../../../../contract/game'
import { Draft } from '../draft'
import type { GameState } from '../state'
import {
  awardPoints,
  confirmNomination,
  disqualify,
  endGameByJudge,
  extendTimer,
  finalise,
  foul,
  microphone,
  next,
  pause,
  rejectNomination,
  resetTimer,
  resume,
  teamLoss,
} from './judge'
import { closedError } from './guards'
import { connection, tick } from './host'
import { nightAction } from './night'
import type { DecideResult, ExecuteResult } from './result'
import { start } from './setup'
import { bestMove, endSpeech, nominate } from './speech'
import { liftVote, vote } from './voting'

/**
 * Validates a command against the state and returns the events it produces, or the error code
 * that refuses it. Pure: the same state and command always give the same answer, and a refused
 * command changes nothing.
 */
export function decide(state: GameState, command: GameCommand): DecideResult {
  const result = execute(state, command)
  return result.ok ? { ok: true, events: result.events } : result
}

/** As decide, and also returns the state after the events. */
export function execute(state: GameState, command: GameCommand): ExecuteResult {
  if (!Number.isFinite(command.at)) throw new RangeError('A game command needs a finite time')
  const draft = new Draft(state, command.at)
  const error = handle(draft, command)
  if (error) return { ok: false, error }
  return { ok: true, events: draft.events, state: draft.state, states: draft.states }
}

function handle(draft: Draft, command: GameCommand): GameErrorCode | undefined {
  const closed = closedError(draft.state, command.type)
  if (closed) return closed
  const by = command.by
  switch (command.type) {
    case 'start':
      return start(draft, by, command.roles)
    case 'nominate':
      return nominate(draft, by, command.target)
    case 'end_speech':
      return endSpeech(draft, by)
    case 'vote':
      return vote(draft, by, command.target)
    case 'lift_vote':
      return liftVote(draft, by, command.leave)
    case 'night_action':
      return nightAction(draft, by, command.target)
    case 'best_move':
      return bestMove(draft, by, command.targets)
    case 'next':
      return next(draft, by)
    case 'confirm_nomination':
      return confirmNomination(draft, by)
    case 'reject_nomination':
      return rejectNomination(draft, by)
    case 'foul':
      return foul(draft, by, command.seat)
    case 'disqualify':
      return disqualify(draft, by, command.seat)
    case 'team_loss':
      return teamLoss(draft, by, command.team)
    case 'microphone':
      return microphone(draft, by, command.seat, command.open)
    case 'pause':
      return pause(draft, by)
    case 'resume':
      return resume(draft, by)
    case 'extend_timer':
      return extendTimer(draft, by)
    case 'reset_timer':
      return resetTimer(draft, by)
    case 'award_points':
      return awardPoints(draft, by, command.seat, command.points, command.reason)
    case 'end_game':
      return endGameByJudge(draft, by, command.outcome)
    case 'finalise':
      return finalise(draft, by)
    case 'tick':
      return tick(draft, by)
    case 'connection':
      return connection(draft, by, command.user, command.connected)
    default:
      return 'errors.game.phase'
  }
}
