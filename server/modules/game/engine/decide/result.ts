import type { GameErrorCode, GameEvent } from '../../../../contract/game'
import type { GameState } from '../state'

/** A command's verdict: the events it produces, or why it is refused (nothing changes then). */
export type DecideResult = { ok: true; events: GameEvent[] } | { ok: false; error: GameErrorCode }

/**
 * As DecideResult, with the state after the events (so a host need not fold them again) and the
 * state after each one (for whoever shows or checks every step).
 */
export type ExecuteResult = { ok: true; events: GameEvent[]; state: GameState; states: GameState[] } | { ok: false; error: GameErrorCode }
