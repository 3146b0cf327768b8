import { createSocket } from 'node:dgram'
import { IceUdpMuxListener, type RtcConfig } from 'node-datachannel'
import type { Logger } from 'pino'

/**
 * The media server's one UDP port. Every peer connection of this server shares it (ICE UDP mux:
 * libjuice reads the port on one thread and hands each packet to the connection whose ICE
 * credentials it carries), so a firewall opens exactly one port.
 *
 * The port is opened on first use, not at start: an app server that never hosts a table never
 * binds it. With MEDIA_UDP_PORT=0 a free port is picked by binding a throwaway UDP socket to port 0,
 * reading the port the kernel gave, and releasing it; the mux listener then binds that port and holds
 * it for the server's lifetime (a retry covers the small window in which another process could take it).
 */
export class MediaUdpPort {
  private listener: IceUdpMuxListener | null = null
  private opening: Promise<number> | null = null
  private boundPort = 0

  constructor(
    private readonly configuredPort: number,
    private readonly logger: Logger,
  ) {}

  /** The port, once open; 0 before. */
  get port(): number {
    return this.boundPort
  }

  /** Opens the port (once); resolves with its number. */
  open(): Promise<number> {
    this.opening ??= this.bind().catch((error: unknown) => {
      this.opening = null
      throw error
    })
    return this.opening
  }

  /** The configuration every peer connection of this server uses. */
  peerConnectionConfig(): RtcConfig {
    if (this.boundPort === 0) throw new Error('the media UDP port is not open')
    return { iceServers: [], enableIceUdpMux: true, portRangeBegin: this.boundPort, portRangeEnd: this.boundPort }
  }

  close(): void {
    this.listener?.stop()
    this.listener = null
    this.opening = null
    this.boundPort = 0
  }

  private async bind(): Promise<number> {
    const attempts = this.configuredPort === 0 ? 5 : 1
    let lastError: unknown = null
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      const port = this.configuredPort === 0 ? await pickFreeUdpPort() : this.configuredPort
      try {
        const listener = new IceUdpMuxListener(port)
        listener.onUnhandledStunRequest((request) => {
          // A connectivity check for credentials nobody here knows: a peer that was closed, or a scan.
          this.logger.debug({ host: request.host, port: request.port }, 'media: STUN request for an unknown connection')
        })
        this.listener = listener
        this.boundPort = port
        this.logger.info({ udpPort: port }, 'media: UDP port open')
        return port
      } catch (error) {
        lastError = error
      }
    }
    throw new Error(`could not open the media UDP port ${this.configuredPort || '(any)'}: ${String(lastError)}`)
  }
}

/** A UDP port that was free a moment ago (the kernel's pick for port 0). */
export function pickFreeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4')
    socket.once('error', reject)
    socket.bind(0, () => {
      const { port } = socket.address()
      socket.close(() => resolve(port))
    })
  })
}
