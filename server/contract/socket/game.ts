import { Type, type Static } from 'typebox'
import { DeckId, GameCommandPayload, LobbySettings, type GameEvent, type GameResult, type GameView, type LeaveReason, type SeatResult, type TableEvent } from '../game'
import { Id, UserCard, type RequestEvents, type RequestMap } from './common'

/**
 * One game command for one table. `command` is any of the engine's command payloads (the contract's
 * GameCommandPayload: nominate, end_speech, vote, lift_vote, night_action, best_move, and the
 * judge's start, next, confirm/reject_nomination, foul, disqualify, team_loss, microphone, pause,
 * resume, extend_timer, reset_timer, award_points, end_game, finalise). The server adds who sent it
 * and when.
 */
export const GameCommandRequest = Type.Object({ id: Id, command: GameCommandPayload }, { additionalProperties: false })
export type GameCommandRequest = Static<typeof GameCommandRequest>

/**
 * A command's answer: the sender's own stream position after it (the push carrying the command's
 * effect has this `seq`). Never the game's version, which would count what the sender may not see.
 */
export const GameCommandAck = Type.Object({ seq: Type.Integer({ minimum: 0 }) })
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
  /** What the black players and the judge said in the mafia's room at the zero night, oldest first. */
  mafiaRoom: GameRecordRoomMessage[]
}

/** One message of the mafia's room at the zero night, as the record reveals it. */
export interface GameRecordRoomMessage {
  userId: number
  /** The sender's seat; null for the judge. */
  seat: number | null
  text: string
  /** When it was sent, in milliseconds since the epoch (the clock of the game's events). */
  at: number
}

// The record's shape is documented by the interface above; the schema names its top-level fields.
const GameRecordSchema = Type.Unsafe<GameRecord>(
  Type.Object({ id: Type.Integer(), name: Type.String(), deckId: DeckId, settings: LobbySettings, judge: Type.Union([UserCard, Type.Null()]) }),
)

/**
 * Where a viewer's stream stands: `stream` names it (a new name after a restart or a handover to
 * another server: the position starts again), `seq` counts the pushes this viewer has received.
 */
export interface StreamPosition {
  stream: string
  seq: number
}

/** A viewer's view of a table at a position of their stream. */
export interface TableSnapshot extends StreamPosition {
  view: GameView
  /**
   * The game's log so far as this viewer may see it: every event of the game they may see, oldest
   * first, as their pushes carry them (so a page loaded mid-game holds what a page that followed
   * the pushes holds: this log, then each push's `events`). Once the game has ended it shows every
   * event in full, as everything is revealed at the end.
   */
  log: TableEvent[]
}

const TableSnapshotSchema = Type.Unsafe<TableSnapshot>(
  Type.Object({ stream: Type.String(), seq: Type.Integer({ minimum: 0 }), view: Type.Object({}), log: Type.Array(Type.Object({})) }),
)

/**
 * One push of a viewer's private stream: the next `seq` of this viewer's own sequence, the top-level
 * fields of their view that changed (with their new values), and what happened as they may see it.
 * An event this viewer may not see produces no push at all.
 */
export interface TablePush extends StreamPosition {
  lobbyId: number
  changes: Partial<GameView>
  events: TableEvent[]
}

/** Resume a table's stream from the position held (`stream`, `seq`), or from nothing. */
export const TableSyncRequest = Type.Object(
  { id: Id, stream: Type.Optional(Type.String({ maxLength: 64 })), seq: Type.Optional(Type.Integer({ minimum: 0 })) },
  { additionalProperties: false },
)
export type TableSyncRequest = Static<typeof TableSyncRequest>

/**
 * The answer of a sync: the pushes missed since the position held, when the server still has them
 * all, else the view afresh (null before the deal).
 */
export type TableSync = { resumed: true; pushes: TablePush[] } | { resumed: false; game: TableSnapshot | null }

const TableSyncSchema = Type.Unsafe<TableSync>(Type.Object({ resumed: Type.Boolean() }))

export const gameRequests = {
  /** Resume the viewer's stream of a table they are at (a gap, a reconnect). */
  'mafia:game:sync': { payload: TableSyncRequest, result: TableSyncSchema },
  'mafia:game:command': { payload: GameCommandRequest, result: GameCommandAck },
  /** A finished game's record; a game still open or running is refused (`errors.game.not_finished`). */
  'mafia:game:record': { payload: GameRecordRequest, result: GameRecordSchema },
} as const satisfies RequestMap

export type GameClientEvents = RequestEvents<typeof gameRequests>

export { TableSnapshotSchema }

export interface GameServerEvents {
  /**
   * Each viewer's private stream of a table: each player, the judge, and the spectators together
   * (share pages included). A viewer whose view did not change and who may see none of the events
   * gets nothing. A client that sees a gap or a new stream resumes with `mafia:game:sync`.
   */
  'mafia:game:updated': (payload: TablePush) => void
}
