import type { ErrorCode, HttpErrorBody } from '../contract/errors'

/**
 * The one error services throw: a stable code (a translation key), the HTTP status it maps to,
 * and optional details the client may show. The error handler turns it into the JSON body.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly details: Omit<HttpErrorBody, 'statusCode' | 'code' | 'message'> = {},
  ) {
    super(code)
    this.name = 'AppError'
  }
}

export const badRequest = (code: ErrorCode, field?: string) => new AppError(400, code, field ? { field } : {})
export const unauthorized = () => new AppError(401, 'errors.unauthorized')
export const forbidden = (code: ErrorCode = 'errors.forbidden') => new AppError(403, code)
export const notFound = () => new AppError(404, 'errors.not_found')
export const conflict = (code: ErrorCode, field?: string) => new AppError(409, code, field ? { field } : {})
