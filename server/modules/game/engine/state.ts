import type {
  CastVote,
  DeckId,
  EndReason,
  LeaveReason,
  LiftVote,
  LobbySettings,
  NightStep,
  Outcome,
  Phase,
  RoleName,
  SpeechKind,
  Team,
  VoteCount,
} from '../../../contract/game'
import { teamOf } from './decks'

/**
 * The game's state: the fold of its events (see apply.ts). Plain, immutable data, so any version
 * can be kept, compared or serialised, and a replay gives exactly the same value.
 */
export interface GameState {
  readonly version: number
  /** The time of the latest event: commands never move the game's clock backwards. */
  readonly clock: number
  readonly deckId: DeckId
  readonly settings: LobbySettings
  /** The judge's user id; null without a judge. */
  readonly judge: number | null
  readonly seats: readonly SeatState[]
  readonly phase: Phase
  /** The current day; 0 until day 1 starts. Night n follows day n. */
  readonly day: number
  /** The current or latest night; 0 is the zero night. */
  readonly night: number
  /**
   * The game's periods in order: 0 the zero night, 2d-1 day d, 2n night n. Departures record it,
   * which is all the draw rule needs.
   */
  readonly period: number
  readonly deadline: number | null
  /** The full time of the phase's timer as it was set (a shortened speech's 30 s included): what a reset restarts. */
  readonly timerLength: number | null
  readonly paused: boolean
  /** Milliseconds left on the timer when it was paused. */
  readonly pausedRemaining: number | null
  /** The phase's time ran out at a judged table; the judge moves on. */
  readonly timeUp: boolean
  readonly speaker: number | null
  readonly speech: SpeechKind | null
  readonly nightStep: NightStep | null
  /** The seat the current day's speeches started from. */
  readonly firstSeat: number | null
  /** Seats still to speak today, in order (seats that left are skipped when reached). */
  readonly speechQueue: readonly number[]
  readonly nominations: readonly Nomination[]
  readonly pendingNomination: Nomination | null
  /** The last vote round of the day (the next re-vote is one more). */
  readonly voteRound: number
  readonly vote: VoteStage | null
  readonly lift: LiftStage | null
  /** The latest tie: who defends and is re-voted, and what a second tie is compared with. */
  readonly tie: readonly number[] | null
  readonly defenceQueue: readonly number[]
  /** Players who left by vote or shot and have not yet had their last words. */
  readonly farewellQueue: readonly number[]
  readonly voteRecords: readonly VoteRecord[]
  readonly nightActions: readonly NightActionRecord[]
  readonly nightResults: readonly { night: number; killed: readonly number[] }[]
  readonly bestMoves: readonly { seat: number; targets: readonly number[] }[]
  readonly awards: readonly Award[]
  /** The judge's microphone overrides for the current phase, by seat. */
  readonly microphones: Readonly<Record<number, boolean>>
  readonly outcome: OutcomeRecord | null
  readonly finalised: boolean
}

export interface SeatState {
  readonly seat: number
  readonly user: number
  /** Null until the deal. */
  readonly role: RoleName | null
  readonly left: LeaveReason | null
  /** The period (see GameState.period) in which the player left. */
  readonly leftInPeriod: number | null
  readonly fouls: number
  /** The third foul took the player's next speech. */
  readonly losesNextSpeech: boolean
  readonly connected: boolean
  readonly disconnectedAt: number | null
}

export interface Nomination {
  readonly by: number
  readonly target: number
}

export interface VoteStage {
  readonly round: number
  readonly votingType: 0 | 1
  readonly candidates: readonly number[]
  /** Classic vote: the index of the candidate being called. */
  readonly current: number
  readonly votes: readonly { voter: number; candidate: number }[]
}

export interface LiftStage {
  readonly candidates: readonly number[]
  readonly votes: readonly LiftVote[]
}

export type VoteRecord =
  | {
      readonly kind: 'vote'
      readonly day: number
      readonly round: number
      readonly candidates: readonly number[]
      readonly votes: readonly CastVote[]
      readonly counts: readonly VoteCount[]
    }
  | {
      readonly kind: 'lift'
      readonly day: number
      readonly candidates: readonly number[]
      readonly votes: readonly LiftVote[]
      readonly yes: number
      readonly needed: number
      readonly passed: boolean
    }

export interface NightActionRecord {
  readonly night: number
  readonly step: NightStep
  readonly seat: number
  readonly target: number
  readonly result: 'sheriff' | 'not_sheriff' | 'red' | 'black' | null
}

export interface Award {
  readonly seat: number
  readonly points: number
  readonly reason: string
}

export interface OutcomeRecord {
  readonly outcome: Outcome
  readonly reason: EndReason
  readonly losingTeam: 'red' | 'black' | null
}

/* ----- small questions about a state, used everywhere ----- */

export function seatOf(state: GameState, seat: number): SeatState | undefined {
  return state.seats[seat - 1]
}

export function isSeat(state: GameState, seat: number): boolean {
  return Number.isInteger(seat) && seat >= 1 && seat <= state.seats.length
}

export function isAtTable(state: GameState, seat: number): boolean {
  const player = seatOf(state, seat)
  return player !== undefined && player.left === null
}

export function seatsAtTable(state: GameState): SeatState[] {
  return state.seats.filter((player) => player.left === null)
}

export function countAtTable(state: GameState): number {
  let count = 0
  for (const player of state.seats) if (player.left === null) count++
  return count
}

export function teamOfSeat(state: GameState, seat: number): Team | null {
  const role = seatOf(state, seat)?.role
  return role ? teamOf(role) : null
}

export function isBlackSeat(state: GameState, seat: number): boolean {
  return teamOfSeat(state, seat) === 'black'
}

/** The game is being played: dealt and not yet over. */
export function isRunning(state: GameState): boolean {
  return state.phase !== 'created' && state.phase !== 'ended'
}

/** Whether the current period is a day (odd) rather than a night (even). */
export function isDayPeriod(state: GameState): boolean {
  return state.period % 2 === 1
}

/** The first seat at the table from `seat` on, going round the table. */
export function firstAtTableFrom(state: GameState, seat: number): number | null {
  const count = state.seats.length
  for (let step = 0; step < count; step++) {
    const candidate = ((seat - 1 + step) % count) + 1
    if (isAtTable(state, candidate)) return candidate
  }
  return null
}

/** The seat after `seat`, going round the table. */
export function seatAfter(state: GameState, seat: number): number {
  return (seat % state.seats.length) + 1
}

/** The same seats, in any order. */
export function sameSeats(left: readonly number[], right: readonly number[]): boolean {
  return left.length === right.length && left.every((seat) => right.includes(seat))
}
