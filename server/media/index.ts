import { createServer, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../config'
import { mediaSocketPath, type MediaRole } from '../contract/rtc'
import { issueMediaToken, perProcessSecret, TokenLedger, verifyMediaToken, type MediaTokenResult } from './media-token'
import { defaultMediaSettings, Peer, type MediaSettings, type PeerNetwork } from './peer'
import { Room } from './room'
import { handleSignallingConnection } from './signalling'
import { MediaUdpPort } from './udp-port'

export { issueMediaToken, TokenLedger, verifyMediaToken, type MediaTokenClaims, type MediaTokenResult } from './media-token'
export { defaultMediaSettings, Peer, type MediaSettings } from './peer'
export { Room } from './room'
export { applyRoomControl, receivesCamera, type CameraGrant, type PeerGrant, type RoomControl } from './room-control'
export * from './node-protocol'

declare module 'fastify' {
  interface FastifyInstance {
    /** The media server (SFU) running inside this Fastify instance. */
    media: MediaServer
  }
}

/** Whom a revocation names: one peer id (a user), or every peer id starting with a prefix (a streamer's share pages). */
export type PeerRevocation = { peerId: string } | { prefix: string }

/** The rooms of one media server, by room id (a lobby or table id). */
export class RoomRegistry {
  private readonly rooms = new Map<string, Room>()
  /** Tokens accepted (each works once) and peers revoked (their older tokens no longer work). */
  readonly ledger = new TokenLedger()

  constructor(
    private readonly logger: Logger,
    private readonly settings: MediaSettings,
  ) {}

  /**
   * Cuts a peer off everywhere on this media server at once (a ban, a deletion, a revoked share
   * key): closed in every room, and no token issued before now lets it back in.
   */
  revoke(target: PeerRevocation): number {
    this.ledger.revoke(target)
    let closed = 0
    for (const room of this.rooms.values()) {
      for (const peerId of room.peerIds) {
        if ('peerId' in target ? peerId !== target.peerId : !peerId.startsWith(target.prefix)) continue
        const peer = room.peer(peerId)
        if (peer) {
          room.revoke(peer)
          closed += 1
        }
      }
    }
    return closed
  }

  get size(): number {
    return this.rooms.size
  }

  get(roomId: string): Room | undefined {
    return this.rooms.get(roomId)
  }

  /** The room, created when it does not exist yet (so a host may set microphones before anyone joins). */
  open(roomId: string): Room {
    let room = this.rooms.get(roomId)
    if (!room) {
      room = new Room(roomId, this.logger.child({ roomId }), this.settings, (closed) => {
        if (this.rooms.get(closed.id) === closed) this.rooms.delete(closed.id)
      })
      this.rooms.set(roomId, room)
    }
    return room
  }

  close(roomId: string): void {
    this.rooms.get(roomId)?.close()
  }

  values(): IterableIterator<Room> {
    return this.rooms.values()
  }

  closeAll(): void {
    for (const room of [...this.rooms.values()]) room.close()
  }
}

export interface MediaServer {
  /** Adds GET /media/ws (signalling) to a Fastify app and decorates it with `media`. */
  registerRoutes(app: FastifyInstance): Promise<void>
  /** A join token for one seat or viewer of one room (what the app server hands the browser). */
  issueToken(claims: { roomId: string; peerId: string; role: MediaRole; ttlSeconds?: number }): string
  verifyToken(token: string): MediaTokenResult
  readonly rooms: RoomRegistry
  /** Opens the shared UDP port now (it opens by itself on the first join); resolves with its number. */
  openUdpPort(): Promise<number>
  /** The shared UDP port, 0 while not open. */
  readonly udpPort: number
  /** Closes every room and the UDP port. Safe to call twice. */
  close(): Promise<void>
}

export interface CreateMediaServerOptions {
  config: Pick<Config, 'mediaUdpPort' | 'mediaPublicIp' | 'mediaTokenSecret'>
  logger: Logger
  settings?: Partial<MediaSettings>
}

/**
 * The media server: a selective forwarding unit on node-datachannel. Browsers connect a signalling
 * WebSocket at /media/ws, join a room with a token, and exchange media over the one UDP port.
 */
export function createMediaServer(options: CreateMediaServerOptions): MediaServer {
  const settings: MediaSettings = { ...defaultMediaSettings, ...options.settings }
  const logger = options.logger.child({ module: 'media' })
  const secret = options.config.mediaTokenSecret ?? perProcessSecret()
  const udp = new MediaUdpPort(options.config.mediaUdpPort, logger)
  const rooms = new RoomRegistry(logger, settings)
  const network: PeerNetwork = {
    config: () => udp.peerConnectionConfig(),
    publicIp: options.config.mediaPublicIp,
    get port() {
      return udp.port
    },
  }
  let closed = false

  const verifyToken = (token: string) => verifyMediaToken(secret, token)

  const server: MediaServer = {
    rooms,
    get udpPort() {
      return udp.port
    },
    openUdpPort: () => udp.open(),
    issueToken: (claims) => issueMediaToken(secret, claims),
    verifyToken,

    async registerRoutes(app: FastifyInstance) {
      // @fastify/websocket would route every upgrade request of the HTTP server through Fastify,
      // Socket.IO's included, and break them. It listens on a private hub instead, and only the
      // signalling path is passed on to it.
      const hub = createServer()
      const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if ((request.url ?? '').split('?')[0] === mediaSocketPath) hub.emit('upgrade', request, socket, head)
      }
      app.server.on('upgrade', onUpgrade)
      app.addHook('onClose', async () => {
        app.server.off('upgrade', onUpgrade)
      })
      app.decorate('media', server)
      await app.register(async (scope) => {
        await scope.register(websocket, { options: { server: hub, maxPayload: 256 * 1024 } })
        scope.get(mediaSocketPath, { websocket: true }, (socket) => {
          handleSignallingConnection(socket, {
            verifyToken(token) {
              const verdict = verifyToken(token)
              // A ticket works once, and never after its peer was revoked.
              if (verdict.ok && !rooms.ledger.accept(verdict.claims)) return { ok: false, code: 'errors.media.token_invalid' }
              return verdict
            },
            joinTimeoutMs: settings.joinTimeoutMs,
            logger,
            async join(claims, transport) {
              await udp.open()
              if (closed) return null
              const room = rooms.open(claims.roomId)
              if (!room.admits(claims.peerId, claims.role)) return 'errors.media.revoked'
              const peer = new Peer(claims.peerId, claims.role, room.id, transport, room, network, settings, room.logger.child({ peerId: claims.peerId }))
              if (room.join(peer)) return peer
              peer.close('room_closed')
              return null
            },
          })
        })
      })
    },

    async close() {
      if (closed) return
      closed = true
      rooms.closeAll()
      udp.close()
    },
  }
  return server
}
