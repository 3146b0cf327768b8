import type { TFunction } from 'i18next'
import { ApiError } from '../api/client'

/** The translation key for any error: an ApiError's code, else the generic internal error. */
export function errorKey(error: unknown): string {
  return error instanceof ApiError ? error.code : 'errors.internal'
}

/** An error as text in the user's language (API error codes are translation keys). */
export function errorText(t: TFunction, error: unknown): string {
  return t(errorKey(error))
}
