import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { BindRequests } from '../../lib/socket-handler'
import type { MediaServer } from '../../media'
import type { GameModule } from '../game'
import { builtinHome } from './builtin-home'
import { createMediaNodeRegistry, type MediaNodeInfo } from './media-nodes'
import { ensureMediaNodeAccount } from './server-account'
import { createTableMediaRepository } from './table-media.repository'
import { createTableMediaService, type MediaHome, type MembershipOf, type TableMediaService } from './table-media.service'
import { registerTableMediaEvents } from './table-media.socket'

export { roomControlOf, type RoomControl } from './microphones'
export { tableRoomId } from './table-media.service'
export type { MediaNodeInfo } from './media-nodes'

declare module 'fastify' {
  interface FastifyInstance {
    /** The media nodes registered with this app server (for the admin panel's servers). */
    mediaNodes: { list(): MediaNodeInfo[] }
  }
}

export interface TableMediaOptions {
  config: Pick<Config, 'mediaTokenSecret' | 'mediaNodeEmail' | 'mediaNodePassword'>
  bindRequests: BindRequests
  lobbies: { membershipOf: MembershipOf }
  game: GameModule
  media: MediaServer
  /** Media node timings (tests shorten them). */
  nodes?: { staleMs?: number; sessionRecheckMs?: number; controlTimeoutMs?: number }
}

/** What other modules may use of the table media: a receive-only ticket for a non-member (the streamer's page). */
export interface TableMediaModule {
  viewerTicket: TableMediaService['viewerTicket']
}

/**
 * Faces and voices at the table, on the app server's side: media tickets (`mafia:media:join`) for
 * a table's members, the media nodes that register here and the tables placed on them, and the
 * game driving each table's microphones and speaker in its media room.
 */
export function registerTableMediaModule(app: FastifyInstance, options: TableMediaOptions): TableMediaModule {
  const { config } = options
  const builtin = builtinHome(options.media)
  let resync: (lobbyId: number, home: MediaHome) => Promise<void> = async () => undefined
  const registry = createMediaNodeRegistry(app, {
    builtin,
    media: options.media,
    sharedSecret: config.mediaTokenSecret !== undefined,
    resync: (lobbyId, home) => resync(lobbyId, home),
    ...options.nodes,
  })
  const service = createTableMediaService({ membershipOf: options.lobbies.membershipOf, game: options.game, placement: registry.placement, logger: app.log })
  resync = service.resync
  options.game.onEvents((lobbyId, _events, state) => service.gameChanged(lobbyId, state))
  registerTableMediaEvents(app, service, options.bindRequests)
  app.decorate('mediaNodes', { list: registry.list })

  const { mediaNodeEmail, mediaNodePassword } = config
  if (mediaNodeEmail && mediaNodePassword) {
    app.addHook('onReady', () => ensureMediaNodeAccount({ repository: createTableMediaRepository(app.db), email: mediaNodeEmail, password: mediaNodePassword, logger: app.log }))
  }
  return { viewerTicket: service.viewerTicket }
}
