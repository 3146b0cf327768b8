import type { CastVote, LiftVote, VoteCount } from './events'
import type { EndReason, LeaveReason, NightStep, Phase, SpeechKind } from './phases'
import type { DeckId, Outcome, RoleName, Team } from './roles'
import type { LobbySettings } from './settings'

/** Who is looking at the game. */
export type Viewer = { kind: 'player'; seat: number } | { kind: 'judge' } | { kind: 'spectator' }

/** One seat as a viewer sees it. */
export interface SeatView {
  seat: number
  user: number
  /** Still playing. */
  atTable: boolean
  left: LeaveReason | null
  fouls: number
  /** The third foul took this player's next speech. */
  losesNextSpeech: boolean
  connected: boolean
  /** Null unless this viewer may know it (own role, black partners, the judge, the game's end). */
  role: RoleName | null
  team: Team | null
}

export interface NominationView {
  by: number
  target: number
}

/** The vote under way. Voters are listed only when `openUp`, for the judge, or after the end. */
export type VotingView =
  | {
      kind: 'vote'
      round: number
      votingType: 0 | 1
      candidates: readonly number[]
      /** Classic vote: the candidate being called. */
      current: number | null
      counts: readonly VoteCount[]
      votes: readonly { voter: number; candidate: number }[] | null
      /** How many players have voted. */
      voted: number
      /** This player's own vote. */
      yourVote: number | null
    }
  | {
      kind: 'lift'
      candidates: readonly number[]
      yes: number
      needed: number
      votes: readonly LiftVote[] | null
      voted: number
      yourVote: boolean | null
    }

/** A closed vote of the game's record. */
export type VoteRecordView =
  | { kind: 'vote'; day: number; round: number; candidates: readonly number[]; counts: readonly VoteCount[]; votes: readonly CastVote[] | null }
  | { kind: 'lift'; day: number; candidates: readonly number[]; yes: number; needed: number; passed: boolean; votes: readonly LiftVote[] | null }

/** A night action this viewer may see. */
export interface NightActionView {
  night: number
  step: NightStep
  seat: number
  target: number
  result: 'sheriff' | 'not_sheriff' | 'red' | 'black' | null
}

export interface AwardView {
  seat: number
  points: number
  reason: string
}

/** What a player knows about themselves. */
export interface YouView {
  seat: number
  role: RoleName | null
  team: Team | null
  /** Black players' partners. */
  partners: readonly { seat: number; role: RoleName }[]
}

/** A seat's points in a finished game. */
export interface SeatResult {
  seat: number
  user: number
  role: RoleName
  team: Team
  won: boolean
  points: number
  breakdown: {
    win: number
    bestMove: number
    /** -0.5 for removal by fouls, disqualification or disconnection. */
    removal: number
    extra: number
  }
}

/** A finished game's result. */
export interface GameResult {
  outcome: Outcome
  reason: EndReason
  losingTeam: 'red' | 'black' | null
  /** A judged game's result is final once the judge closes the protocol; a judge-less one at once. */
  finalised: boolean
  /** False at newbie tables. */
  countsForRatings: boolean
  seats: readonly SeatResult[]
}

/**
 * What a seated player may do now, as the engine's rules decide it (the client draws these and
 * derives nothing). Empty lists and false when the player may not act.
 */
export interface PlayerActions {
  /** End their own speech or last words early, or skip the best move. */
  endSpeech: boolean
  /** Seats the speaker may nominate now (empty when they may not). */
  nominate: readonly number[]
  /** Candidates this player may vote for now. */
  vote: readonly number[]
  /** May vote in the "all of them leave?" vote. */
  liftVote: boolean
  /** The night step this player acts in now, with the seats the rules let them pick. */
  night: { step: NightStep; targets: readonly number[] } | null
  /** Seats the best move may name now (up to three of them); empty when it is not this player's. */
  bestMove: readonly number[]
}

/**
 * What the judge's `next` would lead to now, worked out by the engine (a dry run of `next`): the
 * phase, day and night after it, who then holds the word, which night step runs, which candidate
 * the classic vote calls, and whether the game ends.
 */
export interface UpcomingStep {
  phase: Phase
  day: number
  night: number
  /** The seat holding the word (a speech, a best move, last words). */
  speaker: number | null
  nightStep: NightStep | null
  /** The classic vote's candidate called next. */
  candidate: number | null
  /** `next` ends the game. */
  ends: boolean
}

/** What the judge may do now, as the engine's rules decide it. */
export interface JudgeActions {
  /** Move the game on (next speaker, candidate, night step or phase). */
  next: boolean
  confirmNomination: boolean
  rejectNomination: boolean
  pause: boolean
  resume: boolean
  /** Add 30 seconds to the phase's timer (`extend_timer`): a timed phase of a running game, not the zero night or a night step. */
  extendTimer: boolean
  /** Restart the phase's timer from its full time (`reset_timer`); the same phases. */
  resetTimer: boolean
  /** What `next` would lead to now; null when `next` is not allowed. */
  upcoming: UpcomingStep | null
  /** Seats that may get a foul, be disqualified, or have their microphone opened or closed. */
  foul: readonly number[]
  disqualify: readonly number[]
  microphone: readonly number[]
  /** Seats that may be given extra points. */
  awardPoints: readonly number[]
  teamLoss: boolean
  endGame: boolean
  finalise: boolean
}

/** The commands this viewer may send now: a player's, the judge's, or none (spectators). */
export interface GameActions {
  player: PlayerActions | null
  judge: JudgeActions | null
}

/**
 * The game as one viewer sees it. Never holds a secret this viewer may not know, and nothing that
 * counts what it may not see (no global version: each viewer's stream has its own position). Views
 * share the engine's immutable data, so treat them as read-only (they are meant to be serialised
 * and sent).
 */
export interface GameView {
  viewer: Viewer
  deckId: DeckId
  settings: Readonly<LobbySettings>
  judge: number | null
  phase: Phase
  day: number
  night: number
  /** When the phase's timer runs out; null when paused or untimed. */
  deadline: number | null
  paused: boolean
  /** Milliseconds left on a paused timer. */
  remaining: number | null
  timeUp: boolean
  speaker: number | null
  speech: SpeechKind | null
  nightStep: NightStep | null
  seats: readonly SeatView[]
  nominations: readonly NominationView[]
  pendingNomination: NominationView | null
  /** The players defending or about to be re-voted after a tie. */
  tie: readonly number[] | null
  voting: VotingView | null
  voteRecords: readonly VoteRecordView[]
  nightResults: readonly { night: number; killed: readonly number[] }[]
  /** Best moves named by first-night victims (deck 2 can have two). */
  bestMoves: readonly { seat: number; targets: readonly number[] }[]
  microphones: readonly number[]
  /**
   * Seats whose camera reaches this viewer now (the engine decides, the media server forwards
   * exactly these): every seat by day, at night only what this viewer may see.
   */
  cameras: readonly number[]
  you: YouView | null
  nightActions: readonly NightActionView[]
  /** The judge's extra points: the judge sees them at once, everyone else when the game ends. */
  awards: readonly AwardView[] | null
  result: GameResult | null
  /** What this viewer may do now. */
  actions: GameActions
}
