import { createHash, randomBytes } from 'node:crypto'

/** A URL-safe random token with 256 bits of entropy (session tokens, mail links). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** Tokens are stored only as this hash, so a leaked table gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
