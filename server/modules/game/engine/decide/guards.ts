import type { CommandSender, GameCommand, GameErrorCode } from '../../../../contract/game'
import { isAtTable, isRunning, type GameState } from '../state'

/*
 * The checks every command shares. Each check is pure and takes the acting seat (or nothing, for
 * the judge) rather than the sender, so the rules that refuse a command and the list of what a
 * viewer may do now (actions.ts) are the same functions.
 */

/** Who a command's sender is at this table. */
export type Sender = { kind: 'host' } | { kind: 'judge' } | { kind: 'player'; seat: number } | { kind: 'outsider' }

export function senderOf(state: GameState, by: CommandSender): Sender {
  if (by === 'host') return { kind: 'host' }
  if (state.judge !== null && by === state.judge) return { kind: 'judge' }
  const player = state.seats.find((seat) => seat.user === by)
  return player ? { kind: 'player', seat: player.seat } : { kind: 'outsider' }
}

export type Guarded<T> = { error: GameErrorCode } | { value: T }

/** A player's command comes from a seat of this table; gives the seat. */
export function senderSeat(state: GameState, by: CommandSender): Guarded<number> {
  const sender = senderOf(state, by)
  return sender.kind === 'player' ? { value: sender.seat } : { error: 'errors.game.not_at_table' }
}

/**
 * After the end only the judge's extra points and the closing of the protocol remain, until the
 * judge closes it.
 */
export function closedError(state: GameState, type: GameCommand['type']): GameErrorCode | undefined {
  if (state.phase !== 'ended') return undefined
  return !state.finalised && (type === 'award_points' || type === 'finalise') ? undefined : 'errors.game.game_over'
}

/** A seated player acts in a running, unpaused game (a seat that left may still end its last words). */
export function seatedError(state: GameState): GameErrorCode | undefined {
  if (state.phase === 'created') return 'errors.game.phase'
  if (state.paused) return 'errors.game.paused'
  return undefined
}

/** As seatedError, and the player must still be at the table. */
export function playingError(state: GameState, seat: number): GameErrorCode | undefined {
  return seatedError(state) ?? (isAtTable(state, seat) ? undefined : 'errors.game.seat_left')
}

/** The judge's commands need a judged table. */
export function judgedTableError(state: GameState): GameErrorCode | undefined {
  return !state.settings.judge || state.judge === null ? 'errors.game.no_judge' : undefined
}

/** The judge's commands need a judged table and the judge. */
export function judgeError(state: GameState, by: CommandSender): GameErrorCode | undefined {
  return judgedTableError(state) ?? (senderOf(state, by).kind !== 'judge' ? 'errors.game.judge_only' : undefined)
}

/** Most of the judge's powers last while the game is being played. */
export function runningError(state: GameState): GameErrorCode | undefined {
  return isRunning(state) ? undefined : 'errors.game.phase'
}

/** A seat the judge acts on: it must exist and still be at the table. */
export function tableSeatError(state: GameState, seat: number): GameErrorCode | undefined {
  if (!Number.isInteger(seat) || seat < 1 || seat > state.seats.length) return 'errors.game.invalid_target'
  if (!isAtTable(state, seat)) return 'errors.game.seat_left'
  return undefined
}
