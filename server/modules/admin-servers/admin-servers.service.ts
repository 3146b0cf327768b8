import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema'
import type { MediaRoomList, MediaRoomPlace, MediaServerCreate, MediaServerItem, MediaServerPage, MediaServerUpdate } from '../../contract/http/admin-servers'
import { AppError, badRequest, conflict } from '../../lib/app-error'
import type { InvalidationBus } from '../../lib/revocable-cache'
import { recordAudit } from '../admin'
import type { MediaNodeInfo } from '../table-media'
import type { AdminServersRepository, MediaServerRow } from './admin-servers.repository'

/** The invalidation tag of the media servers: every app server reloads which nodes are disabled. */
export const mediaServersTag = 'media-servers'

/** What this module needs of the table media: the live nodes, their rooms, the rule of which take new tables. */
export interface MediaNodesView {
  list(): MediaNodeInfo[]
  roomsOf(nodeId: string): Array<{ roomId: string; peers: number }> | null
  setAdmission(rule: (nodeId: string) => boolean): void
}

/** Peers in a room of the built-in media server, or null when it has no such room. */
export type BuiltinRoomPeers = (roomId: string) => number | null

/** A node address: a ws(s):// or http(s):// URL with a host, or `errors.servers.invalid_url`. */
export function checkNodeUrl(text: string): string {
  const trimmed = text.trim()
  let parsed: URL
  try {
    parsed = new URL(trimmed)
  } catch {
    throw badRequest('errors.servers.invalid_url', 'url')
  }
  if (!['ws:', 'wss:', 'http:', 'https:'].includes(parsed.protocol) || parsed.hostname === '' || parsed.username !== '' || parsed.password !== '') {
    throw badRequest('errors.servers.invalid_url', 'url')
  }
  return trimmed
}

const lobbyOf = (roomId: string): number | null => {
  const match = /^lobby-([1-9][0-9]{0,15})$/.exec(roomId)
  return match ? Number(match[1]) : null
}

const auditView = (row: MediaServerRow) => ({ nodeId: row.node_id, name: row.name, url: row.url, enabled: row.enabled })

/**
 * The media servers of the admin panel: the nodes admins added (kept in the database, so every app
 * server agrees on them) joined with the nodes live on this app server. A disabled node takes no new
 * tables on any app server: each keeps the set of disabled nodes and reloads it when any of them
 * changes one (the invalidation bus, through Redis with several app servers). Every change is audited.
 */
export function createAdminServersService(deps: { repository: AdminServersRepository; db: Kysely<Database>; nodes: MediaNodesView; builtinRoomPeers: BuiltinRoomPeers; invalidations: InvalidationBus; logger: Pick<FastifyBaseLogger, 'warn'> }) {
  const { repository, nodes } = deps
  let disabled = new Set<string>()
  let reloading: Promise<void> = Promise.resolve()

  async function reload(): Promise<void> {
    disabled = new Set(await repository.disabledNodes())
  }
  nodes.setAdmission((nodeId) => !disabled.has(nodeId))
  // A reload the bus asks for may find the database gone (a server closing as its subscriber
  // reconnects) or busy: this server keeps the set it had, says so, and the next change reloads it.
  const reloadOrKeep = () => reload().catch((error: unknown) => deps.logger.warn({ err: error }, 'media servers: the disabled nodes could not be reloaded'))
  deps.invalidations.listen((tag) => {
    if (tag === null || tag === mediaServersTag) reloading = reloading.then(reloadOrKeep)
  })

  function itemOf(row: MediaServerRow | undefined, live: MediaNodeInfo | undefined): MediaServerItem {
    const nodeId = row?.node_id ?? live?.nodeId ?? ''
    return {
      id: row?.id ?? null,
      nodeId,
      name: row?.name ?? nodeId,
      url: row?.url ?? live?.url ?? '',
      enabled: row?.enabled ?? true,
      live: live !== undefined,
      capacity: live?.capacity ?? 0,
      load: live?.load ?? 0,
      peers: live?.peers ?? 0,
      rooms: live?.rooms ?? 0,
      connectedAt: live?.connectedAt ?? null,
    }
  }
  const liveNode = (nodeId: string) => nodes.list().find((node) => node.nodeId === nodeId)

  /** After a change: this app server knows at once, the others through the bus. */
  async function changed(): Promise<void> {
    deps.invalidations.invalidate(mediaServersTag)
    await reloading
  }

  const existing = async (id: number): Promise<MediaServerRow> => {
    const row = await repository.find(id)
    if (!row) throw new AppError(404, 'errors.not_found', { field: 'id' })
    return row
  }

  return {
    /** Loads the disabled nodes (at start). */
    reload,
    async list(page: number, limit: number): Promise<MediaServerPage> {
      const rows = await repository.all()
      const live = nodes.list()
      const added = new Set(rows.map((row) => row.node_id))
      const items = [
        ...rows.map((row) => itemOf(row, live.find((node) => node.nodeId === row.node_id))),
        ...live.filter((node) => !added.has(node.nodeId)).sort((left, right) => left.nodeId.localeCompare(right.nodeId)).map((node) => itemOf(undefined, node)),
      ]
      if (page > 1 && (page - 1) * limit >= items.length) throw badRequest('errors.invalid_value', 'page')
      return { items: items.slice((page - 1) * limit, page * limit), total: items.length }
    },
    async create(actorId: number, input: MediaServerCreate): Promise<MediaServerItem> {
      const url = checkNodeUrl(input.url)
      const name = input.name.trim()
      if (name === '') throw badRequest('errors.required', 'name')
      const row = await repository.db.transaction().execute(async (trx) => {
        const created = await repository.insert(trx, { node_id: input.nodeId, name, url, enabled: input.enabled ?? true })
        if (!created) throw conflict('errors.servers.node_taken', 'nodeId')
        await recordAudit(trx as never, { actorId, action: 'server.create', target: { type: 'media_server', id: created.id }, after: auditView(created) })
        return created
      })
      await changed()
      return itemOf(row, liveNode(row.node_id))
    },
    async update(actorId: number, id: number, input: MediaServerUpdate): Promise<MediaServerItem> {
      const values: Partial<{ name: string; url: string; enabled: boolean }> = {}
      if (input.url !== undefined) values.url = checkNodeUrl(input.url)
      if (input.name !== undefined) {
        values.name = input.name.trim()
        if (values.name === '') throw badRequest('errors.required', 'name')
      }
      if (input.enabled !== undefined) values.enabled = input.enabled
      const row = await repository.db.transaction().execute(async (trx) => {
        const before = await repository.find(id, trx)
        if (!before) throw new AppError(404, 'errors.not_found', { field: 'id' })
        const after = (await repository.update(trx, id, values)) as MediaServerRow
        await recordAudit(trx as never, { actorId, action: 'server.update', target: { type: 'media_server', id }, before: auditView(before), after: auditView(after) })
        return after
      })
      await changed()
      return itemOf(row, liveNode(row.node_id))
    },
    async remove(actorId: number, id: number): Promise<void> {
      await repository.db.transaction().execute(async (trx) => {
        const removed = await repository.remove(trx, id)
        if (!removed) throw new AppError(404, 'errors.not_found', { field: 'id' })
        await recordAudit(trx as never, { actorId, action: 'server.delete', target: { type: 'media_server', id }, before: auditView(removed) })
      })
      await changed()
    },
    /** The rooms of an added server's node, as it last reported them (none while it is not connected). */
    async rooms(id: number): Promise<MediaRoomList> {
      const row = await existing(id)
      const items = (nodes.roomsOf(row.node_id) ?? []).map((room) => ({ roomId: room.roomId, lobbyId: lobbyOf(room.roomId), peers: room.peers }))
      return { items, total: items.length }
    },
    /** Where a room is: on a live node (added or not) or on the built-in media server. */
    async findRoom(roomId: string): Promise<MediaRoomPlace> {
      for (const node of nodes.list()) {
        const room = nodes.roomsOf(node.nodeId)?.find((candidate) => candidate.roomId === roomId)
        if (!room) continue
        const row = await repository.byNode(node.nodeId)
        return { roomId, lobbyId: lobbyOf(roomId), serverId: row?.id ?? null, nodeId: node.nodeId, peers: room.peers }
      }
      const peers = deps.builtinRoomPeers(roomId)
      if (peers === null) throw new AppError(404, 'errors.not_found', { field: 'roomId' })
      return { roomId, lobbyId: lobbyOf(roomId), serverId: null, nodeId: 'builtin', peers }
    },
  }
}

export type AdminServersService = ReturnType<typeof createAdminServersService>
