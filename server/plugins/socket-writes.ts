import { transports } from 'engine.io'

/** The parts of Engine.IO's WebSocket transport this module relies on (its `send`, and the `ws` socket under it). */
interface WebSocketTransport {
  send(packets: unknown[]): void
  writable: boolean
  socket?: { _socket?: CorkableSocket }
  [corkedThisTick]?: boolean
}

interface CorkableSocket {
  cork(): void
  uncork(): void
  readonly writableCorked: number
}

let installed = false
/**
 * Marks a transport whose network socket this module corked in the current tick. A field of the
 * transport, not a set of transports: a set's table grew and shrank again with every tick, each time
 * a new one that the young generation's collections copied.
 */
const corkedThisTick = Symbol('corked this tick')

/**
 * Every frame that Engine.IO's WebSocket transport sends to one client in the same tick leaves in one
 * system call.
 *
 * Left alone, each frame is its own write to the network: the first packet of a tick goes at once, the
 * transport then waits for that write to finish, and sends what queued meanwhile one frame per write.
 * A chat's batch of messages reaches each of a room's members as that many writes, and a move reaches
 * its author as two (their push, then the answer). On a two-core server these writes were the largest
 * part of the main thread's time (`bench:chat`, 2,000 sockets).
 *
 * So the transport's network socket is corked at the tick's first send and uncorked when the tick
 * ends (`process.nextTick`, after the tick's promise callbacks), and while it is corked the transport
 * stays writable, so the packets that follow are written into the cork rather than queued behind the
 * first. Across ticks nothing changes: once the frames are out, the transport waits for their write as
 * before, so a slow client still holds at most a tick's frames in the socket's buffer. Frames keep
 * their order; each keeps its callback.
 *
 * Engine.IO keeps the `ws` socket as `transport.socket`, and `ws` its network socket as `_socket`. When a
 * version lacks either, sends go out as before.
 */
export function coalesceWebSocketWrites(): void {
  if (installed) return
  installed = true
  const prototype = (transports as unknown as { websocket: { prototype: WebSocketTransport } }).websocket.prototype
  const send = prototype.send
  prototype.send = function sendCoalesced(this: WebSocketTransport, packets: unknown[]): void {
    const network = this.socket?._socket
    if (!network || typeof network.cork !== 'function') return send.call(this, packets)
    if (this[corkedThisTick] !== true && network.writableCorked === 0) {
      network.cork()
      this[corkedThisTick] = true
      process.nextTick(release, this, network)
    }
    send.call(this, packets)
    // The frames wait in the cork: later packets of this tick join them instead of queueing.
    if (this[corkedThisTick] === true) this.writable = true
  }
}

/** The tick is over: its frames go out together, and the transport waits for their write as Engine.IO's own send does. */
function release(transport: WebSocketTransport, network: CorkableSocket): void {
  transport[corkedThisTick] = false
  network.uncork()
  // The write's callback (the last frame's) makes it writable again, never within `uncork`.
  transport.writable = false
}
