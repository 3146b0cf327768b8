import type { EndReason, Outcome, RoleName } from '../../../contract/game'
import { mapPacked } from './arrays'
import { nightStepsOf } from './decks'
import type { Draft } from './draft'
import { lostSpeechRule } from './fouls'
import { resolveNight } from './night'
import { decideWinner, isQuietDraw } from './outcome'
import {
  countAtTable,
  firstAtTableFrom,
  isAtTable,
  isDayPeriod,
  sameSeats,
  seatAfter,
  seatOf,
  type GameState,
} from './state'
import { timings } from './timings'
import { everyoneVoted, isFirstDayProtected, liftVotesNeeded, liftYesVotes, skipsLiftVote, tally } from './voting'

/*
 * The course of the game: what comes after what. Every function here emits the events of one
 * step into the draft and then hands over to the next step, so a command that ends a phase
 * produces every event up to the next moment where someone must act or a timer must run.
 */

/** The deal, then the zero night. */
export function startGame(draft: Draft, roles: RoleName[]): void {
  draft.emit({ type: 'roles_dealt', roles })
  draft.emit({ type: 'zero_night_started', deadline: draft.after(timings.zeroNight) })
}

/** The current phase is over (its timer ran out, the judge moved on, or its player finished). */
export function finishPhase(draft: Draft): void {
  const state = draft.state
  switch (state.phase) {
    case 'zero_night':
      return startDay(draft)
    case 'day_speech':
      return nextDaySpeech(draft)
    case 'defence_speech':
      return nextDefence(draft)
    case 'voting':
      return closeCandidate(draft)
    case 'lift_vote':
      return closeLiftVote(draft)
    case 'best_move':
      return startLastWords(draft, state.speaker as number)
    case 'last_words':
      return nextFarewell(draft)
    case 'night_shooting':
    case 'night_maniac':
    case 'night_doctor':
    case 'night_don':
    case 'night_sheriff':
      return nextNightStep(draft)
    case 'created':
    case 'ended':
      return
  }
}

/* ----- day ----- */

/**
 * Day 1 starts with seat 1; each next day one seat after the previous day's first speaker,
 * skipping players who have left.
 */
export function startDay(draft: Draft): void {
  const state = draft.state
  const day = state.day + 1
  const from = day === 1 || state.firstSeat === null ? 1 : seatAfter(state, state.firstSeat)
  const firstSeat = firstAtTableFrom(state, from)
  if (firstSeat === null) return
  draft.emit({ type: 'day_started', day, firstSeat })
  nextDaySpeech(draft)
}

function firstWaiting(state: GameState, queue: readonly number[]): number | undefined {
  return queue.find((seat) => isAtTable(state, seat))
}

export function nextDaySpeech(draft: Draft): void {
  for (;;) {
    const state = draft.state
    const seat = firstWaiting(state, state.speechQueue)
    if (seat === undefined) return startVoting(draft)
    const player = seatOf(state, seat)
    if (player?.losesNextSpeech) {
      if (lostSpeechRule(countAtTable(state)) === 'skip') {
        draft.emit({ type: 'speech_skipped', seat, speech: 'day' })
        continue
      }
      draft.emit({ type: 'speech_started', seat, speech: 'day', deadline: draft.after(timings.shortenedSpeech), shortened: true })
      return
    }
    draft.emit({ type: 'speech_started', seat, speech: 'day', deadline: draft.after(timings.speech), shortened: false })
    return
  }
}

/* ----- voting ----- */

/** After the last speech: the nominees still at the table, in nomination order. */
export function startVoting(draft: Draft): void {
  const state = draft.state
  const candidates = mapPacked(state.nominations, (nomination) => nomination.target).filter((seat) => isAtTable(state, seat))
  voteAmong(draft, candidates, 1)
}

/**
 * Opens a vote round among these candidates, or settles it without one: no nominee, no vote; a
 * single nominee leaves without a vote, except on a protected first day, when there is no vote.
 */
export function voteAmong(draft: Draft, candidates: readonly number[], round: number): void {
  const state = draft.state
  if (candidates.length === 0) {
    draft.emit({ type: 'no_elimination', reason: 'no_nominees' })
    return startNight(draft)
  }
  if (candidates.length === 1) {
    if (isFirstDayProtected(state)) {
      draft.emit({ type: 'no_elimination', reason: round === 1 ? 'single_nominee_first_day' : 'first_day' })
      return startNight(draft)
    }
    draft.emit({ type: 'player_left', seat: candidates[0] as number, reason: 'vote' })
    return afterDepartures(draft)
  }
  const votingType = state.settings.votingType
  const window = votingType === 0 ? timings.classicCandidate : timings.simultaneousVote
  draft.emit({ type: 'voting_started', round, candidates: [...candidates], votingType, deadline: draft.after(window) })
}

/**
 * The classic vote calls the candidates one after another; the last one gets every vote not yet
 * cast, so calling him needs no window. The simultaneous vote has one window.
 */
export function closeCandidate(draft: Draft): void {
  const stage = draft.state.vote
  if (!stage) return
  const next = stage.current + 1
  if (stage.votingType === 1 || next >= stage.candidates.length - 1) return closeVote(draft)
  draft.emit({ type: 'candidate_called', candidate: stage.candidates[next] as number, deadline: draft.after(timings.classicCandidate) })
}

/** A judge-less table closes a vote as soon as everyone has voted. */
export function closeVoteIfComplete(draft: Draft): void {
  const state = draft.state
  if (state.judge !== null) return
  if (state.phase === 'voting' && state.vote && everyoneVoted(state, state.vote.votes)) closeVote(draft)
  else if (state.phase === 'lift_vote' && state.lift && everyoneVoted(state, state.lift.votes)) closeLiftVote(draft)
}

export function closeVote(draft: Draft): void {
  const state = draft.state
  const stage = state.vote
  if (!stage) return
  const result = tally(state, stage)
  draft.emit({ type: 'voting_closed', round: stage.round, votes: result.votes, counts: result.counts })
  if (isFirstDayProtected(state)) {
    draft.emit({ type: 'no_elimination', reason: 'first_day' })
    return startNight(draft)
  }
  if (result.leaders.length === 1) {
    draft.emit({ type: 'player_left', seat: result.leaders[0] as number, reason: 'vote' })
    return afterDepartures(draft)
  }
  const previousTie = state.tie?.filter((seat) => isAtTable(state, seat)) ?? null
  if (previousTie && sameSeats(previousTie, result.leaders)) {
    if (skipsLiftVote(state, result.leaders)) {
      draft.emit({ type: 'no_elimination', reason: 'split_three_in_nine' })
      return startNight(draft)
    }
    return startLiftVote(draft, result.leaders)
  }
  draft.emit({ type: 'tie', seats: result.leaders })
  nextDefence(draft)
}

/** The tied players defend themselves for 30 seconds each, then the table re-votes among them. */
export function nextDefence(draft: Draft): void {
  for (;;) {
    const state = draft.state
    const seat = firstWaiting(state, state.defenceQueue)
    if (seat === undefined) {
      return voteAmong(draft, (state.tie ?? []).filter((tied) => isAtTable(state, tied)), state.voteRound + 1)
    }
    const player = seatOf(state, seat)
    if (player?.losesNextSpeech && lostSpeechRule(countAtTable(state)) === 'skip') {
      draft.emit({ type: 'speech_skipped', seat, speech: 'defence' })
      continue
    }
    draft.emit({ type: 'speech_started', seat, speech: 'defence', deadline: draft.after(timings.defence), shortened: player?.losesNextSpeech === true })
    return
  }
}

export function startLiftVote(draft: Draft, candidates: readonly number[]): void {
  draft.emit({ type: 'lift_vote_started', candidates: [...candidates], deadline: draft.after(timings.liftVote) })
}

/** "All of them leave?" passes with more than half of the players at the table; silence is no. */
export function closeLiftVote(draft: Draft): void {
  const state = draft.state
  const stage = state.lift
  if (!stage) return
  const yes = liftYesVotes(stage)
  const needed = liftVotesNeeded(state)
  const passed = yes >= needed
  draft.emit({ type: 'lift_vote_closed', votes: [...stage.votes], yes, needed, passed })
  if (!passed) {
    draft.emit({ type: 'no_elimination', reason: 'lift_failed' })
    return startNight(draft)
  }
  for (const seat of stage.candidates) {
    if (isAtTable(draft.state, seat)) draft.emit({ type: 'player_left', seat, reason: 'vote' })
  }
  afterDepartures(draft)
}

/* ----- leaving ----- */

/** Ends the game if a side has won; true when it did. */
export function endIfDecided(draft: Draft): boolean {
  const decided = decideWinner(draft.state)
  if (!decided) return false
  endGame(draft, decided.outcome, decided.reason, decided.losingTeam)
  return true
}

export function endGame(draft: Draft, outcome: Outcome, reason: EndReason, losingTeam: 'red' | 'black' | null): void {
  const roles = mapPacked(draft.state.seats, (player) => player.role).filter((role): role is RoleName => role !== null)
  draft.emit({ type: 'game_ended', outcome, reason, roles, losingTeam })
}

/** After players left by vote or shot: the game may be over; if not, their last words. */
function afterDepartures(draft: Draft): void {
  if (endIfDecided(draft)) return
  nextFarewell(draft)
}

/**
 * The best move belongs to whoever was killed on the first shooting night, unless two or more
 * players had already left before it (they count from the deal on). It is offered to every such
 * victim whatever the role, so the offer itself tells the table nothing.
 */
function bestMoveDue(state: GameState, seat: number): boolean {
  const player = seatOf(state, seat)
  if (!player || player.left !== 'night' || player.leftInPeriod !== 2) return false
  if (state.bestMoves.some((bestMove) => bestMove.seat === seat)) return false
  const leftBefore = state.seats.filter((other) => other.leftInPeriod !== null && other.leftInPeriod < 2).length
  return leftBefore < 2
}

/** The next leaving player's best move or last words; when none is left, the next period. */
export function nextFarewell(draft: Draft): void {
  const state = draft.state
  const seat = state.farewellQueue[0]
  if (seat === undefined) return isDayPeriod(state) ? startNight(draft) : startDay(draft)
  if (bestMoveDue(state, seat)) {
    draft.emit({ type: 'best_move_started', seat, deadline: draft.after(timings.bestMove) })
    return
  }
  startLastWords(draft, seat)
}

export function startLastWords(draft: Draft, seat: number): void {
  draft.emit({ type: 'speech_started', seat, speech: 'last_words', deadline: draft.after(timings.lastWords), shortened: false })
}

/**
 * Removes a player at once (fourth foul, disqualification, disconnection): no last words. The
 * phase carries on without them: their speech ends, and a vote on them is cancelled and held
 * again among the other candidates.
 */
export function removePlayer(draft: Draft, seat: number, reason: 'fouls' | 'disqualified' | 'disconnected'): void {
  draft.emit({ type: 'player_left', seat, reason })
  if (endIfDecided(draft)) return
  const state = draft.state
  switch (state.phase) {
    case 'day_speech':
      if (state.speaker === seat) nextDaySpeech(draft)
      return
    case 'defence_speech':
      if (state.speaker === seat) nextDefence(draft)
      return
    // Any removal during a vote holds the round again among the candidates still at the table: what
    // became of the removed player's vote (cast or not, for whom) would otherwise show in the counts
    // or in the round closing at once, and who voted for whom is secret unless `openUp`.
    case 'voting':
      if (!state.vote) return
      return voteAmong(draft, state.vote.candidates.filter((candidate) => isAtTable(state, candidate)), state.vote.round)
    case 'lift_vote': {
      if (!state.lift) return
      const remaining = state.lift.candidates.filter((candidate) => isAtTable(state, candidate))
      if (remaining.length === 0) {
        draft.emit({ type: 'no_elimination', reason: 'lift_failed' })
        return startNight(draft)
      }
      return startLiftVote(draft, remaining)
    }
    default:
      return
  }
}

/* ----- night ----- */

export function startNight(draft: Draft): void {
  draft.emit({ type: 'night_started', night: draft.state.day })
  const first = nightStepsOf(draft.state.deckId, draft.state.seats.length)[0]
  if (first === undefined) return morning(draft)
  draft.emit({ type: 'night_step_started', step: first, deadline: draft.after(timings.nightStep) })
}

export function nextNightStep(draft: Draft): void {
  const state = draft.state
  const steps = nightStepsOf(state.deckId, state.seats.length)
  const next = state.nightStep === null ? undefined : steps[steps.indexOf(state.nightStep) + 1]
  if (next === undefined) return morning(draft)
  draft.emit({ type: 'night_step_started', step: next, deadline: draft.after(timings.nightStep) })
}

/** The morning: the night's kills are announced, then the game may be won or drawn. */
function morning(draft: Draft): void {
  const killed = resolveNight(draft.state)
  draft.emit({ type: 'night_result', night: draft.state.night, killed })
  for (const seat of killed) draft.emit({ type: 'player_left', seat, reason: 'night' })
  if (endIfDecided(draft)) return
  if (isQuietDraw(draft.state)) return endGame(draft, 'draw', 'draw_quiet_rounds', null)
  nextFarewell(draft)
}
