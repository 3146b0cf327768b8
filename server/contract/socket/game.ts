import { Type, type Static } from 'typebox'
import { GameCommandPayload, type ProjectedGameEvent } from '../game'
import { Id, type RequestEvents, type RequestMap } from './common'

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

export const gameRequests = {
  'mafia:game:command': { payload: GameCommandRequest, result: GameCommandAck },
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
