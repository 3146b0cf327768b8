import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import { onUserDisconnected, type BindRequests } from '../../lib/socket-handler'
import type { MediaServer } from '../../media'
import type { GameModule } from '../game'
import { builtinHome } from './builtin-home'
import { createMediaNodeRegistry, type MediaNodeRegistry } from './media-nodes'
import { ensureMediaNodeAccount } from './server-account'
import { createTableMediaRepository } from './table-media.repository'
import { createTableMediaService, type MediaHome, type MembersOf, type MembershipOf, type TableMediaService } from './table-media.service'
import { registerTableMediaEvents } from './table-media.socket'

export { roomControlOf, type RoomControl, type TableMembers } from './microphones'
export { sharePagePrefix, tableRoomId } from './table-media.service'
export type { MediaNodeInfo } from './media-nodes'

declare module 'fastify' {
  interface FastifyInstance {
    /** The media nodes registered with this app server (for the admin panel's servers). */
    mediaNodes: Pick<MediaNodeRegistry, 'list' | 'roomsOf' | 'setAdmission'>
  }
}

export interface TableMediaOptions {
  config: Pick<Config, 'mediaTokenSecret' | 'mediaNodeEmail' | 'mediaNodePassword' | 'redisUrl'>
  bindRequests: BindRequests
  lobbies: { membershipOf: MembershipOf; membersOf: MembersOf; onMembersMoved(listener: (userIds: readonly number[], lobbyIds: readonly number[]) => void): void }
  game: GameModule
  media: MediaServer
  /** Media node timings (tests shorten them). */
  nodes?: { staleMs?: number; sessionRecheckMs?: number; controlTimeoutMs?: number }
}

/** What other modules may use of the table media: a receive-only ticket for a non-member (the streamer's page), and cutting those pages off. */
export interface TableMediaModule {
  viewerTicket: TableMediaService['viewerTicket']
  /** The streamer's share key was revoked or replaced: their pages' media peers close, on every app server. */
  revokeSharePages(streamerId: number): void
  /** A share page closed: its media peer is no longer let in. */
  viewerGone: TableMediaService['viewerGone']
  /** Where each table's media room is (the admin panel's table list): a media node's id as every app server sees it, or `builtin` for a table on no node. */
  placedOn(lobbyIds: readonly number[]): Promise<Map<number, string>>
}

/** Between app servers (Socket.IO's server-side events through the Redis adapter): cut these media peers off here too. */
const revokeEvent = 'table-media:revoke'
type RevokeOrder = { userId: number } | { streamerId: number }

/**
 * Faces and voices at the table, on the app server's side: media tickets (`mafia:media:join`) for
 * a table's members, the media nodes that register here and the tables placed on them, and the
 * game driving each table's microphones and speaker in its media room.
 */
export function registerTableMediaModule(app: FastifyInstance, options: TableMediaOptions): TableMediaModule {
  const { config } = options
  const builtin = builtinHome(options.media)
  const repository = createTableMediaRepository(app.db)
  let resync: (lobbyId: number, home: MediaHome) => Promise<void> = async () => undefined
  const registry = createMediaNodeRegistry(app, {
    builtin,
    media: options.media,
    sharedSecret: config.mediaTokenSecret !== undefined,
    resync: (lobbyId, home) => resync(lobbyId, home),
    placements: repository,
    cluster: config.redisUrl !== undefined,
    ...options.nodes,
  })
  const service = createTableMediaService({ membershipOf: options.lobbies.membershipOf, membersOf: options.lobbies.membersOf, game: options.game, placement: registry.placement, logger: app.log })
  resync = service.resync
  options.game.onEvents((lobbyId, _events, state) => service.gameChanged(lobbyId, state))
  options.lobbies.onMembersMoved((userIds, lobbyIds) => {
    service.membersChanged(lobbyIds, userIds).catch((error: unknown) => app.log.warn({ err: error, lobbyIds }, 'media room control after a membership change failed'))
  })

  // Revocations reach the media peers this app server placed (built-in, and its media nodes), then
  // every other app server, which does the same for its own.
  const revokeHere = (order: RevokeOrder): void => {
    const work = 'userId' in order ? service.revokeUser(order.userId) : service.revokeSharePages(order.streamerId)
    work.catch((error: unknown) => app.log.warn({ err: error }, 'media revocation failed'))
  }
  const cluster = app.io as unknown as { serverSideEmit(event: string, order: RevokeOrder): void; on(event: string, listener: (order: RevokeOrder) => void): void }
  const several = config.redisUrl !== undefined
  const revokeEverywhere = (order: RevokeOrder): void => {
    revokeHere(order)
    if (several) cluster.serverSideEmit(revokeEvent, order)
  }
  if (several) {
    cluster.on(revokeEvent, (order) => {
      if (typeof order === 'object' && order !== null && (Number.isInteger((order as { userId?: unknown }).userId) || Number.isInteger((order as { streamerId?: unknown }).streamerId))) revokeHere(order)
    })
  }
  onUserDisconnected(app.io, (userId) => revokeEverywhere({ userId }))
  registerTableMediaEvents(service, options.bindRequests)
  app.decorate('mediaNodes', { list: registry.list, roomsOf: registry.roomsOf, setAdmission: registry.setAdmission })

  const { mediaNodeEmail, mediaNodePassword } = config
  if (mediaNodeEmail && mediaNodePassword) {
    app.addHook('onReady', () => ensureMediaNodeAccount({ repository, email: mediaNodeEmail, password: mediaNodePassword, logger: app.log }))
  }
  return { viewerTicket: service.viewerTicket, revokeSharePages: (streamerId) => revokeEverywhere({ streamerId }), viewerGone: service.viewerGone, placedOn: (lobbyIds) => registry.placement.placedOn(lobbyIds) }
}
