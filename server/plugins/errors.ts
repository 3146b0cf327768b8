import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ErrorCode, HttpErrorBody } from '../contract/errors'
import { AppError, badRequest } from '../lib/app-error'

/** English fallbacks for logs and API consumers; the renderer translates `code` instead. */
const defaultMessages: Partial<Record<ErrorCode, string>> = {
  'errors.validation': 'The request is not valid.',
  'errors.required': 'This field is required.',
  'errors.too_short': 'This value is too short.',
  'errors.too_long': 'This value is too long.',
  'errors.invalid_email': 'This is not a valid email address.',
  'errors.unknown_field': 'This field is not accepted.',
  'errors.unauthorized': 'Sign in to continue.',
  'errors.forbidden': 'You are not allowed to do this.',
  'errors.not_found': 'Not found.',
  'errors.rate_limited': 'Too many requests. Try again later.',
  'errors.internal': 'Something went wrong on our side.',
}

interface AjvError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
}

const keywordCodes: Record<string, ErrorCode> = {
  required: 'errors.required',
  minLength: 'errors.too_short',
  maxLength: 'errors.too_long',
  additionalProperties: 'errors.unknown_field',
  pattern: 'errors.invalid_format',
}

/** Maps the first schema violation to a field and a translation-key code. */
export function validationErrorBody(errors: AjvError[]): { code: ErrorCode; field?: string } {
  const first = errors[0]
  if (!first) return { code: 'errors.validation' }
  const path = first.instancePath.split('/').filter(Boolean)
  let field = path.at(-1)
  if (first.keyword === 'required') field = String(first.params.missingProperty ?? field)
  if (first.keyword === 'additionalProperties') field = String(first.params.additionalProperty ?? field)
  let code: ErrorCode = keywordCodes[first.keyword] ?? 'errors.invalid_value'
  if (first.keyword === 'format' && first.params.format === 'email') code = 'errors.invalid_email'
  else if (first.keyword === 'format') code = 'errors.invalid_format'
  if (first.keyword === 'minLength' && Number(first.params.limit) === 1) code = 'errors.required'
  return field ? { code, field } : { code }
}

export function sendError(reply: FastifyReply, body: HttpErrorBody): FastifyReply {
  return reply.code(body.statusCode).type('application/json').send(body)
}

/**
 * The path to the first number in a validated request part that is not finite, or null. Ajv's type
 * coercion turns "Infinity" or "1e999" in a path or query into Infinity and lets it past `integer`,
 * `minimum` and `maximum` alike, and JSON.parse reads 1e999 in a body as Infinity; no handler should
 * ever see one. Raw bodies (buffers) are not walked.
 */
export function nonFiniteNumberPath(value: unknown, path: readonly string[] = [], depth = 0): string[] | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : [...path]
  if (value === null || typeof value !== 'object' || depth > 32 || ArrayBuffer.isView(value)) return null
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteNumberPath(item, [...path, key], depth + 1)
    if (found) return found
  }
  return null
}

function errorsPlugin(app: FastifyInstance): void {
  // After validation, before every handler: a number that is not finite is refused like any invalid value.
  app.addHook('preHandler', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = nonFiniteNumberPath(part)
      if (path) throw badRequest('errors.invalid_value', path.at(-1))
    }
  })
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      // A limit that says when it lifts says it in the header too, as every 429 of the rate-limit plugin does.
      if (error.details.retryAfter !== undefined) void reply.header('retry-after', String(error.details.retryAfter))
      return sendError(reply, { statusCode: error.statusCode, code: error.code, message: defaultMessages[error.code] ?? error.code, ...error.details })
    }
    if (error.validation) {
      const { code, field } = validationErrorBody(error.validation as unknown as AjvError[])
      return sendError(reply, { statusCode: 400, code, message: defaultMessages[code] ?? code, ...(field ? { field } : {}) })
    }
    const status = error.statusCode ?? 500
    if (status === 429) {
      return sendError(reply, { statusCode: 429, code: 'errors.rate_limited', message: defaultMessages['errors.rate_limited'] as string })
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, { statusCode: 413, code: 'errors.file_too_large', message: 'The upload is too large.' })
    }
    if (status >= 400 && status < 500) {
      const code: ErrorCode = status === 404 ? 'errors.not_found' : status === 401 ? 'errors.unauthorized' : status === 403 ? 'errors.forbidden' : 'errors.validation'
      return sendError(reply, { statusCode: status, code, message: defaultMessages[code] ?? code })
    }
    // A 5xx never shows its details to the client; the log keeps them.
    request.log.error({ err: error }, 'request failed')
    return sendError(reply, { statusCode: 500, code: 'errors.internal', message: defaultMessages['errors.internal'] as string })
  })
}

export default fp(errorsPlugin, { name: 'errors' })
