import { mkdirSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import websocket from '@fastify/websocket'
import addFormats from 'ajv-formats'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type preHandlerAsyncHookHandler } from 'fastify'
import { LogTailQuery, logLimits, logsRoutes, logTailPath } from '../contract/http/logs'
import { adminGuard } from '../modules/admin'
import authPlugin, { type SessionResolver } from '../plugins/auth'
import errorsPlugin from '../plugins/errors'
import { checkLogName, createLogFiles, type LogFiles } from './log-files'
import { createLogTail, type LogTail } from './log-tail'

export interface LogServiceOptions {
  /** The folder every process writes its logs to: DATA_DIR/logs. */
  dir: string
  /** The app server's session lookup: the same sessions, the same users, no second store. */
  resolveSession: SessionResolver
  logger: FastifyBaseLogger
  pollMs?: number
  clientBufferBytes?: number
}

export interface LogService {
  /** The log service's own Fastify server (listen on LOG_SERVICE_PORT). */
  server: FastifyInstance
  files: LogFiles
  tail: LogTail
  /** Registers the same HTTP calls on the app server, and hands the app server's tail upgrades to this service. */
  mount(app: FastifyInstance): Promise<void>
}

/** The admin guard, with each refusal written to the log (someone not an admin tried to read the logs). */
function adminsOnly(scope: FastifyInstance): preHandlerAsyncHookHandler {
  const guard = adminGuard(scope, 'admin')
  return async function (this: FastifyInstance, request, reply) {
    try {
      await guard.call(this, request, reply)
    } catch (error) {
      request.log.warn({ module: 'log-service', userId: request.viewer?.user.id ?? null, url: request.url.split('?')[0] }, 'log service: a caller who is no admin was refused')
      throw error
    }
  }
}

/** The HTTP calls (admins only), on the log service and on the app server alike. */
async function registerLogRoutes(scope: FastifyInstance, files: LogFiles): Promise<void> {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>()
  typed.route({
    ...logsRoutes.listLogs,
    preHandler: [adminsOnly(scope)],
    handler: (request) => files.list(request.query.page, request.query.limit),
  })
  typed.route({
    ...logsRoutes.readLog,
    preHandler: [adminsOnly(scope)],
    handler: (request) => {
      const header = request.headers[logLimits.nameHeader]
      return files.read(checkLogName(Array.isArray(header) ? header[0] : header), request.query)
    },
  })
}

/**
 * The log service: a Fastify server of its own (port LOG_SERVICE_PORT) in the app server's process,
 * reading DATA_DIR/logs. It checks tokens with the app server's own session lookup, so only an
 * admin's live session gets in, and a session ended on the app server is ended here too.
 */
export async function createLogService(options: LogServiceOptions): Promise<LogService> {
  mkdirSync(options.dir, { recursive: true })
  const files = createLogFiles(options.dir)
  const tail = createLogTail({ dir: options.dir, logger: options.logger, pollMs: options.pollMs, clientBufferBytes: options.clientBufferBytes })
  const server = Fastify({
    loggerInstance: options.logger.child({ module: 'log-service' }),
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false }, plugins: [addFormats.default ?? addFormats] },
  })
  await server.register(errorsPlugin)
  await server.register(authPlugin, { resolveSession: options.resolveSession })
  await server.register(websocket, { options: { maxPayload: 4096 } })
  await registerLogRoutes(server, files)

  // Browsers cannot send a header with a WebSocket: the token may come as `?token=` (redacted from every log line).
  const tokenFromQuery = async (request: FastifyRequest<{ Querystring: LogTailQuery }>) => {
    if (!request.headers.authorization && request.query.token) request.headers.authorization = `Bearer ${request.query.token}`
    if (request.query.name !== undefined) checkLogName(request.query.name)
  }
  server.get<{ Querystring: LogTailQuery }>(
    logTailPath,
    { websocket: true, schema: { querystring: LogTailQuery }, preHandler: [tokenFromQuery, adminsOnly(server)] },
    (socket, request) => {
      socket.on('message', () => undefined)
      tail.add(socket, request.query.name ?? null).catch((error: unknown) => {
        request.log.warn({ err: error }, 'log tail: a client could not be added')
        socket.close(1011)
      })
    },
  )
  server.addHook('onClose', async () => tail.close())
  await server.ready()

  return {
    server,
    files,
    tail,
    async mount(app) {
      await app.register(async (scope) => registerLogRoutes(scope, files))
      // The live tail on the app's own origin: its upgrade requests go to the log service's server.
      const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if ((request.url ?? '').split('?')[0] === logTailPath) server.server.emit('upgrade', request, socket, head)
      }
      app.server.on('upgrade', onUpgrade)
      app.addHook('onClose', async () => {
        app.server.off('upgrade', onUpgrade)
      })
    },
  }
}
