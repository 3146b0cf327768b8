import type { LogService } from './log-service'

export { createLogService, type LogService, type LogServiceOptions } from './log-service'
export { checkLogName, entryOf } from './log-files'

declare module 'fastify' {
  interface FastifyInstance {
    /** The log service of this process (its own server listens on LOG_SERVICE_PORT in main.ts). */
    logService: LogService
  }
}
