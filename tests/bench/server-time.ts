import { performance } from 'node:perf_hooks'
import type { Server, Socket } from 'socket.io'
import type { ServerRequest } from './latency-parts'

/** Each request of one event, recorded while `recording` is on. */
export interface RequestTimer {
  recording: boolean
  /** Each request's sender and its times on this machine's clock (ms since the epoch): the server's own time is `answeredAt - arrivedAt`. */
  readonly requests: ServerRequest[]
}

/** The parts of a Socket.IO server socket this module wraps: its handling of an event packet, and the acknowledgement it makes for one. */
interface PacketHandling {
  onevent(packet: { data?: unknown[]; id?: number | null }): void
  ack(id: number): (...answer: unknown[]) => void
}

/**
 * Times each request of `event` on this Socket.IO server, from its arrival (decoded, before any
 * listener runs) until its acknowledgement is written to the network. A game's command is answered in
 * the same turn of the event loop as its move's pushes, and both leave together at the end of that
 * turn, with the answers and pushes of every other move of the turn, so this is the server's part of
 * a move's latency; the rest is the way there and back, and the client process getting to it. The
 * app hears requests with a catch-all listener, which gets the acknowledgement before any middleware
 * could wrap it, so the acknowledgement is wrapped where Socket.IO makes it. `senderOf` names a
 * socket's sender as the client's moves name it (`latency-parts.ts`). Register before the clients
 * connect.
 */
export function timeRequests(io: Pick<Server, 'on'>, event: string, senderOf: (socket: Socket) => string): RequestTimer {
  const timer: RequestTimer = { recording: false, requests: [] }
  io.on('connection', (connected) => {
    const sender = senderOf(connected)
    const socket = connected as unknown as PacketHandling
    const onevent = socket.onevent
    const makeAck = socket.ack
    socket.onevent = function (packet) {
      if (timer.recording && packet.id !== undefined && packet.id !== null && packet.data?.[0] === event) {
        const arrived = performance.now()
        this.ack = (id) => {
          const answer = makeAck.call(this, id)
          return (...result) => {
            const returned = answer(...result)
            // The answer and the pushes of its turn wait in their sockets' cork until the end of the
            // turn (server/plugins/socket-writes.ts): this tick comes after that release.
            process.nextTick(() => timer.requests.push({ sender, arrivedAt: performance.timeOrigin + arrived, answeredAt: performance.timeOrigin + performance.now() }))
            return returned
          }
        }
        try {
          onevent.call(this, packet)
        } finally {
          this.ack = makeAck
        }
        return
      }
      onevent.call(this, packet)
    }
  })
  return timer
}
