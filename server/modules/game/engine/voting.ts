import type { CastVote, VoteCount } from '../../../contract/game'
import { mapPacked } from './arrays'
import type { GameState, LiftStage, VoteStage } from './state'
import { countAtTable, seatsAtTable } from './state'

export interface Tally {
  votes: CastVote[]
  counts: VoteCount[]
  /** The candidates with the most votes: one leaves, more are a tie. */
  leaders: number[]
}

/**
 * Counts a vote. Every player at the table has one vote; whoever did not vote counts for the
 * last candidate (in the classic vote because they kept their hand down until the last call; in
 * the simultaneous vote by the same rule, for the last nominee).
 */
export function tally(state: GameState, stage: VoteStage): Tally {
  const last = stage.candidates[stage.candidates.length - 1] as number
  const votes: CastVote[] = mapPacked(seatsAtTable(state), (player) => {
    const cast = stage.votes.find((vote) => vote.voter === player.seat)
    return cast ? { voter: player.seat, candidate: cast.candidate, automatic: false } : { voter: player.seat, candidate: last, automatic: true }
  })
  const counts = mapPacked(stage.candidates, (candidate) => ({ candidate, votes: votes.filter((vote) => vote.candidate === candidate).length }))
  const most = Math.max(...counts.map((count) => count.votes))
  return { votes, counts, leaders: mapPacked(counts.filter((count) => count.votes === most), (count) => count.candidate) }
}

/** The "all of them leave?" vote passes with more than half of the players at the table. */
export function liftVotesNeeded(state: GameState): number {
  return Math.floor(countAtTable(state) / 2) + 1
}

export function liftYesVotes(stage: LiftStage): number {
  return stage.votes.filter((vote) => vote.leave).length
}

/** Everyone at the table has voted, so a table without a judge need not wait for the timer. */
export function everyoneVoted(state: GameState, votes: readonly { voter: number }[]): boolean {
  return seatsAtTable(state).every((player) => votes.some((vote) => vote.voter === player.seat))
}

/**
 * Nobody can be voted out on the first day unless `voteIn0` is on: the vote is held and recorded,
 * then night falls.
 */
export function isFirstDayProtected(state: GameState): boolean {
  return state.day === 1 && !state.settings.voteIn0
}

/**
 * Nine at the table and the same three tied twice: without `split3In9` there is no "all leave?"
 * vote (it could take a third of the table at once), and night falls.
 */
export function skipsLiftVote(state: GameState, tied: readonly number[]): boolean {
  return !state.settings.split3In9 && countAtTable(state) === 9 && tied.length === 3
}
