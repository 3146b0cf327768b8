import type { GameCreatedEvent, GameEvent, NightStep, SpeechKind } from '../../../contract/game'
import type { GameState, SeatState } from './state'

/**
 * Folds one event into the state. Events are facts already decided (see decide/), so this never
 * refuses one; it only insists on the version order, because a gap means a corrupted record.
 */
export function applyEvent(state: GameState | undefined, event: GameEvent): GameState {
  if (state === undefined) {
    if (event.type !== 'game_created' || event.version !== 1) throw new Error('A game record starts with game_created, version 1')
    return createdState(event)
  }
  if (event.version !== state.version + 1) {
    throw new Error(`Game event version ${event.version} does not follow ${state.version}`)
  }
  const next = reduce(state, event)
  return { ...next, version: event.version, clock: Math.max(state.clock, event.at) }
}

/** The state after all these events, in order. */
export function replay(events: readonly GameEvent[]): GameState {
  let state: GameState | undefined
  for (const event of events) state = applyEvent(state, event)
  if (state === undefined) throw new Error('A game record has at least its game_created event')
  return state
}

function createdState(event: GameCreatedEvent): GameState {
  return {
    version: event.version,
    clock: event.at,
    deckId: event.deckId,
    settings: event.settings,
    judge: event.judge,
    seats: event.seats.map((user, index) => ({
      seat: index + 1,
      user,
      role: null,
      left: null,
      leftInPeriod: null,
      fouls: 0,
      losesNextSpeech: false,
      connected: true,
      disconnectedAt: null,
    })),
    phase: 'created',
    day: 0,
    night: 0,
    period: 0,
    deadline: null,
    paused: false,
    pausedRemaining: null,
    timeUp: false,
    speaker: null,
    speech: null,
    nightStep: null,
    firstSeat: null,
    speechQueue: [],
    nominations: [],
    pendingNomination: null,
    voteRound: 0,
    vote: null,
    lift: null,
    tie: null,
    defenceQueue: [],
    farewellQueue: [],
    voteRecords: [],
    nightActions: [],
    nightResults: [],
    bestMoves: [],
    awards: [],
    microphones: {},
    outcome: null,
    finalised: false,
  }
}

const noOverrides: Readonly<Record<number, boolean>> = {}

function updateSeat(state: GameState, seat: number, change: (player: SeatState) => SeatState): GameState {
  return { ...state, seats: state.seats.map((player) => (player.seat === seat ? change(player) : player)) }
}

const phaseOfSpeech: Record<SpeechKind, GameState['phase']> = {
  day: 'day_speech',
  defence: 'defence_speech',
  last_words: 'last_words',
}

const phaseOfNightStep: Record<NightStep, GameState['phase']> = {
  shooting: 'night_shooting',
  maniac: 'night_maniac',
  doctor: 'night_doctor',
  don: 'night_don',
  sheriff: 'night_sheriff',
}

/** The queue without everything up to and including `seat` (seats passed over had left). */
function after(queue: readonly number[], seat: number): readonly number[] {
  const index = queue.indexOf(seat)
  return index < 0 ? queue : queue.slice(index + 1)
}

function reduce(state: GameState, event: GameEvent): GameState {
  switch (event.type) {
    case 'game_created':
      throw new Error('game_created can only be the first event')
    case 'roles_dealt':
      return { ...state, seats: state.seats.map((player, index) => ({ ...player, role: event.roles[index] ?? null })) }
    case 'zero_night_started':
      return { ...state, phase: 'zero_night', period: 0, deadline: event.deadline, timeUp: false, microphones: noOverrides }
    case 'day_started': {
      const count = state.seats.length
      const order = Array.from({ length: count }, (_, step) => ((event.firstSeat - 1 + step) % count) + 1)
      return {
        ...state,
        phase: 'day_speech',
        day: event.day,
        period: 2 * event.day - 1,
        firstSeat: event.firstSeat,
        speechQueue: order.filter((seat) => state.seats[seat - 1]?.left === null),
        nominations: [],
        pendingNomination: null,
        voteRound: 0,
        vote: null,
        lift: null,
        tie: null,
        defenceQueue: [],
        speaker: null,
        speech: null,
        nightStep: null,
        deadline: null,
        timeUp: false,
        microphones: noOverrides,
      }
    }
    case 'speech_started': {
      const withSpeaker: GameState = {
        ...state,
        phase: phaseOfSpeech[event.speech],
        speaker: event.seat,
        speech: event.speech,
        deadline: event.deadline,
        timeUp: false,
        pendingNomination: null,
        microphones: noOverrides,
        speechQueue: event.speech === 'day' ? after(state.speechQueue, event.seat) : state.speechQueue,
        defenceQueue: event.speech === 'defence' ? after(state.defenceQueue, event.seat) : state.defenceQueue,
        farewellQueue: event.speech === 'last_words' ? after(state.farewellQueue, event.seat) : state.farewellQueue,
      }
      // A shortened speech is the one the third foul took: the debt is paid.
      return event.speech === 'last_words' ? withSpeaker : updateSeat(withSpeaker, event.seat, (player) => ({ ...player, losesNextSpeech: false }))
    }
    case 'speech_skipped': {
      const skipped = {
        ...state,
        speechQueue: event.speech === 'day' ? after(state.speechQueue, event.seat) : state.speechQueue,
        defenceQueue: event.speech === 'defence' ? after(state.defenceQueue, event.seat) : state.defenceQueue,
      }
      return updateSeat(skipped, event.seat, (player) => ({ ...player, losesNextSpeech: false }))
    }
    case 'nomination_proposed':
      return { ...state, pendingNomination: { by: event.by, target: event.target } }
    case 'nomination_rejected':
      return { ...state, pendingNomination: null }
    case 'nominated':
      return { ...state, pendingNomination: null, nominations: [...state.nominations, { by: event.by, target: event.target }] }
    case 'voting_started':
      return {
        ...state,
        phase: 'voting',
        voteRound: event.round,
        vote: { round: event.round, votingType: event.votingType, candidates: event.candidates, current: 0, votes: [] },
        speaker: null,
        speech: null,
        deadline: event.deadline,
        timeUp: false,
        microphones: noOverrides,
      }
    case 'candidate_called': {
      if (!state.vote) return state
      return { ...state, vote: { ...state.vote, current: state.vote.candidates.indexOf(event.candidate) }, deadline: event.deadline, timeUp: false }
    }
    case 'vote_cast': {
      if (!state.vote) return state
      return { ...state, vote: { ...state.vote, votes: [...state.vote.votes, { voter: event.voter, candidate: event.candidate }] } }
    }
    case 'voting_closed':
      return {
        ...state,
        vote: null,
        deadline: null,
        voteRecords: [
          ...state.voteRecords,
          { kind: 'vote', day: state.day, round: event.round, candidates: state.vote?.candidates ?? event.counts.map((count) => count.candidate), votes: event.votes, counts: event.counts },
        ],
      }
    case 'tie':
      return { ...state, tie: event.seats, defenceQueue: event.seats }
    case 'lift_vote_started':
      return {
        ...state,
        phase: 'lift_vote',
        lift: { candidates: event.candidates, votes: [] },
        speaker: null,
        speech: null,
        deadline: event.deadline,
        timeUp: false,
        microphones: noOverrides,
      }
    case 'lift_vote_cast': {
      if (!state.lift) return state
      return { ...state, lift: { ...state.lift, votes: [...state.lift.votes, { voter: event.voter, leave: event.leave }] } }
    }
    case 'lift_vote_closed':
      return {
        ...state,
        lift: null,
        deadline: null,
        voteRecords: [
          ...state.voteRecords,
          { kind: 'lift', day: state.day, candidates: state.lift?.candidates ?? [], votes: event.votes, yes: event.yes, needed: event.needed, passed: event.passed },
        ],
      }
    case 'no_elimination':
      return { ...state, deadline: null }
    case 'player_left': {
      const left = updateSeat(state, event.seat, (player) => ({ ...player, left: event.reason, leftInPeriod: state.period }))
      const pending = state.pendingNomination
      return {
        ...left,
        // Only leaving by vote or shot gives last words.
        farewellQueue: event.reason === 'vote' || event.reason === 'night' ? [...state.farewellQueue, event.seat] : state.farewellQueue,
        pendingNomination: pending && (pending.by === event.seat || pending.target === event.seat) ? null : pending,
        // A player who leaves takes their vote with them.
        vote: state.vote ? { ...state.vote, votes: state.vote.votes.filter((vote) => vote.voter !== event.seat) } : null,
        lift: state.lift ? { ...state.lift, votes: state.lift.votes.filter((vote) => vote.voter !== event.seat) } : null,
      }
    }
    case 'best_move_started':
      return {
        ...state,
        phase: 'best_move',
        speaker: event.seat,
        speech: null,
        deadline: event.deadline,
        timeUp: false,
        microphones: noOverrides,
      }
    case 'best_move_named':
      return { ...state, bestMoves: [...state.bestMoves, { seat: event.seat, targets: event.targets }] }
    case 'night_started':
      return {
        ...state,
        night: event.night,
        period: 2 * event.night,
        speaker: null,
        speech: null,
        vote: null,
        lift: null,
        tie: null,
        defenceQueue: [],
        speechQueue: [],
        pendingNomination: null,
        deadline: null,
        timeUp: false,
        microphones: noOverrides,
      }
    case 'night_step_started':
      return {
        ...state,
        phase: phaseOfNightStep[event.step],
        nightStep: event.step,
        deadline: event.deadline,
        timeUp: false,
        microphones: noOverrides,
      }
    case 'night_action':
      return {
        ...state,
        nightActions: [...state.nightActions, { night: state.night, step: event.step, seat: event.seat, target: event.target, result: event.result }],
      }
    case 'night_result':
      return { ...state, nightStep: null, deadline: null, nightResults: [...state.nightResults, { night: event.night, killed: event.killed }] }
    case 'foul':
      return updateSeat(state, event.seat, (player) => ({
        ...player,
        fouls: event.fouls,
        losesNextSpeech: event.fouls === 3 ? true : player.losesNextSpeech,
      }))
    case 'connection':
      return updateSeat(state, event.seat, (player) => ({ ...player, connected: event.connected, disconnectedAt: event.connected ? null : event.at }))
    case 'microphone':
      return { ...state, microphones: { ...state.microphones, [event.seat]: event.open } }
    case 'paused':
      return { ...state, paused: true, pausedRemaining: event.remaining, deadline: null }
    case 'resumed':
      return { ...state, paused: false, pausedRemaining: null, deadline: event.deadline }
    case 'time_up':
      return { ...state, timeUp: true }
    case 'points_awarded':
      return { ...state, awards: [...state.awards, { seat: event.seat, points: event.points, reason: event.reason }] }
    case 'game_ended':
      return {
        ...state,
        phase: 'ended',
        seats: state.seats.map((player, index) => ({ ...player, role: event.roles[index] ?? player.role })),
        outcome: { outcome: event.outcome, reason: event.reason, losingTeam: event.losingTeam },
        finalised: state.judge === null,
        deadline: null,
        paused: false,
        pausedRemaining: null,
        timeUp: false,
        speaker: null,
        speech: null,
        nightStep: null,
        vote: null,
        lift: null,
        microphones: noOverrides,
      }
    case 'game_finalised':
      return { ...state, finalised: true }
  }
}
