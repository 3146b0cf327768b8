import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Database } from '../../../db/schema'
import type { Config } from '../../config'
import type { Clock } from '../../lib/clock'
import type { SessionResolver } from '../../plugins/auth'
import type { I18nService } from '../i18n'
import type { Mailer } from '../mail'
import { createSessionsRepository } from './sessions.repository'
import { createSessionsService } from './sessions.service'

export interface AuthModuleOptions {
  db: Kysely<Database>
  config: Config
  clock: Clock
  mailer: Mailer
  i18n: I18nService
  logger: Logger
}

export interface AuthModule {
  resolveSession: SessionResolver
  /** The /api/auth routes. */
  routes: (app: FastifyInstance) => Promise<void>
  /** Creates or promotes the ADMIN_EMAIL admin when configured. */
  bootstrapAdmin(): Promise<void>
}

export function createAuthModule(options: AuthModuleOptions): AuthModule {
  const sessions = createSessionsService(createSessionsRepository(options.db), options.clock)
  return {
    resolveSession: sessions.resolveSession,
    routes: async () => {},
    bootstrapAdmin: async () => {},
  }
}
