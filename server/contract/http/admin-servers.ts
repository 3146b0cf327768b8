import { Type, type Static } from 'typebox'
import { ErrorBody, Ok, route } from './common'

/**
 * The media servers in the admin panel (admins only): the nodes admins added (name, address,
 * enabled) and the nodes live now (load, rooms, peers). A disabled node takes no new tables; the
 * tables it has stay on it.
 */
export const serverLimits = {
  nodeIdPattern: '^[A-Za-z0-9._:-]{1,64}$',
  nameMax: 100,
  urlMax: 512,
  pageSizeMax: 100,
} as const

export const MediaServerItem = Type.Object({
  /** The added server's id; null for a live node nobody added (it takes tables until added and disabled). */
  id: Type.Union([Type.Integer(), Type.Null()]),
  nodeId: Type.String(),
  name: Type.String(),
  /** The address admins gave (or the live node's signalling URL). */
  url: Type.String(),
  enabled: Type.Boolean(),
  live: Type.Boolean(),
  /** The live node's figures; 0 when it is not connected. */
  capacity: Type.Integer({ minimum: 0 }),
  load: Type.Integer({ minimum: 0 }),
  peers: Type.Integer({ minimum: 0 }),
  rooms: Type.Integer({ minimum: 0 }),
  connectedAt: Type.Union([Type.String(), Type.Null()]),
})
export type MediaServerItem = Static<typeof MediaServerItem>

export const MediaServerPage = Type.Object({ items: Type.Array(MediaServerItem), total: Type.Integer({ minimum: 0 }) })
export type MediaServerPage = Static<typeof MediaServerPage>

export const MediaServerListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: serverLimits.pageSizeMax, default: 20 }),
  },
  { additionalProperties: false },
)
export type MediaServerListQuery = Static<typeof MediaServerListQuery>

/** The address is checked by the server (a ws(s):// or http(s):// URL), so a bad one gets `errors.servers.invalid_url`. */
export const MediaServerCreate = Type.Object(
  {
    nodeId: Type.String({ pattern: serverLimits.nodeIdPattern }),
    name: Type.String({ minLength: 1, maxLength: serverLimits.nameMax }),
    url: Type.String({ minLength: 1, maxLength: serverLimits.urlMax }),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type MediaServerCreate = Static<typeof MediaServerCreate>

export const MediaServerUpdate = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: serverLimits.nameMax })),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: serverLimits.urlMax })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type MediaServerUpdate = Static<typeof MediaServerUpdate>

export const MediaServerParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false })
export type MediaServerParams = Static<typeof MediaServerParams>

/** A room on a node: the table it belongs to (null for a room that is no table's) and its peers. */
export const MediaRoomItem = Type.Object({ roomId: Type.String(), lobbyId: Type.Union([Type.Integer(), Type.Null()]), peers: Type.Integer({ minimum: 0 }) })
export type MediaRoomItem = Static<typeof MediaRoomItem>

export const MediaRoomList = Type.Object({ items: Type.Array(MediaRoomItem), total: Type.Integer({ minimum: 0 }) })
export type MediaRoomList = Static<typeof MediaRoomList>

/** `POST /api/admin/lobby/serverList {roomId}`: where a table's media room is, with its peers. */
export const MediaRoomLookup = Type.Object({ roomId: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false })
export type MediaRoomLookup = Static<typeof MediaRoomLookup>

export const MediaRoomPlace = Type.Object({
  roomId: Type.String(),
  lobbyId: Type.Union([Type.Integer(), Type.Null()]),
  /** The added server's id (null: not added, or the built-in media server). */
  serverId: Type.Union([Type.Integer(), Type.Null()]),
  /** `builtin`, or the node's id. */
  nodeId: Type.String(),
  peers: Type.Integer({ minimum: 0 }),
})
export type MediaRoomPlace = Static<typeof MediaRoomPlace>

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody }

export const adminServersRoutes = {
  listServers: route({ method: 'GET', url: '/api/admin/servers', schema: { querystring: MediaServerListQuery, response: { 200: MediaServerPage, ...errors } } }),
  createServer: route({ method: 'POST', url: '/api/admin/servers', schema: { body: MediaServerCreate, response: { 200: MediaServerItem, ...errors } } }),
  updateServer: route({ method: 'PATCH', url: '/api/admin/servers/:id', schema: { params: MediaServerParams, body: MediaServerUpdate, response: { 200: MediaServerItem, ...errors } } }),
  removeServer: route({ method: 'DELETE', url: '/api/admin/servers/:id', schema: { params: MediaServerParams, response: { 200: Ok, ...errors } } }),
  serverRooms: route({ method: 'GET', url: '/api/admin/lobby/serverList/:id', schema: { params: MediaServerParams, response: { 200: MediaRoomList, ...errors } } }),
  findRoom: route({ method: 'POST', url: '/api/admin/lobby/serverList', schema: { body: MediaRoomLookup, response: { 200: MediaRoomPlace, ...errors } } }),
} as const
