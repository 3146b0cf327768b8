import { Type, type Static } from 'typebox'
import { DeckId, GameCommandPayload, LobbySettings, type GameEvent, type GameResult, type LeaveReason, type ProjectedGameEvent, type SeatResult } from '../game'
import { Id, UserCard, type RequestEvents, type RequestMap } from './common'

/**
 * One game command for one table. `command` is any of the engine's command payloads (the contract's
 * GameCommandPayload: nominate, end_speech, vote, lift_vote, night_action, best_move, and the
 * judge's start, next, confirm/reject_nomination, foul, disqualify, team_loss, microphone, pause,
 * resume, award_points, end_game, finalise). The server adds who sent it and when.
 */
export const GameCommandRequest = Type.Object({ id: Id, command: GameCommandPayload }, { additionalProperties: false })
export type GameCommandRequest = Static<typeof GameCommandRequest>

/** A command's answer: the game's version after it (every viewer also receives its events). */
export const GameCommandAck = Type.Object({ version: Type.Integer({ minimum: 0 }) })
export type GameCommandAck = Static<typeof GameCommandAck>

/** Which finished game's record to read. */
export const GameRecordRequest = Type.Object({ id: Id }, { additionalProperties: false })
export type GameRecordRequest = Static<typeof GameRecordRequest>

/** One seat of a finished game: who sat there, their role and points, and how their game went. */
export interface GameRecordPlayer extends SeatResult {
  /** The user's card as it is now (nickname, avatar). */
  card: UserCard
  /** Fouls at the end of the game. */
  fouls: number
  /** Why the player left the table before the end; null when they played to the end. */
  left: LeaveReason | null
}

/**
 * A finished game's record, open to every signed-in user: the table, the judge, the result with
 * every seat's role and points, and the whole event list (nothing is secret once the game is over).
 */
export interface GameRecord {
  id: number
  name: string
  language: string
  deckId: DeckId
  settings: LobbySettings
  kind: 'custom' | 'ladder'
  judge: UserCard | null
  startedAt: string | null
  endedAt: string | null
  result: Omit<GameResult, 'seats'>
  players: GameRecordPlayer[]
  /** Every event of the game in version order, as the judge saw them. */
  events: GameEvent[]
}

// The record's shape is documented by the interface above; the schema names its top-level fields.
const GameRecordSchema = Type.Unsafe<GameRecord>(
  Type.Object({ id: Type.Integer(), name: Type.String(), deckId: DeckId, settings: LobbySettings, judge: Type.Union([UserCard, Type.Null()]) }),
)

export const gameRequests = {
  'mafia:game:command': { payload: GameCommandRequest, result: GameCommandAck },
  /** A finished game's record; a game still open or running is refused (`errors.game.not_finished`). */
  'mafia:game:record': { payload: GameRecordRequest, result: GameRecordSchema },
} as const satisfies RequestMap

export type GameClientEvents = RequestEvents<typeof gameRequests>

/** One game event as this viewer may see it; a `{ version }` alone when its content is not theirs to see. */
export interface GameEventPush {
  lobbyId: number
  event: ProjectedGameEvent
}

export interface GameServerEvents {
  /**
   * Every event of a table, to each player, the judge and the spectators, each through their own
   * projection and in version order. A client that sees a gap reloads with `mafia:load:lobby`.
   */
  'mafia:game:event': (payload: GameEventPush) => void
}
