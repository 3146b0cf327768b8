import { percentile } from './percentile'

/**
 * Where a move's time goes, for the game benchmark: the way to the server (the client's send, the
 * network, and the server getting to the packet), the server's own part (from the packet, decoded,
 * until its answer is written out with the move's pushes, `server-time.ts`), and the way back (until
 * the last viewer's client has handled its push).
 *
 * The client process knows when each move was sent and when its last push was handled; the server
 * knows when each request arrived and when its answer was written out. Both read the same machine's
 * clock, as ms since the epoch (`performance.timeOrigin + performance.now()`). A sender's requests
 * are matched to its moves in the order sent: the script sends a sender's next move only once the
 * last one is answered. A sender whose counts differ on the two sides is left out and counted.
 */

/** A move as its client saw it: who sent it (as the server knows the sender), when, and when its last push was handled (null: no push). */
export interface ClientMove {
  sender: string
  sentAt: number
  doneAt: number | null
}

/** A request as the server saw it: when it arrived, and when its answer was written out. */
export interface ServerRequest {
  sender: string
  arrivedAt: number
  answeredAt: number
}

/** A part's p50 and p99, ms. */
export interface Spread {
  p50: number
  p99: number
}

export interface LatencyParts {
  /** Moves with a push whose request was found. */
  matched: number
  /** Moves left out: their sender's requests and moves did not pair up. */
  unpaired: number
  toServer: Spread
  server: Spread
  fromServer: Spread
  /** The slowest hundredth of the moves by their whole time: the mean of each part, ms. */
  slowest: { total: number; toServer: number; server: number; fromServer: number }
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b)
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }
}

function groupBySender<T extends { sender: string }>(items: readonly T[], time: (item: T) => number): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const group = groups.get(item.sender)
    if (group) group.push(item)
    else groups.set(item.sender, [item])
  }
  for (const group of groups.values()) group.sort((a, b) => time(a) - time(b))
  return groups
}

export function latencyParts(moves: readonly ClientMove[], requests: readonly ServerRequest[]): LatencyParts {
  const requestsOf = groupBySender(requests, (request) => request.arrivedAt)
  const parts: Array<{ total: number; toServer: number; server: number; fromServer: number }> = []
  let unpaired = 0
  for (const [sender, sent] of groupBySender(moves, (move) => move.sentAt)) {
    const answered = requestsOf.get(sender) ?? []
    if (answered.length !== sent.length) {
      unpaired += sent.filter((move) => move.doneAt !== null).length
      continue
    }
    for (const [index, move] of sent.entries()) {
      if (move.doneAt === null) continue
      const request = answered[index] as ServerRequest
      parts.push({
        total: move.doneAt - move.sentAt,
        toServer: request.arrivedAt - move.sentAt,
        server: request.answeredAt - request.arrivedAt,
        fromServer: move.doneAt - request.answeredAt,
      })
    }
  }
  const slowest = [...parts].sort((a, b) => b.total - a.total).slice(0, Math.max(1, Math.ceil(parts.length / 100)))
  const mean = (key: keyof (typeof parts)[number]) => (parts.length === 0 ? Number.NaN : slowest.reduce((sum, part) => sum + part[key], 0) / slowest.length)
  return {
    matched: parts.length,
    unpaired,
    toServer: spread(parts.map((part) => part.toServer)),
    server: spread(parts.map((part) => part.server)),
    fromServer: spread(parts.map((part) => part.fromServer)),
    slowest: { total: mean('total'), toServer: mean('toServer'), server: mean('server'), fromServer: mean('fromServer') },
  }
}
