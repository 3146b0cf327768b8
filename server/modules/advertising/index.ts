import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock'
import { recordAudit } from '../admin'
import { createAdvertisingRepository } from './advertising.repository'
import { registerAdvertisingRoutes } from './advertising.routes'
import { createAdvertisingService } from './advertising.service'

export type { AdvertisingService } from './advertising.service'

/** Adverts of the drawer's advertising column: managed by admins, the active ones served to everyone. */
export function registerAdvertisingModule(app: FastifyInstance, options: { clock: Clock }): Promise<void> {
  const service = createAdvertisingService({ repository: createAdvertisingRepository(app.db), clock: options.clock, audit: recordAudit })
  return registerAdvertisingRoutes(app, { service })
}
