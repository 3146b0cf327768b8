import type { Viewer } from '../../../contract/game'
import { teamOf } from './decks'
import { isAtTable, isBlackSeat, isRunning, type GameState } from './state'

/*
 * Who is heard and who is seen at the table ("Night at the table" in GAME-RULES.md). The media
 * server forwards exactly what these functions say, so nothing is hidden by a viewer's screen.
 *
 * - Microphones: by day only the speaker's (not while paused or once the time is up), then the
 *   judge's overrides for the phase; at night and in votes nobody's. A seat that left is heard
 *   only while it holds the word (best move, last words). Before the deal and after the end
 *   everyone may talk. The judge's microphone is always forwarded.
 * - Cameras: by day every seat (seats that left included: they stay in the room and the table
 *   shows them as gone). At the zero night and the shooting step the black players at the table
 *   see each other; in every other night step nobody sees anybody (the acting player is seen by
 *   the judge only). The judge sees every seat always; a player always has their own seat.
 *
 * Only public facts and the viewer's own knowledge decide a viewer's cameras, so they never tell
 * anyone what happens in the dark (who acts, whether a role is still playing).
 */

const speechPhases: ReadonlySet<GameState['phase']> = new Set(['day_speech', 'defence_speech', 'last_words', 'best_move'])

/** What the media room of a table should do, in seats. */
export interface MicrophoneControl {
  /** Seats whose microphone is forwarded, in seat order. */
  readonly open: readonly number[]
  /** Whether the judge's microphone is forwarded (always, at a judged table). */
  readonly judge: boolean
  /** The seat holding the word in a speech phase, whom everyone sees large; null when nobody does. */
  readonly speaker: number | null
}

/* Each state is asked once per viewer after every event; these answers are the same for all. */
const openCache = new WeakMap<GameState, readonly number[]>()
const allSeatsCache = new Map<number, readonly number[]>()
const ownSeatCache = new Map<number, readonly number[]>()
const blackAtTableCache = new WeakMap<GameState['seats'], readonly number[]>()
const nobody: readonly number[] = Object.freeze([])

/** Every seat of a table of this size, shared. */
function allSeats(count: number): readonly number[] {
  let seats = allSeatsCache.get(count)
  if (!seats) {
    seats = Object.freeze(Array.from({ length: count }, (_, index) => index + 1))
    allSeatsCache.set(count, seats)
  }
  return seats
}

function ownSeat(seat: number): readonly number[] {
  let seats = ownSeatCache.get(seat)
  if (!seats) {
    seats = Object.freeze([seat])
    ownSeatCache.set(seat, seats)
  }
  return seats
}

/** The seat holding the word, while the game runs. */
function speakerOf(state: GameState): number | null {
  return isRunning(state) && speechPhases.has(state.phase) ? state.speaker : null
}

/** The seats whose microphone is forwarded (see above), in seat order. */
export function openMicrophones(state: GameState): readonly number[] {
  let open = openCache.get(state)
  if (!open) {
    open = computeOpenMicrophones(state)
    openCache.set(state, open)
  }
  return open
}

function computeOpenMicrophones(state: GameState): readonly number[] {
  if (!isRunning(state)) return allSeats(state.seats.length)
  const speaking = speechPhases.has(state.phase) && state.speaker !== null && !state.paused && !state.timeUp ? state.speaker : null
  const open: number[] = []
  for (const player of state.seats) {
    const seat = player.seat
    const present = player.left === null || seat === state.speaker
    const override = state.microphones[seat]
    if (present && (override ?? seat === speaking)) open.push(seat)
  }
  return open.length === 0 ? nobody : interned(open)
}

/** Each set of open microphones as one shared list (at most one per subset of a table's seats), so a view's microphones change by identity only when the set does. */
const internedSeats = new Map<string, readonly number[]>()

function interned(seats: number[]): readonly number[] {
  const key = seats.join(',')
  let shared = internedSeats.get(key)
  if (!shared) {
    shared = Object.freeze(seats)
    internedSeats.set(key, shared)
  }
  return shared
}

/** What the table's media room should forward now: the microphones and the speaker. */
export function microphoneControl(state: GameState): MicrophoneControl {
  return { open: openMicrophones(state), judge: state.judge !== null, speaker: speakerOf(state) }
}

function isNight(state: GameState): boolean {
  return state.phase === 'zero_night' || state.phase.startsWith('night_')
}

/** The black players at the table, who see each other while they agree and while they shoot. */
function blackAtTable(state: GameState): readonly number[] {
  let seats = blackAtTableCache.get(state.seats)
  if (!seats) {
    const black: number[] = []
    for (const player of state.seats) if (player.left === null && player.role !== null && teamOf(player.role) === 'black') black.push(player.seat)
    seats = Object.freeze(black)
    blackAtTableCache.set(state.seats, seats)
  }
  return seats
}

/** The seats whose camera reaches this viewer now, in seat order. */
export function camerasFor(state: GameState, viewer: Viewer): readonly number[] {
  const count = state.seats.length
  if (viewer.kind === 'judge' || !isNight(state)) return allSeats(count)
  if (viewer.kind === 'spectator') return nobody
  const own = viewer.seat
  if (!Number.isInteger(own) || own < 1 || own > count) return nobody
  const together = state.phase === 'zero_night' || state.phase === 'night_shooting'
  if (together && isAtTable(state, own) && isBlackSeat(state, own)) return blackAtTable(state)
  return ownSeat(own)
}
