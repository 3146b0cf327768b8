import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'
import type { DatabaseHandle, DatabaseKind, WithClient } from '../../db/connection'
import type { Database } from '../../db/schema'

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>
    dbKind: DatabaseKind
    /** A connection as pg's own client, on PostgreSQL only (a COPY); null on PGlite. */
    dbClient: WithClient | null
  }
}

/** Exposes the one Kysely instance. The caller owns the connection: it opens it before and closes it after the app. */
async function dbPlugin(app: FastifyInstance, options: { database: DatabaseHandle }): Promise<void> {
  app.decorate('db', options.database.db)
  app.decorate('dbKind', options.database.kind)
  app.decorate('dbClient', options.database.withClient ?? null)
}

export default fp(dbPlugin, { name: 'db' })
