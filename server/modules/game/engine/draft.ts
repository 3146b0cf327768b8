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
  readonly at: number

  constructor(
    public state: GameState,
    at: number,
  ) {
    // The game's clock never runs backwards, whatever the host's clock did.
    this.at = Math.max(at, state.clock)
  }

  emit(input: EventInput): void {
    const event = { ...input, version: this.state.version + 1, at: this.at } as GameEvent
    this.state = applyEvent(this.state, event)
    this.events.push(event)
  }

  /** A deadline this long from now. */
  after(milliseconds: number): number {
    return this.at + milliseconds
  }
}
