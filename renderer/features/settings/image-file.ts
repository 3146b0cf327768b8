import type { ErrorCode } from '../../../server/contract/errors'
import { limits } from '../../../server/contract/http'

/** The picture formats the server accepts for avatars and placeholders. */
export const acceptedImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const

/**
 * Checks a chosen picture before it is sent, so a wrong file costs no upload. The server checks the
 * bytes again; this only looks at what the browser reports.
 */
export function checkImageFile(file: { type: string; size: number }): ErrorCode | undefined {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type) || file.size === 0) return 'errors.file_type'
  if (file.size > limits.imageMaxBytes) return 'errors.file_too_large'
  return undefined
}

/** The size limit in megabytes, for the hint under the upload. */
export const imageMaxMegabytes = limits.imageMaxBytes / (1024 * 1024)
