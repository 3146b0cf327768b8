import { Type, type Static } from 'typebox'
import { MediaRole } from '../contract/rtc'

/**
 * Between a media node (`npm run media` with MEDIA_APP_URL) and the app server: a Socket.IO
 * connection to the app server's `mediaNodesNamespace`, signed in as a role-4 (server) account. The
 * node registers its signalling URL and capacity and reports its load; the app server places tables
 * on nodes and sends each node the microphones and speaker of its rooms. Both sides share
 * MEDIA_TOKEN_SECRET: the app server signs the browsers' join tokens, the node checks them.
 */
export const mediaNodesNamespace = '/media-nodes'

/** Node → app. Events with an ack answer `{ ok: true }` or `{ error }`. */
export const mediaNodeEvents = {
  /** The first message after connecting (and after every reconnect); ack. */
  register: 'media:node:register',
  /** Every `heartbeatMs`: the node's load. No ack. */
  load: 'media:node:load',
} as const

/** App → node. */
export const appToNodeEvents = {
  /** A room's peers, cameras, microphones and speaker; ack `{ ok: true }` once applied. */
  control: 'media:node:control',
  /** Cut a peer (or every peer id with a prefix) off in every room of the node, at once; ack `{ ok: true }`. */
  revoke: 'media:node:revoke',
} as const

const RoomId = Type.String({ minLength: 1, maxLength: 128 })

/** A room the node holds, and how many peers are in it. */
export const NodeRoom = Type.Object({ roomId: RoomId, peers: Type.Integer({ minimum: 0 }) }, { additionalProperties: false })

export const NodeLoad = Type.Object(
  {
    /** Peers connected, over all rooms. */
    peers: Type.Integer({ minimum: 0 }),
    rooms: Type.Array(NodeRoom, { maxItems: 10_000 }),
  },
  { additionalProperties: false },
)
export type NodeLoad = Static<typeof NodeLoad>

export const NodeRegistration = Type.Object(
  {
    /** Stable name of this node (MEDIA_NODE_ID); a second connection under the same id replaces the first. */
    nodeId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' }),
    /** Where browsers open the signalling WebSocket: an absolute `ws:`/`wss:` URL. */
    url: Type.String({ minLength: 1, maxLength: 512, pattern: '^wss?://' }),
    /** Peers the node takes before it is considered full. */
    capacity: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    load: NodeLoad,
  },
  { additionalProperties: false },
)
export type NodeRegistration = Static<typeof NodeRegistration>

const PeerId = Type.String({ minLength: 1, maxLength: 64 })

/** A peer allowed in a room: its role, and whose cameras it receives (`all`, or these publishers' peer ids). */
export const PeerGrantMessage = Type.Object(
  {
    role: MediaRole,
    cameras: Type.Union([Type.Literal('all'), Type.Array(PeerId, { maxItems: 64 })]),
  },
  { additionalProperties: false },
)

export const RoomControlMessage = Type.Object(
  {
    roomId: RoomId,
    /** Every peer allowed in the room; anyone else is closed and cannot join. */
    peers: Type.Record(Type.String({ maxLength: 64 }), PeerGrantMessage),
    microphones: Type.Record(Type.String(), Type.Boolean()),
    speaker: Type.Union([Type.String(), Type.Null()]),
    /** Open the room if the node does not have it (a ticket for it was just issued). */
    create: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type RoomControlMessage = Static<typeof RoomControlMessage>

export const RevokeMessage = Type.Union([
  Type.Object({ peerId: PeerId }, { additionalProperties: false }),
  Type.Object({ prefix: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
])
export type RevokeMessage = Static<typeof RevokeMessage>

export type NodeAck = { ok: true } | { error: string }
