import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { bugLimits, bugReportFields, bugsRoutes, type BugReportField } from '../../contract/http/bugs'
import type { RouteDefinition } from '../../contract/http/common'
import { AppError, badRequest } from '../../lib/app-error'
import { viewerOf } from '../../plugins/auth'
import { perUserRateLimit } from '../../plugins/rate-limit'
import { adminGuard } from '../admin'
import type { BugReportInput, BugsService } from './bugs.service'

/** The route table entry without the renderer-only `multipart` flag. */
function definition<R extends RouteDefinition>(route: R): Omit<R, 'multipart'> {
  const { multipart: _multipart, ...rest } = route
  return rest
}

const textFields: ReadonlySet<string> = new Set(bugReportFields)

/**
 * Reads the report's multipart body: the text fields of `bugReportFields` (each once) and at most one
 * image in `file`, within `bugLimits.imageMaxBytes`. Anything else is refused before it is stored.
 */
async function readReport(request: FastifyRequest): Promise<BugReportInput> {
  if (!request.isMultipart()) throw badRequest('form.validation.required', 'title')
  const values: Partial<Record<BugReportField, string>> = {}
  let image: Buffer | undefined
  let unknownField: string | undefined
  try {
    for await (const part of request.parts({ limits: { fileSize: bugLimits.imageMaxBytes, files: 1, fields: bugReportFields.length, fieldSize: bugLimits.textMax * 4 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && image === undefined) image = await part.toBuffer()
        else {
          unknownField ??= part.fieldname
          part.file.resume()
        }
        continue
      }
      if (!textFields.has(part.fieldname) || part.fieldname in values || typeof part.value !== 'string') {
        unknownField ??= part.fieldname
        continue
      }
      values[part.fieldname as BugReportField] = part.value
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'errors.file_too_large', { field: 'file' })
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('errors.unknown_field', unknownField)
    if (error instanceof AppError) throw error
    throw badRequest('errors.validation')
  }
  if (unknownField !== undefined) throw badRequest('errors.unknown_field', unknownField)
  return {
    title: values.title ?? '',
    text: values.text ?? '',
    pageUrl: values.pageUrl,
    appVersion: values.appVersion,
    platform: values.platform,
    browser: values.browser,
    image: image && image.length > 0 ? image : undefined,
  }
}

const readerOf = (request: FastifyRequest) => {
  const { user } = viewerOf(request)
  return { id: user.id, roleId: user.role_id }
}

/** /api/bugs: every signed-in user files and reads their own reports; staff read all and mark them solved. */
export async function registerBugsRoutes(app: FastifyInstance, options: { service: BugsService }): Promise<void> {
  const { service } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  const reads = perUserRateLimit(app, 'bugs-read', { max: 120, windowMs: 60_000 })

  typed.route({
    ...definition(bugsRoutes.create),
    preHandler: [app.requireUser, perUserRateLimit(app, 'bugs-create', { max: bugLimits.reportsPerHour, windowMs: 3_600_000 })],
    handler: async (request) => service.create(viewerOf(request).user.id, await readReport(request)),
  })

  typed.route({
    ...bugsRoutes.list,
    preHandler: [app.requireUser, reads],
    handler: (request) => service.list(readerOf(request), request.query),
  })

  typed.route({
    ...bugsRoutes.image,
    preHandler: [app.requireUser, reads],
    handler: async (request, reply) => {
      const image = await service.image(readerOf(request), request.params.id)
      // Private to the reporter and staff: never kept by a shared cache.
      void reply.header('Cache-Control', 'private, no-store').header('X-Content-Type-Options', 'nosniff').type(image.type)
      return reply.send(image.bytes)
    },
  })

  typed.route({
    ...bugsRoutes.update,
    preHandler: adminGuard(app, 'moderation'),
    handler: (request) => service.setSolved(viewerOf(request).user.id, request.params.id, request.body.is_solved),
  })
}
