import type { FastifyInstance } from 'fastify'
import type { Server, Socket } from 'socket.io'
import { Compile } from 'typebox/compile'
import { Role } from '../../contract/http/auth'
import { AppError } from '../../lib/app-error'
import {
  appToNodeEvents,
  mediaNodeEvents,
  mediaNodesNamespace,
  NodeLoad,
  NodeRegistration,
  type MediaServer,
  type NodeAck,
  type PeerRevocation,
  type RoomControl,
  type RoomControlMessage,
} from '../../media'
import { roomControlOf } from './microphones'
import type { StoredPlacement, TableMediaRepository } from './table-media.repository'
import { lobbyOfRoom, tableRoomId, type MediaHome, type MediaPlacement } from './table-media.service'

/** A live media node as the admin panel (and tests) may list it. */
export interface MediaNodeInfo {
  nodeId: string
  url: string
  capacity: number
  /** Peers the node reported, plus tickets issued for it in the last few seconds (not yet joined, perhaps). */
  load: number
  /** Peers the node reported, in all its rooms. */
  peers: number
  rooms: number
  /** The server account it signed in with. */
  userId: number
  connectedAt: string
}

interface NodeEntry {
  id: string
  socket: Socket
  userId: number
  token: string
  url: string
  capacity: number
  peers: number
  /** When tickets for this node were issued, within `pendingMs` (each is about one more peer, soon). */
  pending: number[]
  rooms: Set<string>
  /** Peers per room, as the node last reported them. */
  roomPeers: Map<string, number>
  lastSeen: number
  sessionCheckedAt: number
  connectedAt: Date
  home: MediaHome
}

export interface MediaNodeRegistryOptions {
  /** The built-in media server: where tables go when no node is live or every node is full. */
  builtin: MediaHome
  media: Pick<MediaServer, 'issueToken' | 'rooms'>
  /** Nodes can only check the app's tokens when both share MEDIA_TOKEN_SECRET. */
  sharedSecret: boolean
  /** A node (re)registered holding this table's room: push the table's state to it. */
  resync(lobbyId: number, home: MediaHome): Promise<void>
  /** Where the tables' placements on nodes are kept, shared by every app server. */
  placements: Pick<TableMediaRepository, 'findPlacement' | 'claimPlacement' | 'releasePlacement' | 'releaseNode' | 'releaseEnded' | 'placementsOf'>
  /** Several app servers (Redis): a table placed on a node of another app server is controlled through it. */
  cluster: boolean
  /** A node that has not reported its load for this long takes no new tables. */
  staleMs?: number
  /** How often a node's session is looked up again (a banned or deleted account is cut off). */
  sessionRecheckMs?: number
  /** How long the app waits for a node to apply a room control. */
  controlTimeoutMs?: number
  /** How long an issued ticket counts towards its node's load (the time a browser takes to join). */
  pendingMs?: number
}

const checkRegistration = Compile(NodeRegistration)
const checkLoad = Compile(NodeLoad)

/**
 * The media nodes registered with this app server, and which home each table's room is at.
 *
 * A node connects to the `/media-nodes` Socket.IO namespace with the session token of a server
 * (role 4) account; that namespace has none of the user events, so a node never looks up lobby
 * membership. It registers (`media:node:register`) its signalling URL, capacity and the rooms it
 * holds, then reports its load every few seconds. A table is placed on the least-loaded live node
 * with room to spare (peers reported plus tickets issued since, over capacity) and stays there while
 * that node lives and is enabled; without one it goes to the built-in media server. The game's
 * microphones and speaker reach the node as `media:node:control`.
 *
 * Placements on nodes are kept in the database (`media_placements`), so every app server finds a
 * table where another placed it. A node is connected to one app server only: the others reach it
 * through that one (a server-side event through the Redis adapter). A placement is written when a
 * table is placed, moved at the table's next ticket when its node is gone or disabled (the old room
 * is emptied, so its peers come back with tickets for the new home), and removed when the node
 * leaves or the table ends. The built-in media server lives inside one app server, so a table there
 * has no row.
 */
export function createMediaNodeRegistry(app: FastifyInstance, options: MediaNodeRegistryOptions) {
  const { builtin } = options
  const staleMs = options.staleMs ?? 20_000
  const sessionRecheckMs = options.sessionRecheckMs ?? 30_000
  const controlTimeoutMs = options.controlTimeoutMs ?? 5000
  const pendingMs = options.pendingMs ?? 10_000
  const nodes = new Map<string, NodeEntry>()
  /** Whether a node may take new tables (the admin panel disables nodes); every node may until told otherwise. */
  let admits: (nodeId: string) => boolean = () => true
  /** Table → home id (`builtin` or a node id) of the tables this app server placed or pushed to: the database has the truth for nodes. */
  const assignments = new Map<number, string>()
  /** Tables on a node of another app server, reached through it. */
  const remote = new Map<number, MediaHome>()
  const store = options.placements
  const log = app.log.child({ module: 'media-nodes' })
  const cluster = app.io as unknown as {
    serverSideEmitWithAck(event: string, order: RelayedControl): Promise<RelayAnswer[]>
    on(event: string, listener: (order: RelayedControl, answer: (value: RelayAnswer) => void) => void): void
  }

  const live = (node: NodeEntry | undefined): node is NodeEntry => node !== undefined && node.socket.connected && Date.now() - node.lastSeen < staleMs
  const loadOf = (node: NodeEntry) => {
    const since = Date.now() - pendingMs
    while (node.pending.length > 0 && (node.pending[0] as number) < since) node.pending.shift()
    return node.peers + node.pending.length
  }
  const tablesOf = (node: NodeEntry) => {
    let count = 0
    for (const home of assignments.values()) if (home === node.id) count += 1
    return count
  }
  /** Whether `left` is busier than `right`: a higher share of its capacity in use; on a tie more tables, then less room left. */
  const busier = (left: NodeEntry, right: NodeEntry) => {
    const share = loadOf(left) / left.capacity - loadOf(right) / right.capacity
    if (share !== 0) return share > 0
    const tables = tablesOf(left) - tablesOf(right)
    if (tables !== 0) return tables > 0
    return left.capacity - loadOf(left) < right.capacity - loadOf(right)
  }

  function nodeHome(entry: Pick<NodeEntry, 'id' | 'url' | 'socket' | 'pending'>): MediaHome {
    return {
      id: entry.id,
      url: entry.url,
      issueToken(claims) {
        entry.pending.push(Date.now())
        return options.media.issueToken(claims)
      },
      async control(roomId: string, control: RoomControl, { create }) {
        const message: RoomControlMessage = { roomId, peers: control.peers, microphones: control.microphones, speaker: control.speaker, create }
        const answer = (await entry.socket.timeout(controlTimeoutMs).emitWithAck(appToNodeEvents.control, message)) as NodeAck
        if ('error' in answer) throw new Error(`media node ${entry.id} refused a room control: ${answer.error}`)
      },
    }
  }

  /** A node of another app server, as a home: tokens are signed here (the secret is shared), room controls go through its app server. */
  function remoteHome(placement: StoredPlacement): MediaHome {
    return {
      id: placement.nodeId,
      url: placement.url,
      issueToken: (claims) => options.media.issueToken(claims),
      async control(roomId, control, { create }) {
        const message: RoomControlMessage = { roomId, peers: control.peers, microphones: control.microphones, speaker: control.speaker, create }
        const answers = await cluster.serverSideEmitWithAck(relayEvent, { nodeId: placement.nodeId, message })
        if (!answers.includes('ok')) throw new Error(`no app server applied a room control on media node ${placement.nodeId}: ${answers.join(', ') || 'none answered'}`)
      },
    }
  }

  if (options.cluster) {
    // Another app server placed a table on a node of ours: its room controls come through here.
    cluster.on(relayEvent, (order, answer) => {
      if (typeof answer !== 'function') return
      const node = typeof order?.nodeId === 'string' ? nodes.get(order.nodeId) : undefined
      if (!live(node) || typeof order.message?.roomId !== 'string' || lobbyOfRoom(order.message.roomId) === null) return answer('absent')
      const lobbyId = lobbyOfRoom(order.message.roomId) as number
      node.socket
        .timeout(controlTimeoutMs)
        .emitWithAck(appToNodeEvents.control, order.message)
        .then((ack: NodeAck) => {
          if ('error' in ack) return answer('refused')
          node.rooms.add(order.message.roomId)
          if (!assignments.has(lobbyId)) assignments.set(lobbyId, node.id)
          answer('ok')
        })
        .catch(() => answer('refused'))
    })
  }

  function forget(node: NodeEntry): void {
    if (nodes.get(node.id) !== node) return
    nodes.delete(node.id)
    for (const [lobbyId, home] of assignments) if (home === node.id) assignments.delete(lobbyId)
    // Its tables go elsewhere at their next ticket, on every app server.
    store.releaseNode(node.id).catch((error: unknown) => log.warn({ err: error, nodeId: node.id }, 'the placements of a media node that left were not released'))
    log.info({ nodeId: node.id }, 'media node left')
  }

  /** The least busy live node that may take a new table, or null (then the built-in media server). */
  function bestNode(): NodeEntry | null {
    let best: NodeEntry | null = null
    for (const node of nodes.values()) {
      if (!live(node) || loadOf(node) >= node.capacity || !admits(node.id)) continue
      if (!best || busier(best, node)) best = node
    }
    return best
  }

  /** The table left this home: its room is emptied there, so its peers come back with tickets for the new one. */
  function empty(home: MediaHome, lobbyId: number): void {
    const nobody = roomControlOf(null, { publishers: [], spectators: [], viewers: [] })
    home.control(tableRoomId(lobbyId), nobody, { create: false }).catch((error: unknown) => log.warn({ err: error, lobbyId, home: home.id }, 'the room of a table that moved was not emptied'))
  }

  /** The rooms a node holds: its tables are placed there (unless a live home already has them). */
  function adoptRooms(node: NodeEntry, rooms: NodeLoad['rooms'], resync: boolean): void {
    node.rooms = new Set(rooms.map((room) => room.roomId))
    node.roomPeers = new Map(rooms.map((room) => [room.roomId, room.peers]))
    for (const room of rooms) {
      const lobbyId = lobbyOfRoom(room.roomId)
      if (lobbyId === null) continue
      const current = assignments.get(lobbyId)
      if (current !== undefined && current !== node.id && (current === 'builtin' ? options.media.rooms.get(room.roomId) !== undefined : live(nodes.get(current)))) continue
      assignments.set(lobbyId, node.id)
      if (!resync) continue
      // A node back after a blink (its placements were released when it left) holds its tables again, unless they moved meanwhile.
      store.claimPlacement({ lobbyId, nodeId: node.id, url: node.url }, null).catch((error: unknown) => log.warn({ err: error, nodeId: node.id, lobbyId }, 'the placement of a room a media node holds was not stored'))
      options.resync(lobbyId, node.home).catch((error: unknown) => log.warn({ err: error, nodeId: node.id, lobbyId }, 'media node resync failed'))
    }
  }

  async function sessionStillGood(node: NodeEntry): Promise<boolean> {
    const now = Date.now()
    if (now - node.sessionCheckedAt < sessionRecheckMs) return true
    node.sessionCheckedAt = now
    try {
      const viewer = await app.resolveSession(node.token)
      return viewer !== null && viewer.user.role_id === Role.server
    } catch (error) {
      if (error instanceof AppError) return false
      throw error
    }
  }

  const namespace = (app.io as unknown as Server).of(mediaNodesNamespace)

  namespace.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token
    if (typeof token !== 'string' || token === '') return next(new Error('errors.unauthorized'))
    app
      .resolveSession(token)
      .then((viewer) => {
        if (!viewer) return next(new Error('errors.unauthorized'))
        if (viewer.user.role_id !== Role.server) {
          log.warn({ userId: viewer.user.id }, 'a non-server account tried to connect as a media node')
          return next(new Error('errors.forbidden'))
        }
        if (!options.sharedSecret) {
          log.error('a media node tried to register, but MEDIA_TOKEN_SECRET is not set on the app server: the node could not check its tokens')
          return next(new Error('errors.internal'))
        }
        socket.data = { userId: viewer.user.id, token }
        next()
      })
      .catch((error: unknown) => next(new Error(error instanceof AppError ? error.code : 'errors.internal')))
  })

  namespace.on('connection', (socket) => {
    const { userId, token } = socket.data as { userId: number; token: string }
    let node: NodeEntry | null = null

    socket.on(mediaNodeEvents.register, (registration: unknown, ack?: (answer: NodeAck) => void) => {
      const answer = (value: NodeAck) => {
        if (typeof ack === 'function') ack(value)
      }
      if (!checkRegistration.Check(registration)) return answer({ error: 'errors.validation' })
      if (node) return answer({ error: 'errors.media.already_joined' })
      const previous = nodes.get(registration.nodeId)
      if (previous) {
        // The same node connecting again (a network change): the newer connection wins.
        forget(previous)
        previous.socket.disconnect(true)
      }
      const fields = {
        id: registration.nodeId,
        socket,
        userId,
        token,
        url: registration.url,
        capacity: registration.capacity,
        peers: registration.load.peers,
        pending: [] as number[],
        rooms: new Set<string>(),
        roomPeers: new Map<string, number>(),
        lastSeen: Date.now(),
        sessionCheckedAt: Date.now(),
        connectedAt: new Date(),
      }
      const entry: NodeEntry = Object.assign(fields, { home: nodeHome(fields) })
      node = entry
      nodes.set(entry.id, entry)
      adoptRooms(entry, registration.load.rooms, true)
      log.info({ nodeId: entry.id, url: entry.url, capacity: entry.capacity, rooms: entry.rooms.size, userId }, 'media node registered')
      answer({ ok: true })
    })

    socket.on(mediaNodeEvents.load, (load: unknown) => {
      if (!node || nodes.get(node.id) !== node || !checkLoad.Check(load)) return
      const current = node
      current.peers = load.peers
      current.lastSeen = Date.now()
      adoptRooms(current, load.rooms, false)
      sessionStillGood(current)
        .then((good) => {
          if (good) return
          log.warn({ nodeId: current.id, userId }, 'media node session ended: disconnected')
          forget(current)
          socket.disconnect(true)
        })
        .catch((error: unknown) => log.error({ err: error, nodeId: current.id }, 'media node session check failed'))
    })

    socket.on('disconnect', () => {
      if (node) forget(node)
    })
  })

  // Only this server's own node connections: a cluster-wide disconnect would go through the Redis
  // adapter, whose client may already be closing while the app shuts down.
  app.addHook('preClose', async () => {
    for (const socket of namespace.sockets.values()) socket.disconnect(true)
  })

  /** Places the table on the best node (or the built-in server), moving it off `from`, the node it was on. */
  async function choose(lobbyId: number, from: StoredPlacement | undefined): Promise<MediaHome> {
    const best = bestNode()
    remote.delete(lobbyId)
    if (!best) {
      if (from) await store.releasePlacement(lobbyId, from.nodeId)
      assignments.set(lobbyId, 'builtin')
      if (nodes.size > 0) log.warn({ lobbyId }, 'no media node has room: the table goes to the built-in media server')
      return builtin
    }
    const stored = await store.claimPlacement({ lobbyId, nodeId: best.id, url: best.url }, from?.nodeId ?? null)
    if (stored && stored.nodeId !== best.id) {
      // Another app server placed the table a moment ago: it stays where that one put it.
      const there = nodes.get(stored.nodeId)
      if (live(there)) return (assignments.set(lobbyId, there.id), there.home)
      const home = remoteHome(stored)
      remote.set(lobbyId, home)
      assignments.delete(lobbyId)
      return home
    }
    assignments.set(lobbyId, best.id)
    log.debug({ lobbyId, nodeId: best.id }, 'table placed on a media node')
    return best.home
  }

  const placement: MediaPlacement & { placedOn(lobbyIds: readonly number[]): Promise<Map<number, string>> } = {
    async place(lobbyId) {
      const current = assignments.get(lobbyId)
      if (current === 'builtin' && options.media.rooms.get(tableRoomId(lobbyId))) return builtin
      const stored = await store.findPlacement(lobbyId)
      if (!stored) return choose(lobbyId, undefined)
      const node = nodes.get(stored.nodeId)
      if (live(node)) {
        if (admits(node.id)) {
          assignments.set(lobbyId, node.id)
          remote.delete(lobbyId)
          return node.home
        }
        // Its node was disabled: the table moves, and its room there is emptied.
        const home = await choose(lobbyId, stored)
        if (home !== node.home) empty(node.home, lobbyId)
        return home
      }
      if (node === undefined && options.cluster && admits(stored.nodeId)) {
        // On a node of another app server (rows of nodes gone are released, and a node that does not
        // answer through its app server loses the table at this ticket: the service falls back).
        const home = remoteHome(stored)
        remote.set(lobbyId, home)
        assignments.delete(lobbyId)
        return home
      }
      if (node === undefined && options.cluster) {
        const home = await choose(lobbyId, stored)
        if (home.id !== stored.nodeId) empty(remoteHome(stored), lobbyId)
        return home
      }
      // Its node is gone (stale here, or nowhere to be reached): the table moves.
      return choose(lobbyId, stored)
    },

    homeOf(lobbyId) {
      const far = remote.get(lobbyId)
      if (far) return far
      const current = assignments.get(lobbyId)
      if (current === undefined || current === 'builtin') return builtin
      const node = nodes.get(current)
      return node?.socket.connected ? node.home : null
    },

    /** The table's node failed it (did not apply the room control): the built-in server takes it. */
    async fallback(lobbyId) {
      const failed = remote.get(lobbyId)?.id ?? assignments.get(lobbyId)
      remote.delete(lobbyId)
      assignments.set(lobbyId, 'builtin')
      if (failed !== undefined && failed !== 'builtin') await store.releasePlacement(lobbyId, failed)
      return builtin
    },

    /** These tables may have ended (disbanded, or everybody left): their placements go, and this server forgets them. */
    async ended(lobbyIds) {
      await store.releaseEnded(lobbyIds)
      const followed = lobbyIds.filter((lobbyId) => remote.has(lobbyId) || (assignments.get(lobbyId) ?? 'builtin') !== 'builtin')
      if (followed.length === 0) return
      const placed = await store.placementsOf(followed)
      for (const lobbyId of followed) {
        if (placed.has(lobbyId)) continue
        remote.delete(lobbyId)
        const current = assignments.get(lobbyId)
        if (current !== undefined && current !== 'builtin') assignments.delete(lobbyId)
      }
    },

    /** Where each table's media room is, as every app server sees it: a node's id, or `builtin` (an app server's own media server) for a table on no node. */
    async placedOn(lobbyIds) {
      const placed = await store.placementsOf(lobbyIds)
      for (const lobbyId of lobbyIds) if (!placed.has(lobbyId)) placed.set(lobbyId, 'builtin')
      return placed
    },

    /** Cuts a peer off on the built-in media server and on every connected node, at once. */
    async revoke(target: PeerRevocation) {
      options.media.rooms.revoke(target)
      await Promise.all(
        [...nodes.values()]
          .filter((node) => node.socket.connected)
          .map((node) =>
            node.socket
              .timeout(controlTimeoutMs)
              .emitWithAck(appToNodeEvents.revoke, target)
              .catch((error: unknown) => log.warn({ err: error, nodeId: node.id }, 'media node did not confirm a revocation')),
          ),
      )
    },
  }

  return {
    placement,
    list(): MediaNodeInfo[] {
      return [...nodes.values()]
        .filter((node) => live(node))
        .map((node) => ({ nodeId: node.id, url: node.url, capacity: node.capacity, load: loadOf(node), peers: node.peers, rooms: node.rooms.size, userId: node.userId, connectedAt: node.connectedAt.toISOString() }))
    },
    /** A live node's rooms with their peers, as it last reported them; null when no such node is live. */
    roomsOf(nodeId: string): Array<{ roomId: string; peers: number }> | null {
      const node = nodes.get(nodeId)
      if (!live(node)) return null
      return [...node.rooms].map((roomId) => ({ roomId, peers: node.roomPeers.get(roomId) ?? 0 }))
    },
    /** Which nodes may take new tables (a disabled node keeps the tables it has). */
    setAdmission(rule: (nodeId: string) => boolean): void {
      admits = rule
    },
  }
}

export type MediaNodeRegistry = ReturnType<typeof createMediaNodeRegistry>

/** Between app servers: a room control for a media node connected to another app server. */
const relayEvent = 'table-media:node-control'
interface RelayedControl {
  nodeId: string
  message: RoomControlMessage
}
/** `ok`: applied by the node; `absent`: not a node of that app server; `refused`: the node did not apply it. */
type RelayAnswer = 'ok' | 'absent' | 'refused'
