import type { CommandSender, GameErrorCode } from '../../../../contract/game'
import type { Draft } from '../draft'
import { finishPhase, removePlayer } from '../flow'
import { isRunning, type GameState } from '../state'
import { timings } from '../timings'
import { senderOf } from './guards'

type Due = { kind: 'phase'; at: number } | { kind: 'disconnection'; at: number; seat: number }

/** Everything whose time has come, earliest first. */
function dueItems(state: GameState): Due[] {
  if (!isRunning(state)) return []
  const items: Due[] = []
  const phaseDeadline = phaseDeadlineOf(state)
  if (phaseDeadline !== null) items.push({ kind: 'phase', at: phaseDeadline })
  for (const player of state.seats) {
    if (player.left === null && player.disconnectedAt !== null) {
      items.push({ kind: 'disconnection', at: player.disconnectedAt + timings.disconnectLimit, seat: player.seat })
    }
  }
  return items.sort((left, right) => left.at - right.at)
}

/** The phase timer that still has an effect: not paused, and not already run out at a judged table. */
function phaseDeadlineOf(state: GameState): number | null {
  if (state.paused || state.timeUp) return null
  return state.deadline
}

/**
 * When the host should next send a tick: the earliest phase deadline or disconnection limit, or
 * null when nothing is waiting on time.
 */
export function nextDeadline(state: GameState): number | null {
  return dueItems(state)[0]?.at ?? null
}

/**
 * Time has passed. A player disconnected for three minutes is removed as if disqualified. A phase
 * whose timer ran out moves on at a table without a judge; at a judged table the time is marked up
 * (the speaker's microphone closes, late clicks are refused) and the judge moves on.
 */
export function tick(draft: Draft, by: CommandSender): GameErrorCode | undefined {
  if (senderOf(draft.state, by).kind !== 'host') return 'errors.game.host_only'
  // Each step sets later deadlines (from now), so this ends; the bound only guards against a bug.
  for (let guard = 0; guard < 1000; guard++) {
    const due = dueItems(draft.state)[0]
    if (!due || due.at > draft.at) return undefined
    if (due.kind === 'disconnection') removePlayer(draft, due.seat, 'disconnected')
    else if (draft.state.judge !== null) draft.emit({ type: 'time_up' })
    else finishPhase(draft)
  }
  return undefined
}

/** A seated user's connection dropped or came back (the host watches the sockets). */
export function connection(draft: Draft, by: CommandSender, user: number, connected: boolean): GameErrorCode | undefined {
  const state = draft.state
  if (senderOf(state, by).kind !== 'host') return 'errors.game.host_only'
  const player = state.seats.find((seat) => seat.user === user)
  if (!player) return 'errors.game.not_at_table'
  if (player.left !== null || player.connected === connected) return undefined
  draft.emit({ type: 'connection', seat: player.seat, connected })
  return undefined
}
