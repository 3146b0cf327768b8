import { Type, type Static, type TSchema } from 'typebox'
import type { ErrorCode } from '../errors'

/**
 * Every refusal's body. `code` is typed as the error catalogue's union but serialised as a plain
 * string: a schema listing every code (a union of ~100 literals) made Fastify compile a serialiser of
 * that size for each error status of each route, which was most of the server's start-up time. The
 * codes themselves are checked where errors are made (AppError takes an ErrorCode).
 */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  code: Type.Unsafe<ErrorCode>(Type.String()),
  message: Type.String(),
  field: Type.Optional(Type.String()),
  retryAfter: Type.Optional(Type.Integer()),
  ban: Type.Optional(Type.Object({ reason: Type.String(), time: Type.String() })),
  lockedUntil: Type.Optional(Type.String()),
})

export const Ok = Type.Object({ ok: Type.Literal(true) })
export type Ok = Static<typeof Ok>

/** Paginated lists everywhere return `{ items, total }`. */
export const Page = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item), total: Type.Integer({ minimum: 0 }) })

export const PageQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
)

/** One HTTP route of the contract: the server registers it, the renderer's client calls it. */
export interface RouteDefinition {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  url: string
  schema: {
    body?: TSchema
    querystring?: TSchema
    params?: TSchema
    response: Record<number, TSchema>
  }
  /** multipart/form-data body (validated in the handler, not by the schema). */
  multipart?: boolean
}

export const route = <const R extends RouteDefinition>(definition: R): R => definition
