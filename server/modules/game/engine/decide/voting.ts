import type { CommandSender, GameErrorCode } from '../../../../contract/game'
import type { Draft } from '../draft'
import { closeVoteIfComplete } from '../flow'
import type { GameState } from '../state'
import { playingError, senderSeat } from './guards'

/** Whether this seat may vote now, whoever for: once a round, while the window is open. */
export function voterError(state: GameState, seat: number): GameErrorCode | undefined {
  const error = playingError(state, seat)
  if (error) return error
  const stage = state.vote
  if (state.phase !== 'voting' || !stage) return 'errors.game.phase'
  if (state.timeUp) return 'errors.game.time_up'
  if (stage.votes.some((cast) => cast.voter === seat)) return 'errors.game.already_voted'
  return undefined
}

/**
 * Who may be voted for: in the classic vote the candidate being called (a click meant for an
 * earlier candidate that arrives late is refused, never moved to the next); in the simultaneous
 * vote any nominee.
 */
export function candidateError(state: GameState, target: number): GameErrorCode | undefined {
  const stage = state.vote
  if (!stage) return 'errors.game.phase'
  const allowed = stage.votingType === 0 ? stage.candidates[stage.current] === target : stage.candidates.includes(target)
  return allowed ? undefined : 'errors.game.invalid_target'
}

export function voteError(state: GameState, seat: number, target: number): GameErrorCode | undefined {
  return voterError(state, seat) ?? candidateError(state, target)
}

/** A vote for a nominee, one each. */
export function vote(draft: Draft, by: CommandSender, target: number): GameErrorCode | undefined {
  const sender = senderSeat(draft.state, by)
  if ('error' in sender) return sender.error
  const error = voteError(draft.state, sender.value, target)
  if (error) return error
  draft.emit({ type: 'vote_cast', voter: sender.value, candidate: target })
  closeVoteIfComplete(draft)
  return undefined
}

/** Whether this seat may vote in "all of them leave?" now: once each, while the window is open. */
export function liftVoteError(state: GameState, seat: number): GameErrorCode | undefined {
  const error = playingError(state, seat)
  if (error) return error
  const stage = state.lift
  if (state.phase !== 'lift_vote' || !stage) return 'errors.game.phase'
  if (state.timeUp) return 'errors.game.time_up'
  if (stage.votes.some((cast) => cast.voter === seat)) return 'errors.game.already_voted'
  return undefined
}

/** A vote in "all of them leave?"; a player who does not vote counts as no. */
export function liftVote(draft: Draft, by: CommandSender, leave: boolean): GameErrorCode | undefined {
  const sender = senderSeat(draft.state, by)
  if ('error' in sender) return sender.error
  const error = liftVoteError(draft.state, sender.value)
  if (error) return error
  draft.emit({ type: 'lift_vote_cast', voter: sender.value, leave: leave === true })
  closeVoteIfComplete(draft)
  return undefined
}
