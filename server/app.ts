import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import addFormats from 'ajv-formats'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { DatabaseHandle } from '../db/connection'
import type { Config } from './config'
import { limits } from './contract/http/auth'
import { clientAddressOf, compileTrustProxy } from './lib/client-address'
import { systemClock, type Clock } from './lib/clock'
import { createLogger } from './lib/logger'
import { createSocketRequests } from './lib/socket-handler'
import { createLogService } from './logs'
import { createMediaServer } from './media'
import { guardAdminArea, registerAdminModule } from './modules/admin'
import { createAuthModule } from './modules/auth'
import { registerBuyModule } from './modules/buy'
import { registerAdminServersModule } from './modules/admin-servers'
import { registerChatsModule } from './modules/chats'
import { registerFriendsModule } from './modules/friends'
import { registerGameModule, type OwnershipTimings } from './modules/game'
import { registerAdvertisingModule } from './modules/advertising'
import { registerBugsModule } from './modules/bugs'
import { createI18nRepository, createI18nService, i18nHttpRoutes, registerI18nEditor } from './modules/i18n'
import { registerLobbiesModule } from './modules/lobbies'
import { createMailer, type Mailer } from './modules/mail'
import { registerNotesModule } from './modules/notes'
import { registerPresenceEvents } from './modules/presence'
import { registerRatingsModule } from './modules/ratings'
import { registerReferralsModule } from './modules/referrals'
import { registerSharingModule } from './modules/sharing'
import { registerStatisticsModule } from './modules/statistics'
import { systemHttpRoutes } from './modules/system'
import { registerTableMediaModule } from './modules/table-media'
import { registerTournamentsModule } from './modules/tournaments'
import authPlugin from './plugins/auth'
import dbPlugin from './plugins/db'
import errorsPlugin from './plugins/errors'
import rateLimitPlugin, { defaultRateLimits, defaultSocketLimits, type RateLimits } from './plugins/rate-limit'
import redisPlugin from './plugins/redis'
import securityHeadersPlugin from './plugins/security-headers'
import corsPlugin from './plugins/cors'
import socketIoPlugin from './plugins/socket-io'
import staticFilesPlugin from './plugins/static-files'

export const defaultRendererDir = fileURLToPath(new URL('../dist/renderer', import.meta.url))

export interface BuildAppOptions {
  config: Config
  /** An open database, migrated and seeded; the caller closes it after the app. */
  database: DatabaseHandle
  logger?: Logger
  clock?: Clock
  mailer?: Mailer
  rateLimits?: RateLimits
  rendererDir?: string
  /** How long a table's lease lives and how often it is renewed, with several app servers (tests shorten them). */
  tableLeases?: OwnershipTimings
}

/**
 * The whole app server: third-party plugins, then ours, then the modules. Tests build it with a
 * fresh database and listen on a random port; main.ts builds it once.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  const logger = options.logger ?? createLogger({ name: 'app', level: config.logLevel, dataDir: config.dataDir })
  const clock = options.clock ?? systemClock
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, logger })

  // One trust rule for HTTP (request.ip, request.protocol) and for socket handshakes (app.clientAddress).
  const trustProxy = compileTrustProxy(config.trustProxy)
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy,
    ajv: {
      // Extra fields are refused, not silently stripped: a careless client learns of its mistake.
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false },
      plugins: [addFormats.default ?? addFormats],
    },
  })

  app.decorate('clientAddress', (source: Parameters<FastifyInstance['clientAddress']>[0]) => clientAddressOf(source, trustProxy))

  // Third-party plugins.
  await app.register(cookie)
  await app.register(multipart, { limits: { fileSize: limits.imageMaxBytes, files: 1, fields: 10, parts: 12 } })
  const rendererDir = options.rendererDir ?? defaultRendererDir
  // The desktop app's pages call /api and /uploads from their own origin (app://mafia, DESKTOP_ORIGINS).
  await app.register(corsPlugin, { origins: config.desktopOrigins })
  // Before any route, so every response carries the headers; media nodes are read when a page asks.
  await app.register(securityHeadersPlugin, {
    publicUrl: config.publicUrl,
    rendererDir,
    mediaUrls: () => [...config.mediaOrigins, ...(app.hasDecorator('mediaNodes') ? app.mediaNodes.list().map((node) => node.url) : [])],
  })

  // Our cross-cutting plugins.
  await app.register(errorsPlugin)
  await app.register(dbPlugin, { database })
  await app.register(redisPlugin, { redisUrl: config.redisUrl })
  await app.register(rateLimitPlugin, {
    limits: options.rateLimits ?? {
      ...defaultRateLimits,
      authPerIp: { ...defaultRateLimits.authPerIp, max: config.authRateLimitPerIp },
      sockets: { ...defaultSocketLimits, handshakePerAddress: { ...defaultSocketLimits.handshakePerAddress, max: config.socketHandshakesPerAddress } },
    },
  })

  const i18n = createI18nService(createI18nRepository(database.db))
  const auth = createAuthModule({ db: database.db, config, clock, mailer, i18n, logger, invalidations: app.invalidations })
  await app.register(authPlugin, { resolveSession: auth.resolveSession })
  // Every admin-area route registered from here on checks the role before it validates anything.
  guardAdminArea(app)
  await app.register(socketIoPlugin, { redisUrl: config.redisUrl, corsOrigins: config.desktopOrigins })
  // The log service (its own server on LOG_SERVICE_PORT, started by main.ts); its calls are answered on this origin too.
  const logService = await createLogService({ dir: join(config.dataDir, 'logs'), resolveSession: auth.resolveSession, logger })
  app.decorate('logService', logService)
  await logService.mount(app)
  app.addHook('onClose', () => logService.server.close())

  // Modules.
  await app.register(systemHttpRoutes)
  await app.register(i18nHttpRoutes, { i18n })
  await registerI18nEditor(app, { i18n, syncUrl: config.i18nSyncUrl, syncToken: config.i18nSyncToken })
  await app.register(auth.routes)
  app.decorate('accounts', { banUser: auth.banUser, purgeDeletedAccounts: auth.purgeDeletedAccounts, cardOf: auth.cardOf })
  const presence = registerPresenceEvents(app)
  const bindRequests = createSocketRequests(app, { clock })
  const friends = registerFriendsModule(app, { bindRequests })
  const chats = registerChatsModule(app, { clock, bindRequests })
  const game = registerGameModule(app, { clock, bindRequests, severalServers: config.redisUrl !== undefined, leases: options.tableLeases })
  chats.followGame(game)
  const lobbies = registerLobbiesModule(app, { clock, bindRequests, game, chats, friends })
  // The media server (SFU): signalling at /media/ws; its one UDP port opens on first use.
  const media = createMediaServer({ config, logger })
  await media.registerRoutes(app)
  app.addHook('onClose', () => media.close())
  const tableMedia = registerTableMediaModule(app, { config, bindRequests, lobbies, game, media })
  await registerAdminServersModule(app, { nodes: app.mediaNodes })
  await registerSharingModule(app, { clock, publicUrl: config.publicUrl, lobbies, game, media: tableMedia, accounts: auth })
  await registerNotesModule(app, { clock })
  await registerRatingsModule(app, { clock, game })
  await registerAdminModule(app, { clock, lobbies, mediaNodesOf: (lobbyIds) => tableMedia.placedOn(lobbyIds), onlineNow: () => presence.onlineCount() })
  await registerBugsModule(app, { clock })
  await registerAdvertisingModule(app, { clock })
  await registerBuyModule(app, { clock, config, i18n })
  await registerTournamentsModule(app, { clock, lobbies, game, bindRequests, publicUrl: config.publicUrl, dataDir: config.dataDir })
  await registerStatisticsModule(app)
  await registerReferralsModule(app, { clock, game })

  await app.register(staticFilesPlugin, { rendererDir, uploadsDir: join(config.dataDir, 'uploads') })

  await auth.bootstrapAdmin()
  return app
}
