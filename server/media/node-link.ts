import type { Logger } from 'pino'
import { io, type Socket } from 'socket.io-client'
import { Compile } from 'typebox/compile'
import { Role, type Session } from '../contract/http/auth'
import type { RoomRegistry } from './index'
import { appToNodeEvents, mediaNodeEvents, mediaNodesNamespace, RevokeMessage, RoomControlMessage, type NodeAck, type NodeLoad, type NodeRegistration } from './node-protocol'
import { applyRoomControl } from './room-control'

export interface NodeLinkOptions {
  /** The app server's base URL (`http(s)://host:port`). */
  appUrl: string
  /** The role-4 (server) account this node signs in with. */
  email: string
  password: string
  nodeId: string
  /** The signalling URL browsers are sent to (`ws(s)://…/media/ws`). */
  url: string
  capacity: number
  rooms: Pick<RoomRegistry, 'open' | 'get' | 'values' | 'revoke'>
  logger: Logger
  heartbeatMs?: number
  /** Wait before connecting again after the app server refused the node (bad account, no shared secret). */
  retryMs?: number
}

export interface NodeLink {
  /** Registered with the app server right now. */
  readonly registered: boolean
  /** Resolves once the node is registered (at once when it is). */
  whenRegistered(timeoutMs?: number): Promise<void>
  /** Leaves the app server (the app stops placing tables here). Safe to call twice. */
  close(): void
}

const checkControl = Compile(RoomControlMessage)
const checkRevoke = Compile(RevokeMessage)

/** The node's load: peers over all rooms, and each room. */
export function loadOf(rooms: Pick<RoomRegistry, 'values'>): NodeLoad {
  const list = [...rooms.values()].filter((room) => room.state === 'open').map((room) => ({ roomId: room.id, peers: room.size }))
  return { peers: list.reduce((sum, room) => sum + room.peers, 0), rooms: list }
}

/**
 * The media node's link to the app server: signs in with its role-4 account, connects to the app's
 * media-node namespace, registers its signalling URL and capacity (again after every reconnect, with
 * the rooms it holds, so a restarted app server learns where its tables are), reports its load every
 * few seconds and applies the room controls the app sends. Socket.IO reconnects after network
 * failures; a refusal (expired session, wrong account) signs in again after `retryMs`.
 */
export function connectNodeLink(options: NodeLinkOptions): NodeLink {
  const { logger } = options
  const heartbeatMs = options.heartbeatMs ?? 5000
  const retryMs = options.retryMs ?? 10_000
  const appUrl = options.appUrl.replace(/\/+$/, '')
  let token: string | null = null
  let registered = false
  let closed = false
  let retry: NodeJS.Timeout | null = null
  const waiting = new Set<() => void>()

  async function signIn(): Promise<string> {
    const response = await fetch(`${appUrl}/api/auth/login/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: options.email, password: options.password }),
    })
    const body = (await response.json().catch(() => ({}))) as Partial<Session> & { code?: string }
    if (!response.ok || typeof body.token !== 'string') throw new Error(body.code ?? `sign-in answered HTTP ${response.status}`)
    if (body.user?.roleId !== Role.server) throw new Error('MEDIA_NODE_EMAIL is not a server (role 4) account')
    return body.token
  }

  const socket: Socket = io(`${appUrl}${mediaNodesNamespace}`, {
    transports: ['websocket'],
    autoConnect: false,
    reconnectionDelayMax: 10_000,
    auth: (callback) => {
      const ready = token ? Promise.resolve(token) : signIn()
      ready
        .then((fresh) => {
          token = fresh
          callback({ token: fresh })
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'media node: sign-in at the app server failed')
          callback({})
        })
    },
  })

  const setRegistered = (value: boolean) => {
    registered = value
    if (value) for (const wake of [...waiting]) wake()
  }

  const connectLater = () => {
    if (closed || retry) return
    retry = setTimeout(() => {
      retry = null
      if (!closed && !socket.connected) socket.connect()
    }, retryMs)
  }

  socket.on('connect', () => {
    const registration: NodeRegistration = { nodeId: options.nodeId, url: options.url, capacity: options.capacity, load: loadOf(options.rooms) }
    socket
      .timeout(10_000)
      .emitWithAck(mediaNodeEvents.register, registration)
      .then((answer: NodeAck) => {
        if ('error' in answer) throw new Error(answer.error)
        setRegistered(true)
        logger.info({ appUrl, nodeId: options.nodeId, url: options.url }, 'media node registered with the app server')
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'media node: the app server refused the registration')
        socket.disconnect()
        connectLater()
      })
  })

  socket.on('connect_error', (error) => {
    setRegistered(false)
    // A refusal by the app server (not a network failure) is not retried by Socket.IO itself.
    if (socket.active) return
    if (error.message === 'errors.unauthorized') token = null
    logger.warn({ err: error }, 'media node: the app server refused the connection')
    connectLater()
  })

  socket.on('disconnect', (reason) => {
    setRegistered(false)
    if (closed) return
    logger.warn({ reason }, 'media node: disconnected from the app server')
    // The server ended it (a replaced node, a revoked session): sign in and register again later.
    if (reason === 'io server disconnect') {
      token = null
      connectLater()
    }
  })

  socket.on(appToNodeEvents.control, (message: unknown, ack?: (answer: NodeAck) => void) => {
    if (!checkControl.Check(message)) {
      ack?.({ error: 'errors.validation' })
      return
    }
    applyRoomControl(options.rooms, message.roomId, { peers: message.peers, microphones: message.microphones, speaker: message.speaker }, message.create)
    ack?.({ ok: true })
  })

  socket.on(appToNodeEvents.revoke, (message: unknown, ack?: (answer: NodeAck) => void) => {
    if (!checkRevoke.Check(message)) {
      ack?.({ error: 'errors.validation' })
      return
    }
    options.rooms.revoke(message)
    ack?.({ ok: true })
  })

  const heartbeat = setInterval(() => {
    if (registered) socket.emit(mediaNodeEvents.load, loadOf(options.rooms))
  }, heartbeatMs)
  heartbeat.unref()

  socket.connect()

  return {
    get registered() {
      return registered
    },
    whenRegistered(timeoutMs = 15_000) {
      if (registered) return Promise.resolve()
      return new Promise((resolve, reject) => {
        const wake = () => {
          clearTimeout(timer)
          waiting.delete(wake)
          resolve()
        }
        const timer = setTimeout(() => {
          waiting.delete(wake)
          reject(new Error(`media node not registered within ${timeoutMs} ms`))
        }, timeoutMs)
        waiting.add(wake)
      })
    },
    close() {
      if (closed) return
      closed = true
      clearInterval(heartbeat)
      if (retry) clearTimeout(retry)
      setRegistered(false)
      socket.disconnect()
    },
  }
}
