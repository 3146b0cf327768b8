/**
 * Which move each push of a table belongs to, for the game benchmark. A viewer's stream has no
 * global version to tie a push to the move that caused it, so pushes are matched by time: the
 * script sends a table's moves one at a time and waits for their answers, so a push that arrives
 * after move k was sent and before move k+1 was sent belongs to move k.
 *
 * Two refinements keep a slow client from hiding its own lateness. A command gives each viewer at
 * most one push, and a viewer's pushes arrive in order; so when one viewer has two pushes in the
 * same window (or one in the window of a refused move, which pushes nothing), the earlier push
 * arrived after the next move was sent and belongs to the nearest accepted move before it. Pushes
 * of the host's own commands (a phase's time running out, a connection dropping) belong to no move
 * and are counted apart, as are pushes that no move can take.
 */

/** One move as sent, in the order sent. */
export interface SentMove {
  command: string
  sentAt: number
  /** The move changed the game (refused moves push nothing). */
  accepted: boolean
}

/** One push as a viewer received it. */
export interface Arrival {
  at: number
  /** Size of the push on the wire (the Socket.IO packet), in characters. */
  bytes: number
  /** A push of the host's own command (a time-up, a connection change), caused by no move. */
  host: boolean
  /** Where its text was recorded (`WireRecorder`), and its length in bytes; -1 and 0 when not recorded. */
  wireOffset: number
  wireLength: number
}

/** Pushes that belong to no move, by why. */
export interface Unmatched {
  /** Pushes of the host's own commands. */
  host: number
  /** Pushes that arrived before the table's first move was sent. */
  beforeFirstMove: number
  /** Pushes left over once every earlier accepted move already has this viewer's push. */
  noMoveLeft: number
}

export interface MatchedTable {
  /** For each move, in the order sent: the viewers who got a push for it and that push; empty when refused. */
  targets: Array<Array<{ viewer: number; arrival: Arrival }>>
  /** For each move, when the last of its pushes arrived (null when it has none). */
  completedAt: Array<number | null>
  pushes: number
  unmatched: Unmatched
  /** Matched pushes that arrived after the table's next move was sent. */
  late: number
  /** Accepted moves no push was matched to. */
  silentMoves: number
}

/** The index of the last move sent at or before `at`, or -1. */
function windowOf(moves: readonly SentMove[], at: number): number {
  let low = 0
  let high = moves.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if ((moves[middle] as SentMove).sentAt <= at) {
      found = middle
      low = middle + 1
    } else high = middle - 1
  }
  return found
}

/** Matches one table's pushes (`arrivals[viewer]`, each in arrival order) to its moves (in the order sent). */
export function matchPushes(moves: readonly SentMove[], arrivals: ReadonlyArray<readonly Arrival[]>): MatchedTable {
  /** The latest accepted move at or before each move, or -1. */
  const acceptedUpTo: number[] = []
  let latest = -1
  for (const [index, move] of moves.entries()) {
    if (move.accepted) latest = index
    acceptedUpTo.push(latest)
  }
  const targets: MatchedTable['targets'] = moves.map(() => [])
  const completedAt: Array<number | null> = moves.map(() => null)
  const unmatched: Unmatched = { host: 0, beforeFirstMove: 0, noMoveLeft: 0 }
  let pushes = 0
  let late = 0
  for (const [viewer, received] of arrivals.entries()) {
    pushes += received.length
    // From the last push back: each takes the latest accepted move in its window that no later push of this viewer took.
    let limit = moves.length
    for (let index = received.length - 1; index >= 0; index--) {
      const arrival = received[index] as Arrival
      if (arrival.host) {
        unmatched.host += 1
        continue
      }
      const window = windowOf(moves, arrival.at)
      if (window < 0) {
        unmatched.beforeFirstMove += 1
        continue
      }
      const bound = Math.min(window, limit - 1)
      const move = bound >= 0 ? (acceptedUpTo[bound] as number) : -1
      if (move < 0) {
        unmatched.noMoveLeft += 1
        continue
      }
      if (move < window) late += 1
      ;(targets[move] as MatchedTable['targets'][number]).push({ viewer, arrival })
      completedAt[move] = Math.max(completedAt[move] ?? arrival.at, arrival.at)
      limit = move
    }
  }
  for (const list of targets) list.sort((left, right) => left.viewer - right.viewer)
  const silentMoves = moves.filter((move, index) => move.accepted && completedAt[index] === null).length
  return { targets, completedAt, pushes, unmatched, late, silentMoves }
}
