import type { CommandSender, GameErrorCode } from '../../../../contract/game'
import type { Draft } from '../draft'
import { closeVoteIfComplete } from '../flow'
import { playingSender } from './guards'

/**
 * A vote for a nominee. In the classic vote a player votes for the candidate being called (a
 * click meant for an earlier candidate that arrives late is refused, never moved to the next);
 * in the simultaneous vote for any nominee. One vote each.
 */
export function vote(draft: Draft, by: CommandSender, target: number): GameErrorCode | undefined {
  const state = draft.state
  const sender = playingSender(state, by)
  if ('error' in sender) return sender.error
  const stage = state.vote
  if (state.phase !== 'voting' || !stage) return 'errors.game.phase'
  if (state.timeUp) return 'errors.game.time_up'
  if (stage.votes.some((cast) => cast.voter === sender.value)) return 'errors.game.already_voted'
  const allowed = stage.votingType === 0 ? stage.candidates[stage.current] === target : stage.candidates.includes(target)
  if (!allowed) return 'errors.game.invalid_target'
  draft.emit({ type: 'vote_cast', voter: sender.value, candidate: target })
  closeVoteIfComplete(draft)
  return undefined
}

/** A vote in "all of them leave?": once each; a player who does not vote counts as no. */
export function liftVote(draft: Draft, by: CommandSender, leave: boolean): GameErrorCode | undefined {
  const state = draft.state
  const sender = playingSender(state, by)
  if ('error' in sender) return sender.error
  const stage = state.lift
  if (state.phase !== 'lift_vote' || !stage) return 'errors.game.phase'
  if (state.timeUp) return 'errors.game.time_up'
  if (stage.votes.some((cast) => cast.voter === sender.value)) return 'errors.game.already_voted'
  draft.emit({ type: 'lift_vote_cast', voter: sender.value, leave: leave === true })
  closeVoteIfComplete(draft)
  return undefined
}
