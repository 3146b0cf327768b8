import type { UpcomingStep } from '../../../contract/game'
import { execute } from './decide/index'
import { nextError } from './decide/judge'
import type { GameState } from './state'

/*
 * What the judge's `next` would lead to, for the judge's cockpit ("Next: day 2, seat 3 speaks").
 * It is the judge's own command run on the state and thrown away: the flow's rules live in one
 * place (flow.ts) and this can never disagree with what `next` then does. Only the judge's view
 * carries it, and the judge sees everything, so it can tell nobody anything new.
 */

const upcomingCache = new WeakMap<GameState, UpcomingStep | null>()

/** What `next` would do now; null when the judge may not move the game on. Cached per state. */
export function upcomingStep(state: GameState): UpcomingStep | null {
  let step = upcomingCache.get(state)
  if (step === undefined) {
    step = dryRunNext(state)
    upcomingCache.set(state, step)
  }
  return step
}

function dryRunNext(state: GameState): UpcomingStep | null {
  if (state.judge === null || nextError(state) !== undefined) return null
  const result = execute(state, { type: 'next', by: state.judge, at: state.clock })
  if (!result.ok) return null
  const after = result.state
  const vote = after.vote
  return {
    phase: after.phase,
    day: after.day,
    night: after.night,
    speaker: after.speaker,
    nightStep: after.nightStep,
    candidate: after.phase === 'voting' && vote !== null && vote.votingType === 0 ? (vote.candidates[vote.current] ?? null) : null,
    ends: after.phase === 'ended',
  }
}
