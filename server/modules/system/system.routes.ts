import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { systemRoutes } from '../../contract/http/system'
import { createSystemRepository } from './system.repository'

/** Health and the public settings flags. */
export async function systemHttpRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  const repository = createSystemRepository(app.db)
  typed.route({
    ...systemRoutes.health,
    config: { rateLimit: false },
    handler: async () => {
      await repository.ping()
      return { ok: true as const, db: app.dbKind }
    },
  })
  typed.route({
    ...systemRoutes.loadSettings,
    handler: () => repository.settings(),
  })
}
