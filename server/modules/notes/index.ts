import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock'
import { createNotesRepository } from './notes.repository'
import { registerNotesRoutes } from './notes.routes'
import { createNotesService } from './notes.service'

export type { NotesService } from './notes.service'

/** Private notes on other users (`/api/notes`): read and written by their author only. */
export function registerNotesModule(app: FastifyInstance, options: { clock: Clock }): Promise<void> {
  const service = createNotesService({ repository: createNotesRepository(app.db), clock: options.clock })
  return registerNotesRoutes(app, { service })
}
