import type { GameEvent } from '../../../contract/game'
import { applyEvent } from './apply'
import type { GameState } from './state'

type Without<T, Keys extends PropertyKey> = T extends unknown ? Omit<T, Keys> : never

/** An event before it is numbered and timed. */
export type EventInput = Without<GameEvent, 'version' | 'at'>

/**
 * The events one command produces, folded as they are emitted so each next decision sees the
 * state the earlier events made. A refused command simply drops its draft: nothing has changed.
 */
export class Draft {
  readonly events: GameEvent[] = []
  /** The state after each event, in step with `events`. */
  readonly states: GameState[] = []
  readonly at: number

  constructor(
    public state: GameState,
    at: number,
  ) {
    // The game's clock never runs backwards, whatever the host's clock did.
    this.at = Math.max(at, state.clock)
  }

  /**
   * Numbers, times and folds an event. The draft takes the object it is given (always a fresh
   * literal) and stamps it in place: copying every event costs more than anything else here.
   */
  emit(input: EventInput): void {
    const event = input as EventInput & { version: number; at: number }
    event.version = this.state.version + 1
    event.at = this.at
    this.state = applyEvent(this.state, event as GameEvent)
    this.events.push(event as GameEvent)
    this.states.push(this.state)
  }

  /** A deadline this long from now. */
  after(milliseconds: number): number {
    return this.at + milliseconds
  }
}
