import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Database } from '../../../db/schema'
import type { Config } from '../../config'
import type { Clock } from '../../lib/clock'
import type { InvalidationBus } from '../../lib/revocable-cache'
import { disconnectUser } from '../../lib/socket-handler'
import type { SessionResolver } from '../../plugins/auth'
import type { AppServer, AppSocket } from '../../plugins/socket-io'
import type { SocketAuth } from '../../contract/socket/events'
import type { I18nService } from '../i18n'
import type { Mailer } from '../mail'
import { createRevocableCache } from '../../lib/revocable-cache'
import { createAuthStore, type AccountChange, type UserCardRow } from './auth.repository'
import { registerAuthRoutes } from './auth.routes'
import { createAuthService } from './auth.service'
import { banAccount, createSessionsService, defaultSessionCacheTtlMs, sessionLifetimesOf, sessionTag, userTag, type SessionsService } from './sessions.service'
import { createImageStore } from './uploads'

export { toUserView } from './user-view'
export type { UserCardRow } from './auth.repository'
export { hashPassword, verifyPassword } from './passwords'
export { detectImageType, reencodeImage, type ImageType } from './uploads'

declare module 'fastify' {
  interface FastifyInstance {
    /** Account actions other parts of the server take (the admin panel's ban; the deletion of accounts whose time has come). */
    accounts: Pick<AuthModule, 'banUser' | 'purgeDeletedAccounts' | 'cardOf'>
  }
}

export interface AuthModuleOptions {
  db: Kysely<Database>
  config: Config
  clock: Clock
  mailer: Mailer
  i18n: I18nService
  logger: Logger
  /** Where the module says which sessions and users changed, so every node's caches forget them (`app.invalidations`). */
  invalidations: InvalidationBus
  /** How long a cached session is trusted without a message (tests shorten or lengthen it). */
  sessionCacheTtlMs?: number
}

export interface AuthModule {
  resolveSession: SessionResolver
  /** The /api/auth routes; the plugin also runs the purge of deleted accounts at start and every hour until the app closes. */
  routes: (app: FastifyInstance) => Promise<void>
  /** Creates or promotes the ADMIN_EMAIL admin when configured. */
  bootstrapAdmin(): Promise<void>
  /**
   * Runs `listener` after each password reset or change, before the call is answered (the sharing
   * module revokes the user's share key). A listener that fails is logged; the password stays changed.
   */
  onPasswordChanged(listener: (userId: number) => Promise<void>): void
  /** Deletes the accounts whose scheduled deletion time has passed and disconnects their sockets; returns how many. */
  purgeDeletedAccounts(): Promise<number>
  /**
   * Bans a user until a time: stores the ban, ends every session and disconnects the user's sockets
   * on every node at once (the admin panel's ban; `createdBy` is the admin who banned).
   */
  banUser(userId: number, reason: string, until: Date, createdBy?: number | null): Promise<void>
  /**
   * A person's card (nickname, official nickname, avatar, premium), from memory when another request
   * read it lately; every node forgets it when the user's row changes. Undefined for unknown users and
   * server accounts. Not for reads inside another module's transaction that must see its own writes.
   */
  cardOf(userId: number): Promise<UserCardRow | undefined>
}

/** How often accounts whose deletion is due are looked for. */
export const purgeInterval = 60 * 60 * 1000

export function createAuthModule(options: AuthModuleOptions): AuthModule {
  const { invalidations } = options
  const forget = (change: AccountChange) => invalidations.invalidate('userId' in change ? userTag(change.userId) : sessionTag(change.sessionId))
  const store = createAuthStore(options.db, forget)
  const sessions = createSessionsService(store.sessions, options.clock, sessionLifetimesOf(options.config), {
    bus: invalidations,
    ttlMs: options.sessionCacheTtlMs,
    onLastUseWriteFailed: (error) => options.logger.warn({ err: error }, 'writing the last use of sessions failed'),
  })
  const cards = createRevocableCache<number, UserCardRow>({
    bus: invalidations,
    load: (userId) => store.accounts.card(userId),
    tagsOf: (card) => [userTag(card.id)],
    ttlMs: options.sessionCacheTtlMs ?? defaultSessionCacheTtlMs,
    max: 50_000,
    now: () => options.clock.now().getTime(),
  })
  // The sockets to cut when an account is banned or deleted; known once the routes are registered on the app.
  let io: AppServer | undefined
  const service = createAuthService({
    store,
    clock: options.clock,
    config: options.config,
    mailer: options.mailer,
    i18n: options.i18n,
    images: createImageStore(join(options.config.dataDir, 'uploads')),
    logger: options.logger,
  })

  const purgeDeletedAccounts = async () => {
    const deleted = await service.purgeDeletedAccounts()
    if (io) for (const userId of deleted) disconnectUser(io, userId, 'account_deleted')
    return deleted.length
  }

  const passwordListeners: Array<(userId: number) => Promise<void>> = []
  const passwordChanged = async (userId: number) => {
    for (const listener of passwordListeners) {
      await listener(userId).catch((error: unknown) => options.logger.error({ err: error, userId }, 'work after a password change failed'))
    }
  }

  const purge = async () => {
    try {
      await purgeDeletedAccounts()
    } catch (error) {
      options.logger.error({ err: error }, 'purge of deleted accounts failed')
    }
    await service.forgetOldSignInFailures().catch((error: unknown) => options.logger.error({ err: error }, 'purge of old sign-in failures failed'))
    await sessions.forgetEnded().catch((error: unknown) => options.logger.error({ err: error }, 'purge of ended sessions failed'))
  }

  return {
    resolveSession: sessions.resolveSession,

    routes: async (app) => {
      // Work that runs after its answer was sent (mailing a reset link) is awaited before the database closes.
      const pending = new Set<Promise<void>>()
      const inBackground = (work: () => Promise<void>) => {
        const task = work()
          .catch((error: unknown) => options.logger.error({ err: error }, 'background account task failed'))
          .finally(() => pending.delete(task))
        pending.add(task)
      }
      io = app.io
      holdSessionsOfSockets(app.io, sessions)
      await registerAuthRoutes(app, { service, sessions, inBackground, passwordChanged })

      let timer: NodeJS.Timeout | undefined
      app.addHook('onReady', async () => {
        await purge()
        timer = setInterval(() => void purge(), purgeInterval)
        timer.unref()
      })
      app.addHook('onClose', async () => {
        clearInterval(timer)
        await Promise.all(pending)
      })
    },

    bootstrapAdmin: service.bootstrapAdmin,
    onPasswordChanged: (listener) => void passwordListeners.push(listener),
    purgeDeletedAccounts,
    cardOf: (userId) => cards.get(userId),

    async banUser(userId, reason, until, createdBy = null) {
      await banAccount(store, options.clock, { userId, reason, until, createdBy })
      if (io) disconnectUser(io, userId, 'banned')
    },
  }
}

/**
 * A signed-in socket keeps its session in memory until it closes (`SessionsService.holdToken`). The
 * listeners are shared by every socket (Socket.IO calls them with the socket as `this`), so a socket
 * holds no closure of its own for it.
 */
function holdSessionsOfSockets(io: AppServer, sessions: Pick<SessionsService, 'holdToken' | 'releaseToken'>): void {
  const tokenOf = (socket: AppSocket) => (socket.handshake.auth as SocketAuth | undefined)?.token
  function release(this: AppSocket): void {
    const token = tokenOf(this)
    if (typeof token === 'string') sessions.releaseToken(token)
  }
  io.on('connection', (socket: AppSocket) => {
    // Signed in at the handshake (the user id stays when the session ends while the socket is open).
    const token = tokenOf(socket)
    if (socket.data.userId === null || typeof token !== 'string') return
    sessions.holdToken(token)
    socket.on('disconnect', release)
  })
}
