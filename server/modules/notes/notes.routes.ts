import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { noteLimits, notesRoutes } from '../../contract/http/notes'
import { viewerOf } from '../../plugins/auth'
import { rateLimitError } from '../../plugins/rate-limit'
import type { NotesService } from './notes.service'

/**
 * A per-user allowance, after requireUser: counted over all the user's sessions and app servers
 * (the global per-address cap still applies before it).
 */
function perUser(app: FastifyInstance, name: string, max: number): preHandlerAsyncHookHandler {
  const limiter = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (request) => `${name}:${viewerOf(request).user.id}` })
  return async (request, reply) => {
    const result = await limiter(request)
    if (result.isAllowed || !result.isExceeded) return
    const error = rateLimitError(result.ttl)
    void reply.header('retry-after', String(error.details.retryAfter))
    throw error
  }
}

/** /api/notes: the signed-in user's own private notes, read for some people and written one at a time. */
export async function registerNotesRoutes(app: FastifyInstance, options: { service: NotesService }): Promise<void> {
  const { service } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()

  typed.route({
    ...notesRoutes.readNotes,
    preHandler: [app.requireUser, perUser(app, 'notes-read', noteLimits.readsPerMinute)],
    handler: async (request) => ({ items: await service.read(viewerOf(request).user.id, request.query.users) }),
  })

  typed.route({
    ...notesRoutes.writeNote,
    preHandler: [app.requireUser, perUser(app, 'notes-write', noteLimits.writesPerMinute)],
    handler: (request) => service.write(viewerOf(request).user.id, request.params.userId, request.body.text),
  })
}
