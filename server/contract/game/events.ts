import type { EndReason, LeaveReason, NightStep, NoEliminationReason, SpeechKind } from './phases'
import type { DeckId, Outcome, RoleName } from './roles'
import type { LobbySettings } from './settings'

/**
 * Events are the game's record: the state is the fold of its events, in version order. Every
 * event has the next version number, and the time of the command that caused it. Deadlines are
 * absolute times in milliseconds.
 */
interface EventBase {
  version: number
  at: number
}

/** The table as it sat down: deck, settings, user ids by seat and the judge. */
export interface GameCreatedEvent extends EventBase {
  type: 'game_created'
  deckId: DeckId
  settings: LobbySettings
  seats: number[]
  judge: number | null
}

/** The deal (secret: each player learns their own role, black players also their partners). */
export interface RolesDealtEvent extends EventBase {
  type: 'roles_dealt'
  roles: RoleName[]
}

export interface ZeroNightStartedEvent extends EventBase {
  type: 'zero_night_started'
  deadline: number
}

export interface DayStartedEvent extends EventBase {
  type: 'day_started'
  day: number
  /** The seat the day's speeches start from. */
  firstSeat: number
}

export interface SpeechStartedEvent extends EventBase {
  type: 'speech_started'
  seat: number
  speech: SpeechKind
  deadline: number
  /** A 30-second speech instead of a lost one (third foul with three or four players left). */
  shortened: boolean
}

/** The player lost this speech to their third foul. */
export interface SpeechSkippedEvent extends EventBase {
  type: 'speech_skipped'
  seat: number
  speech: 'day' | 'defence'
}

/** A nomination waiting for the judge. */
export interface NominationProposedEvent extends EventBase {
  type: 'nomination_proposed'
  by: number
  target: number
}

export interface NominationRejectedEvent extends EventBase {
  type: 'nomination_rejected'
  by: number
  target: number
}

export interface NominatedEvent extends EventBase {
  type: 'nominated'
  by: number
  target: number
}

export interface VotingStartedEvent extends EventBase {
  type: 'voting_started'
  /** 1 for the day's first vote, then one more for each re-vote. */
  round: number
  candidates: number[]
  votingType: 0 | 1
  /** Classic: the first candidate's window; simultaneous: the whole vote's. */
  deadline: number
}

/** Classic vote: the next candidate is called. */
export interface CandidateCalledEvent extends EventBase {
  type: 'candidate_called'
  candidate: number
  deadline: number
}

export interface VoteCastEvent extends EventBase {
  type: 'vote_cast'
  voter: number
  candidate: number
}

/** One vote of a closed vote; `automatic` when the player did not vote and counts for the last candidate. */
export interface CastVote {
  voter: number
  candidate: number
  automatic: boolean
}

export interface VoteCount {
  candidate: number
  votes: number
}

export interface VotingClosedEvent extends EventBase {
  type: 'voting_closed'
  round: number
  votes: CastVote[]
  counts: VoteCount[]
}

/** The most votes are shared: these players defend themselves, then the table re-votes among them. */
export interface TieEvent extends EventBase {
  type: 'tie'
  seats: number[]
}

export interface LiftVoteStartedEvent extends EventBase {
  type: 'lift_vote_started'
  candidates: number[]
  deadline: number
}

export interface LiftVoteCastEvent extends EventBase {
  type: 'lift_vote_cast'
  voter: number
  leave: boolean
}

export interface LiftVote {
  voter: number
  leave: boolean
}

export interface LiftVoteClosedEvent extends EventBase {
  type: 'lift_vote_closed'
  votes: LiftVote[]
  yes: number
  /** Votes needed: more than half of the players at the table. */
  needed: number
  passed: boolean
}

/** The day's vote ends with nobody leaving. */
export interface NoEliminationEvent extends EventBase {
  type: 'no_elimination'
  reason: NoEliminationReason
}

/** A player leaves the table. The role stays hidden until the game ends. */
export interface PlayerLeftEvent extends EventBase {
  type: 'player_left'
  seat: number
  reason: LeaveReason
}

export interface BestMoveStartedEvent extends EventBase {
  type: 'best_move_started'
  seat: number
  deadline: number
}

export interface BestMoveNamedEvent extends EventBase {
  type: 'best_move_named'
  seat: number
  targets: number[]
}

export interface NightStartedEvent extends EventBase {
  type: 'night_started'
  night: number
}

export interface NightStepStartedEvent extends EventBase {
  type: 'night_step_started'
  step: NightStep
  deadline: number
}

/**
 * A night action (secret: the actor and the judge see it; black players also see their partners'
 * shots). `result` answers checks: the Don learns `sheriff`/`not_sheriff`, the Sheriff `red`/`black`.
 */
export interface NightActionEvent extends EventBase {
  type: 'night_action'
  step: NightStep
  seat: number
  target: number
  result: 'sheriff' | 'not_sheriff' | 'red' | 'black' | null
}

/** The morning's announcement: who was killed; none means the shot missed (or was healed). */
export interface NightResultEvent extends EventBase {
  type: 'night_result'
  night: number
  killed: number[]
}

export interface FoulEvent extends EventBase {
  type: 'foul'
  seat: number
  /** The player's fouls after this one. */
  fouls: number
}

export interface ConnectionEvent extends EventBase {
  type: 'connection'
  seat: number
  connected: boolean
}

export interface MicrophoneEvent extends EventBase {
  type: 'microphone'
  seat: number
  open: boolean
}

export interface PausedEvent extends EventBase {
  type: 'paused'
  /** Milliseconds left on the phase's timer when it froze. */
  remaining: number | null
}

export interface ResumedEvent extends EventBase {
  type: 'resumed'
  deadline: number | null
}

/**
 * The judge extended or restarted the phase's timer: its new deadline, or while paused the time
 * left. Its time is no longer up.
 */
export interface TimerChangedEvent extends EventBase {
  type: 'timer_changed'
  /** When the timer now runs out; null while paused. */
  deadline: number | null
  /** Milliseconds left on the paused timer; null while it runs. */
  remaining: number | null
}

/** The phase's time ran out at a judged table: the speaker's microphone closes, the judge moves on. */
export interface TimeUpEvent extends EventBase {
  type: 'time_up'
}

/** The judge's extra points (secret until the game ends: a reason may hint at a role). */
export interface PointsAwardedEvent extends EventBase {
  type: 'points_awarded'
  seat: number
  points: number
  reason: string
}

/** The game is over; every role is revealed. */
export interface GameEndedEvent extends EventBase {
  type: 'game_ended'
  outcome: Outcome
  reason: EndReason
  roles: RoleName[]
  /** The team that lost for cheating, with reason `team_loss`. */
  losingTeam: 'red' | 'black' | null
}

/** The judge closed the protocol: the result is final. */
export interface GameFinalisedEvent extends EventBase {
  type: 'game_finalised'
}

export type GameEvent =
  | GameCreatedEvent
  | RolesDealtEvent
  | ZeroNightStartedEvent
  | DayStartedEvent
  | SpeechStartedEvent
  | SpeechSkippedEvent
  | NominationProposedEvent
  | NominationRejectedEvent
  | NominatedEvent
  | VotingStartedEvent
  | CandidateCalledEvent
  | VoteCastEvent
  | VotingClosedEvent
  | TieEvent
  | LiftVoteStartedEvent
  | LiftVoteCastEvent
  | LiftVoteClosedEvent
  | NoEliminationEvent
  | PlayerLeftEvent
  | BestMoveStartedEvent
  | BestMoveNamedEvent
  | NightStartedEvent
  | NightStepStartedEvent
  | NightActionEvent
  | NightResultEvent
  | FoulEvent
  | ConnectionEvent
  | MicrophoneEvent
  | PausedEvent
  | ResumedEvent
  | TimerChangedEvent
  | TimeUpEvent
  | PointsAwardedEvent
  | GameEndedEvent
  | GameFinalisedEvent

export type GameEventType = GameEvent['type']

/* ----- what a viewer receives ----- */

/** The deal as a player sees it: their own role, and partners' for black players; null elsewhere. */
export interface RolesDealtView extends EventBase {
  type: 'roles_dealt'
  roles: (RoleName | null)[]
}

/** A vote with the voter hidden (`openUp` false, until the game ends). */
export interface VoteCastView extends EventBase {
  type: 'vote_cast'
  voter: number | null
  candidate: number
}

export interface VotingClosedView extends EventBase {
  type: 'voting_closed'
  round: number
  /** Null when the table sees counts only. */
  votes: CastVote[] | null
  counts: VoteCount[]
}

export interface LiftVoteCastView extends EventBase {
  type: 'lift_vote_cast'
  voter: number | null
  leave: boolean
}

export interface LiftVoteClosedView extends EventBase {
  type: 'lift_vote_closed'
  votes: LiftVote[] | null
  yes: number
  needed: number
  passed: boolean
}

/** An event as one viewer may see it. */
export type VisibleGameEvent =
  | Exclude<GameEvent, RolesDealtEvent | VoteCastEvent | VotingClosedEvent | LiftVoteCastEvent | LiftVoteClosedEvent>
  | RolesDealtView
  | VoteCastView
  | VotingClosedView
  | LiftVoteCastView
  | LiftVoteClosedView


type Without<T, Keys extends PropertyKey> = T extends unknown ? Omit<T, Keys> : never

/**
 * An event as it reaches one viewer's stream: what they may see of it, without the game's version
 * (a version would count the events this viewer was not shown).
 */
export type TableEvent = Without<VisibleGameEvent, 'version'>
