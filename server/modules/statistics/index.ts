import type { FastifyInstance } from 'fastify'
import { createStatisticsRepository } from './statistics.repository'
import { registerStatisticsRoutes } from './statistics.routes'
import { createStatisticsService } from './statistics.service'

export type { StatisticsService } from './statistics.service'

/** Players' statistics and head-to-head (`/api/statistics/*`), read from the stored finished games and the ratings' history. */
export function registerStatisticsModule(app: FastifyInstance): Promise<void> {
  const service = createStatisticsService({ repository: createStatisticsRepository(app.db) })
  return registerStatisticsRoutes(app, { service })
}
