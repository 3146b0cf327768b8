import { performance } from 'node:perf_hooks'
import type { Server, Socket } from 'socket.io'
import type { ServerRequest } from './latency-parts'

/** The server's own time for each request of one event, recorded while `recording` is on, ms. */
export interface RequestTimer {
  recording: boolean
  readonly times: number[]
  /** Each request's sender and its times on this machine's clock (ms since the epoch), to match with the client's moves. */
  readonly requests: ServerRequest[]
}

/** The parts of a Socket.IO server socket this module wraps: its handling of an event packet, and the acknowledgement it makes for one. */
interface PacketHandling {
  onevent(packet: { data?: unknown[]; id?: number | null }): void
  ack(id: number): (...answer: unknown[]) => void
}

/**
 * Times each request of `event` on this Socket.IO server, from its arrival (decoded, before any
 * listener runs) to the call of its acknowledgement. A game's command is answered in the same turn of
 * the event loop as its move's pushes are written, so this is the server's part of a move's latency;
 * the rest is the way there and back, and the client process getting to it. The app hears requests
 * with a catch-all listener, which gets the acknowledgement before any middleware could wrap it, so
 * the acknowledgement is wrapped where Socket.IO makes it. `senderOf` names a socket's sender as the
 * client's moves name it (`latency-parts.ts`). Register before the clients connect.
 */
export function timeRequests(io: Pick<Server, 'on'>, event: string, senderOf: (socket: Socket) => string): RequestTimer {
  const timer: RequestTimer = { recording: false, times: [], requests: [] }
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
            const answered = performance.now()
            timer.times.push(answered - arrived)
            timer.requests.push({ sender, arrivedAt: performance.timeOrigin + arrived, answeredAt: performance.timeOrigin + answered })
            return answer(...result)
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
