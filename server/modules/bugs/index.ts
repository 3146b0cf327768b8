import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock'
import { recordAudit } from '../admin'
import { createBugsRepository } from './bugs.repository'
import { registerBugsRoutes } from './bugs.routes'
import { createBugsService } from './bugs.service'

export type { BugsService } from './bugs.service'

/** Bug reports (`/api/bugs`): filed by every signed-in user, read and solved by moderators and admins. */
export function registerBugsModule(app: FastifyInstance, options: { clock: Clock }): Promise<void> {
  const service = createBugsService({ repository: createBugsRepository(app.db), clock: options.clock, audit: recordAudit })
  return registerBugsRoutes(app, { service })
}
