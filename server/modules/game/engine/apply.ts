import type { GameCreatedEvent, GameEvent, NightStep, SpeechKind } from '../../../contract/game'
import type { GameState, SeatState } from './state'
import { mapPacked } from './arrays'

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
  // `reduce` builds a fresh object, so stamping it here changes nothing anyone else holds.
  const next = reduce(state, event)
  next.version = event.version
  next.clock = Math.max(state.clock, event.at)
  return next
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
    seats: mapPacked(event.seats, (user, index) => ({
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
    timerLength: null,
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

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] }

/**
 * A fresh copy of the state to build the next one in. Written out field by field because V8 copies
 * an object literal like this many times faster than it spreads an object this large, and folding
 * events is the engine's hottest path. TypeScript insists every field is listed.
 */
function copyState(state: GameState): Mutable<GameState> {
  return {
    version: state.version,
    clock: state.clock,
    deckId: state.deckId,
    settings: state.settings,
    judge: state.judge,
    seats: state.seats,
    phase: state.phase,
    day: state.day,
    night: state.night,
    period: state.period,
    deadline: state.deadline,
    timerLength: state.timerLength,
    paused: state.paused,
    pausedRemaining: state.pausedRemaining,
    timeUp: state.timeUp,
    speaker: state.speaker,
    speech: state.speech,
    nightStep: state.nightStep,
    firstSeat: state.firstSeat,
    speechQueue: state.speechQueue,
    nominations: state.nominations,
    pendingNomination: state.pendingNomination,
    voteRound: state.voteRound,
    vote: state.vote,
    lift: state.lift,
    tie: state.tie,
    defenceQueue: state.defenceQueue,
    farewellQueue: state.farewellQueue,
    voteRecords: state.voteRecords,
    nightActions: state.nightActions,
    nightResults: state.nightResults,
    bestMoves: state.bestMoves,
    awards: state.awards,
    microphones: state.microphones,
    outcome: state.outcome,
    finalised: state.finalised,
  }
}

function copySeat(player: SeatState): Mutable<SeatState> {
  return {
    seat: player.seat,
    user: player.user,
    role: player.role,
    left: player.left,
    leftInPeriod: player.leftInPeriod,
    fouls: player.fouls,
    losesNextSpeech: player.losesNextSpeech,
    connected: player.connected,
    disconnectedAt: player.disconnectedAt,
  }
}

/** The seats with one seat changed. */
function changeSeat(seats: readonly SeatState[], seat: number, change: (player: Mutable<SeatState>) => void): readonly SeatState[] {
  return mapPacked(seats, (player) => {
    if (player.seat !== seat) return player
    const changed = copySeat(player)
    change(changed)
    return changed
  })
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

/** A new phase: its timer starts afresh (`at`: when it started) and the judge's microphone overrides lapse. */
function enterPhase(next: Mutable<GameState>, phase: GameState['phase'], deadline: number | null, at: number): void {
  next.phase = phase
  next.deadline = deadline
  next.timerLength = deadline === null ? null : deadline - at
  next.timeUp = false
  next.microphones = noOverrides
}

/** The state after one event, always as a new object (applyEvent stamps it). */
function reduce(state: GameState, event: GameEvent): Mutable<GameState> {
  const next = copyState(state)
  switch (event.type) {
    case 'game_created':
      throw new Error('game_created can only be the first event')
    case 'roles_dealt':
      next.seats = mapPacked(state.seats, (player, index) => {
        const dealt = copySeat(player)
        dealt.role = event.roles[index] ?? null
        return dealt
      })
      break
    case 'zero_night_started':
      enterPhase(next, 'zero_night', event.deadline, event.at)
      next.period = 0
      break
    case 'day_started': {
      const count = state.seats.length
      const order = Array.from({ length: count }, (_, step) => ((event.firstSeat - 1 + step) % count) + 1)
      enterPhase(next, 'day_speech', null, event.at)
      next.day = event.day
      next.period = 2 * event.day - 1
      next.firstSeat = event.firstSeat
      next.speechQueue = order.filter((seat) => state.seats[seat - 1]?.left === null)
      next.nominations = []
      next.pendingNomination = null
      next.voteRound = 0
      next.vote = null
      next.lift = null
      next.tie = null
      next.defenceQueue = []
      next.speaker = null
      next.speech = null
      next.nightStep = null
      break
    }
    case 'speech_started':
      enterPhase(next, phaseOfSpeech[event.speech], event.deadline, event.at)
      next.speaker = event.seat
      next.speech = event.speech
      next.pendingNomination = null
      if (event.speech === 'day') next.speechQueue = after(state.speechQueue, event.seat)
      if (event.speech === 'defence') next.defenceQueue = after(state.defenceQueue, event.seat)
      if (event.speech === 'last_words') next.farewellQueue = after(state.farewellQueue, event.seat)
      // A shortened speech is the one the third foul took: the debt is paid.
      if (event.speech !== 'last_words' && state.seats[event.seat - 1]?.losesNextSpeech) {
        next.seats = changeSeat(state.seats, event.seat, (player) => {
          player.losesNextSpeech = false
        })
      }
      break
    case 'speech_skipped':
      if (event.speech === 'day') next.speechQueue = after(state.speechQueue, event.seat)
      else next.defenceQueue = after(state.defenceQueue, event.seat)
      next.seats = changeSeat(state.seats, event.seat, (player) => {
        player.losesNextSpeech = false
      })
      break
    case 'nomination_proposed':
      next.pendingNomination = { by: event.by, target: event.target }
      break
    case 'nomination_rejected':
      next.pendingNomination = null
      break
    case 'nominated':
      next.pendingNomination = null
      next.nominations = [...state.nominations, { by: event.by, target: event.target }]
      break
    case 'voting_started':
      enterPhase(next, 'voting', event.deadline, event.at)
      next.voteRound = event.round
      next.vote = { round: event.round, votingType: event.votingType, candidates: event.candidates, current: 0, votes: [] }
      next.speaker = null
      next.speech = null
      // The last speaker's nomination still waiting for the judge lapses with the speech, as every other's does.
      next.pendingNomination = null
      break
    case 'candidate_called':
      if (state.vote) next.vote = { ...state.vote, current: state.vote.candidates.indexOf(event.candidate) }
      next.deadline = event.deadline
      next.timerLength = event.deadline - event.at
      next.timeUp = false
      break
    case 'vote_cast':
      if (state.vote) next.vote = { ...state.vote, votes: [...state.vote.votes, { voter: event.voter, candidate: event.candidate }] }
      break
    case 'voting_closed':
      next.vote = null
      next.deadline = null
      next.voteRecords = [
        ...state.voteRecords,
        { kind: 'vote', day: state.day, round: event.round, candidates: state.vote?.candidates ?? mapPacked(event.counts, (count) => count.candidate), votes: event.votes, counts: event.counts },
      ]
      break
    case 'tie':
      next.tie = event.seats
      next.defenceQueue = event.seats
      break
    case 'lift_vote_started':
      enterPhase(next, 'lift_vote', event.deadline, event.at)
      next.lift = { candidates: event.candidates, votes: [] }
      next.speaker = null
      next.speech = null
      break
    case 'lift_vote_cast':
      if (state.lift) next.lift = { ...state.lift, votes: [...state.lift.votes, { voter: event.voter, leave: event.leave }] }
      break
    case 'lift_vote_closed':
      next.lift = null
      next.deadline = null
      next.voteRecords = [
        ...state.voteRecords,
        { kind: 'lift', day: state.day, candidates: state.lift?.candidates ?? [], votes: event.votes, yes: event.yes, needed: event.needed, passed: event.passed },
      ]
      break
    case 'no_elimination':
      next.deadline = null
      break
    case 'player_left': {
      next.seats = changeSeat(state.seats, event.seat, (player) => {
        player.left = event.reason
        player.leftInPeriod = state.period
      })
      // Only leaving by vote or shot gives last words.
      if (event.reason === 'vote' || event.reason === 'night') next.farewellQueue = [...state.farewellQueue, event.seat]
      const pending = state.pendingNomination
      if (pending && (pending.by === event.seat || pending.target === event.seat)) next.pendingNomination = null
      // A player who leaves takes their vote with them.
      if (state.vote) next.vote = { ...state.vote, votes: state.vote.votes.filter((vote) => vote.voter !== event.seat) }
      if (state.lift) next.lift = { ...state.lift, votes: state.lift.votes.filter((vote) => vote.voter !== event.seat) }
      break
    }
    case 'best_move_started':
      enterPhase(next, 'best_move', event.deadline, event.at)
      next.speaker = event.seat
      next.speech = null
      break
    case 'best_move_named':
      next.bestMoves = [...state.bestMoves, { seat: event.seat, targets: event.targets }]
      break
    case 'night_started':
      next.night = event.night
      next.period = 2 * event.night
      next.speaker = null
      next.speech = null
      next.vote = null
      next.lift = null
      next.tie = null
      next.defenceQueue = []
      next.speechQueue = []
      next.pendingNomination = null
      next.deadline = null
      next.timeUp = false
      next.microphones = noOverrides
      break
    case 'night_step_started':
      enterPhase(next, phaseOfNightStep[event.step], event.deadline, event.at)
      next.nightStep = event.step
      break
    case 'night_action':
      next.nightActions = [...state.nightActions, { night: state.night, step: event.step, seat: event.seat, target: event.target, result: event.result }]
      break
    case 'night_result':
      next.nightStep = null
      next.deadline = null
      next.nightResults = [...state.nightResults, { night: event.night, killed: event.killed }]
      break
    case 'foul':
      next.seats = changeSeat(state.seats, event.seat, (player) => {
        player.fouls = event.fouls
        if (event.fouls === 3) player.losesNextSpeech = true
      })
      break
    case 'connection':
      next.seats = changeSeat(state.seats, event.seat, (player) => {
        player.connected = event.connected
        player.disconnectedAt = event.connected ? null : event.at
      })
      break
    case 'microphone':
      next.microphones = { ...state.microphones, [event.seat]: event.open }
      break
    case 'paused':
      next.paused = true
      next.pausedRemaining = event.remaining
      next.deadline = null
      break
    case 'resumed':
      next.paused = false
      next.pausedRemaining = null
      next.deadline = event.deadline
      break
    case 'timer_changed':
      next.deadline = event.deadline
      next.pausedRemaining = event.remaining
      next.timeUp = false
      break
    case 'time_up':
      next.timeUp = true
      break
    case 'points_awarded':
      next.awards = [...state.awards, { seat: event.seat, points: event.points, reason: event.reason }]
      break
    case 'game_ended':
      enterPhase(next, 'ended', null, event.at)
      next.seats = mapPacked(state.seats, (player, index) => {
        const revealed = copySeat(player)
        revealed.role = event.roles[index] ?? player.role
        return revealed
      })
      next.outcome = { outcome: event.outcome, reason: event.reason, losingTeam: event.losingTeam }
      next.finalised = state.judge === null
      next.paused = false
      next.pausedRemaining = null
      next.speaker = null
      next.speech = null
      next.nightStep = null
      next.vote = null
      next.lift = null
      break
    case 'game_finalised':
      next.finalised = true
      break
  }
  return next
}
