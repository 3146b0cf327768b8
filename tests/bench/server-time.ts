import { performance } from 'node:perf_hooks'
import type { Server } from 'socket.io'

/** The server's own time for each request of one event, recorded while `recording` is on, ms. */
export interface RequestTimer {
  recording: boolean
  readonly times: number[]
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
 * the acknowledgement is wrapped where Socket.IO makes it. Register before the clients connect.
 */
export function timeRequests(io: Pick<Server, 'on'>, event: string): RequestTimer {
  const timer: RequestTimer = { recording: false, times: [] }
  io.on('connection', (connected) => {
    const socket = connected as unknown as PacketHandling
    const onevent = socket.onevent
    const makeAck = socket.ack
    socket.onevent = function (packet) {
      if (timer.recording && packet.id !== undefined && packet.id !== null && packet.data?.[0] === event) {
        const arrived = performance.now()
        this.ack = (id) => {
          const answer = makeAck.call(this, id)
          return (...result) => {
            timer.times.push(performance.now() - arrived)
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
