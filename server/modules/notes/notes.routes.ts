import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { noteLimits, notesRoutes } from '../../contract/http/notes'
import { viewerOf } from '../../plugins/auth'
import { perUserRateLimit } from '../../plugins/rate-limit'
import type { NotesService } from './notes.service'

/** /api/notes: the signed-in user's own private notes, read for some people and written one at a time. */
export async function registerNotesRoutes(app: FastifyInstance, options: { service: NotesService }): Promise<void> {
  const { service } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()

  typed.route({
    ...notesRoutes.readNotes,
    preHandler: [app.requireUser, perUserRateLimit(app, 'notes-read', { max: noteLimits.readsPerMinute, windowMs: 60_000 })],
    handler: async (request) => ({ items: await service.read(viewerOf(request).user.id, request.query.users) }),
  })

  typed.route({
    ...notesRoutes.writeNote,
    preHandler: [app.requireUser, perUserRateLimit(app, 'notes-write', { max: noteLimits.writesPerMinute, windowMs: 60_000 })],
    handler: (request) => service.write(viewerOf(request).user.id, request.params.userId, request.body.text),
  })
}
