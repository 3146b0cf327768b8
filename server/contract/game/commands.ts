import { Type, type Static, type TSchema } from 'typebox'
import { LobbySettings } from './settings'
import { DeckId, SeatNumber, type RoleName } from './roles'

const command = <Name extends string, Fields extends Record<string, TSchema>>(type: Name, fields: Fields) =>
  Type.Object({ type: Type.Literal(type), ...fields }, { additionalProperties: false })

/* ----- what a seated player sends ----- */

/** The speaker nominates a player (one nomination per player per day). */
export const NominatePayload = command('nominate', { target: SeatNumber })
/** The speaker ends their own speech early ("pass"). */
export const EndSpeechPayload = command('end_speech', {})
/** A vote for a nominee: in the classic vote only for the candidate being called. */
export const VotePayload = command('vote', { target: SeatNumber })
/** A vote in the "all of them leave?" vote. */
export const LiftVotePayload = command('lift_vote', { leave: Type.Boolean() })
/**
 * The night click: a shot (black players), the Maniac's kill, the Doctor's heal, the Don's or the
 * Sheriff's check. Its meaning follows from the night step and the player's role, so the command
 * itself says nothing about who sent it.
 */
export const NightActionPayload = command('night_action', { target: SeatNumber })
/** The first-night victim's best move: up to three seats they believe black. */
export const BestMovePayload = command('best_move', { targets: Type.Array(SeatNumber, { maxItems: 3, uniqueItems: true }) })

/* ----- what the judge sends ----- */

/** Starts the game (the server adds the dealt roles). */
export const StartPayload = command('start', {})
/** Moves the game on to the next speaker, candidate, night step or phase. */
export const NextPayload = command('next', {})
export const ConfirmNominationPayload = command('confirm_nomination', {})
export const RejectNominationPayload = command('reject_nomination', {})
export const FoulPayload = command('foul', { seat: SeatNumber })
export const DisqualifyPayload = command('disqualify', { seat: SeatNumber })
/** A team loses for cheating (peeking, outside hints, oaths). */
export const TeamLossPayload = command('team_loss', { team: Type.Union([Type.Literal('red'), Type.Literal('black')]) })
/** Opens or closes a seat's microphone, over the default (only the speaker's is open). */
export const MicrophonePayload = command('microphone', { seat: SeatNumber, open: Type.Boolean() })
export const PausePayload = command('pause', {})
/**
 * Adds 30 seconds to the running phase's timer (when its time is already up, the time runs again
 * for 30 seconds; while paused, the time left grows). Not for the zero night and night steps, whose
 * fixed length tells nobody anything.
 */
export const ExtendTimerPayload = command('extend_timer', {})
/** Restarts the running phase's timer from its full time (paused: the full time is left). */
export const ResetTimerPayload = command('reset_timer', {})
export const ResumePayload = command('resume', {})
/** Extra points between -1 and +1 in steps of 0.05, with a reason. */
export const AwardPointsPayload = command('award_points', {
  seat: SeatNumber,
  points: Type.Number({ minimum: -1, maximum: 1 }),
  reason: Type.String({ minLength: 1, maxLength: 500 }),
})
/** Ends the game with the judge's verdict. */
export const EndGamePayload = command('end_game', {
  outcome: Type.Union([Type.Literal('red'), Type.Literal('black'), Type.Literal('maniac'), Type.Literal('draw')]),
})
/** Closes the protocol of a judged game once the extra points are in; its result is then final. */
export const FinalisePayload = command('finalise', {})

/** Everything a client may send about a game; the socket layer validates with this schema. */
export const GameCommandPayload = Type.Union([
  NominatePayload,
  EndSpeechPayload,
  VotePayload,
  LiftVotePayload,
  NightActionPayload,
  BestMovePayload,
  StartPayload,
  NextPayload,
  ConfirmNominationPayload,
  RejectNominationPayload,
  FoulPayload,
  DisqualifyPayload,
  TeamLossPayload,
  MicrophonePayload,
  PausePayload,
  ResumePayload,
  ExtendTimerPayload,
  ResetTimerPayload,
  AwardPointsPayload,
  EndGamePayload,
  FinalisePayload,
])
export type GameCommandPayload = Static<typeof GameCommandPayload>

/* ----- what the engine receives ----- */

/** Who sent a command: a user id (the server resolves seat or judge), or the server itself. */
export type CommandSender = number | 'host'

/** What the server adds to every command: the sender and the time it was received. */
export interface CommandEnvelope {
  by: CommandSender
  /** Milliseconds since the epoch; the engine's only clock. */
  at: number
}

/** The start command as the engine receives it: the server has added its secure shuffle. */
export interface StartCommand {
  type: 'start'
  /** The role of each seat, index 0 for seat 1, from `dealRoles`. */
  roles: RoleName[]
}

/** Sent by the server when a deadline has passed (see `nextDeadline`). */
export interface TickCommand {
  type: 'tick'
}

/** Sent by the server when a seated user's connection drops or returns. */
export interface ConnectionCommand {
  type: 'connection'
  user: number
  connected: boolean
}

type Enveloped<T> = T extends unknown ? T & CommandEnvelope : never

/** Every command the engine decides on. */
export type GameCommand = Enveloped<Exclude<GameCommandPayload, { type: 'start' }> | StartCommand | TickCommand | ConnectionCommand>

/** How a new game is set up: the deck, the lobby's settings, who sits where and who judges. */
export const GameSetup = Type.Object(
  {
    deckId: DeckId,
    settings: LobbySettings,
    /** User ids by seat, index 0 for seat 1. */
    seats: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 12 }),
    /** The judge's user id; null at a table without a judge. */
    judge: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  },
  { additionalProperties: false },
)
export type GameSetup = Static<typeof GameSetup>
