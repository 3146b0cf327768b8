import type { CommandSender, GameErrorCode } from '../../../../contract/game'
import { isAtTable, type GameState } from '../state'

/** Who a command's sender is at this table. */
export type Sender = { kind: 'host' } | { kind: 'judge' } | { kind: 'player'; seat: number } | { kind: 'outsider' }

export function senderOf(state: GameState, by: CommandSender): Sender {
  if (by === 'host') return { kind: 'host' }
  if (state.judge !== null && by === state.judge) return { kind: 'judge' }
  const player = state.seats.find((seat) => seat.user === by)
  return player ? { kind: 'player', seat: player.seat } : { kind: 'outsider' }
}

export type Guarded<T> = { error: GameErrorCode } | { value: T }

/** A seated player's command in a running, unpaused game; gives the player's seat. */
export function seatedSender(state: GameState, by: CommandSender): Guarded<number> {
  const sender = senderOf(state, by)
  if (sender.kind !== 'player') return { error: 'errors.game.not_at_table' }
  if (state.phase === 'created') return { error: 'errors.game.phase' }
  if (state.paused) return { error: 'errors.game.paused' }
  return { value: sender.seat }
}

/** As seatedSender, and the player must still be at the table. */
export function playingSender(state: GameState, by: CommandSender): Guarded<number> {
  const seated = seatedSender(state, by)
  if ('error' in seated) return seated
  if (!isAtTable(state, seated.value)) return { error: 'errors.game.seat_left' }
  return seated
}

/** The judge's commands need a judged table and the judge. */
export function judgeError(state: GameState, by: CommandSender): GameErrorCode | undefined {
  if (!state.settings.judge || state.judge === null) return 'errors.game.no_judge'
  if (senderOf(state, by).kind !== 'judge') return 'errors.game.judge_only'
  return undefined
}

/** A seat the judge acts on: it must exist and still be at the table. */
export function tableSeatError(state: GameState, seat: number): GameErrorCode | undefined {
  if (!Number.isInteger(seat) || seat < 1 || seat > state.seats.length) return 'errors.game.invalid_target'
  if (!isAtTable(state, seat)) return 'errors.game.seat_left'
  return undefined
}
