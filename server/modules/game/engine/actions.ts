import type { GameActions, GameErrorCode, JudgeActions, PlayerActions, Viewer } from '../../../contract/game'
import { closedError, judgedTableError } from './decide/guards'
import {
  awardSeatError,
  disqualifySeatError,
  endGameError,
  finaliseError,
  foulSeatError,
  microphoneSeatError,
  nextError,
  pauseError,
  pendingNominationError,
  resumeError,
  teamLossError,
  timerError,
} from './decide/judge'
import { nightActorError } from './decide/night'
import { bestMoverError, bestMoveTargetError, endSpeechError, nominatorError, nomineeError } from './decide/speech'
import { candidateError, liftVoteError, voterError } from './decide/voting'
import { nightTargetError } from './night'
import type { GameState } from './state'
import { upcomingStep } from './upcoming'

/*
 * What each viewer may do now, worked out from the very checks that refuse commands (decide/), so
 * a listed action is always accepted and an action left out always refused. A viewer's actions
 * depend only on public facts and the viewer's own: another player's night click changes nothing
 * here for anyone but the judge.
 *
 * Views are built for every viewer after every event, so this computes only what can be non-empty
 * in the phase at hand and shares frozen objects wherever viewers get the same answer.
 */

const none: readonly number[] = Object.freeze([])

const idlePlayer: PlayerActions = Object.freeze({ endSpeech: false, nominate: none, vote: none, liftVote: false, night: null, bestMove: none })
const speakerOnly: PlayerActions = Object.freeze({ endSpeech: true, nominate: none, vote: none, liftVote: false, night: null, bestMove: none })
const liftVoter: PlayerActions = Object.freeze({ endSpeech: false, nominate: none, vote: none, liftVote: true, night: null, bestMove: none })

const nothing: GameActions = Object.freeze({ player: null, judge: null })

const idleJudge: JudgeActions = Object.freeze({
  next: false,
  confirmNomination: false,
  rejectNomination: false,
  pause: false,
  resume: false,
  extendTimer: false,
  resetTimer: false,
  upcoming: null,
  foul: none,
  disqualify: none,
  microphone: none,
  awardPoints: none,
  teamLoss: false,
  endGame: false,
  finalise: false,
})

const everySeatCache = new Map<number, readonly number[]>()

function everySeat(count: number): readonly number[] {
  let seats = everySeatCache.get(count)
  if (!seats) {
    seats = Object.freeze(Array.from({ length: count }, (_, index) => index + 1))
    everySeatCache.set(count, seats)
  }
  return seats
}

/** Gathers a list before it is known whether a shared one will do (the engine is synchronous). */
const scratch: number[] = []

/** The seats of the table this check lets through, in seat order (shared when none or all). */
function seatsWhere(state: GameState, allowed: (seat: number) => boolean): readonly number[] {
  const count = state.seats.length
  scratch.length = 0
  for (let seat = 1; seat <= count; seat++) if (allowed(seat)) scratch.push(seat)
  if (scratch.length === 0) return none
  if (scratch.length === count) return everySeat(count)
  return scratch.slice()
}

const ok = (error: GameErrorCode | undefined): boolean => error === undefined

/** Every voter of a round may vote for the same candidates: one list per vote stage. */
const candidatesCache = new WeakMap<NonNullable<GameState['vote']>, PlayerActions>()

function voterActions(state: GameState): PlayerActions {
  const stage = state.vote as NonNullable<GameState['vote']>
  let actions = candidatesCache.get(stage)
  if (!actions) {
    const vote = seatsWhere(state, (target) => ok(candidateError(state, target)))
    actions = Object.freeze({ endSpeech: false, nominate: none, vote, liftVote: false, night: null, bestMove: none })
    candidatesCache.set(stage, actions)
  }
  return actions
}

/** What a seated player may do now. */
export function playerActions(state: GameState, seat: number): PlayerActions {
  if (state.phase === 'created' || state.phase === 'ended' || state.paused) return idlePlayer
  switch (state.phase) {
    case 'day_speech': {
      if (!ok(endSpeechError(state, seat))) return idlePlayer
      if (!ok(nominatorError(state, seat))) return speakerOnly
      const nominate = seatsWhere(state, (target) => ok(nomineeError(state, target)))
      return { endSpeech: true, nominate, vote: none, liftVote: false, night: null, bestMove: none }
    }
    case 'defence_speech':
    case 'last_words':
      return ok(endSpeechError(state, seat)) ? speakerOnly : idlePlayer
    case 'best_move': {
      if (!ok(endSpeechError(state, seat))) return idlePlayer
      if (!ok(bestMoverError(state, seat))) return speakerOnly
      const bestMove = seatsWhere(state, (target) => ok(bestMoveTargetError(state, seat, target)))
      return { endSpeech: true, nominate: none, vote: none, liftVote: false, night: null, bestMove }
    }
    case 'voting':
      return ok(voterError(state, seat)) ? voterActions(state) : idlePlayer
    case 'lift_vote':
      return ok(liftVoteError(state, seat)) ? liftVoter : idlePlayer
    case 'night_shooting':
    case 'night_maniac':
    case 'night_doctor':
    case 'night_don':
    case 'night_sheriff': {
      const step = state.nightStep
      if (step === null || !ok(nightActorError(state, seat))) return idlePlayer
      const targets = seatsWhere(state, (target) => ok(nightTargetError(state, seat, step, target)))
      return targets.length === 0 ? idlePlayer : { endSpeech: false, nominate: none, vote: none, liftVote: false, night: { step, targets }, bestMove: none }
    }
    case 'zero_night':
      return idlePlayer
  }
}

/** What the judge may do now. */
export function judgeActions(state: GameState): JudgeActions {
  if (state.phase === 'created') return idleJudge
  if (state.phase === 'ended') {
    if (ok(closedError(state, 'finalise'))) {
      return { ...idleJudge, awardPoints: seatsWhere(state, (seat) => ok(awardSeatError(state, seat))), finalise: ok(finaliseError(state)) }
    }
    return idleJudge
  }
  const pending = ok(pendingNominationError(state))
  const timer = ok(timerError(state))
  return {
    next: ok(nextError(state)),
    confirmNomination: pending,
    rejectNomination: pending,
    pause: ok(pauseError(state)),
    resume: ok(resumeError(state)),
    extendTimer: timer,
    resetTimer: timer,
    upcoming: upcomingStep(state),
    foul: seatsWhere(state, (seat) => ok(foulSeatError(state, seat))),
    disqualify: seatsWhere(state, (seat) => ok(disqualifySeatError(state, seat))),
    microphone: seatsWhere(state, (seat) => ok(microphoneSeatError(state, seat))),
    awardPoints: seatsWhere(state, (seat) => ok(awardSeatError(state, seat))),
    teamLoss: ok(teamLossError(state, 'red')),
    endGame: ok(endGameError(state, 'draw')),
    finalise: ok(finaliseError(state)),
  }
}

/** The commands this viewer may send now: a player's, the judge's, or none (spectators). */
export function actionsFor(state: GameState, viewer: Viewer): GameActions {
  if (viewer.kind === 'judge') return ok(judgedTableError(state)) ? { player: null, judge: judgeActions(state) } : nothing
  if (viewer.kind === 'spectator') return nothing
  const seat = viewer.seat
  if (!Number.isInteger(seat) || seat < 1 || seat > state.seats.length) return nothing
  const player = playerActions(state, seat)
  return player === idlePlayer ? idleActions : { player, judge: null }
}

const idleActions: GameActions = Object.freeze({ player: idlePlayer, judge: null })
