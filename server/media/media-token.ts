import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { MediaErrorCode, MediaRole } from '../contract/rtc'

/**
 * Join tokens for the media server: short-lived, signed with HMAC-SHA256 by whoever knows the secret
 * (the app server issues them, the media server verifies them; the same process or two processes
 * sharing MEDIA_TOKEN_SECRET). Format: `m1.<claims as base64url JSON>.<signature as base64url>`.
 */
export interface MediaTokenClaims {
  roomId: string
  /** The user id of the seat (or viewer); a second connection with the same id replaces the first. */
  peerId: string
  role: MediaRole
  /** Expiry, seconds since the epoch. */
  exp: number
}

export type MediaTokenResult = { ok: true; claims: MediaTokenClaims } | { ok: false; code: Extract<MediaErrorCode, 'errors.media.token_invalid' | 'errors.media.token_expired'> }

/** How long an issued token is good for, unless the caller says otherwise. */
export const defaultMediaTokenTtlSeconds = 120

const prefix = 'm1'
let processSecret: Buffer | null = null

/**
 * The secret used when MEDIA_TOKEN_SECRET is unset: random, made once per process. That is enough
 * while the media server runs inside the app server; a separate media process needs the shared secret.
 */
export function perProcessSecret(): Buffer {
  processSecret ??= randomBytes(32)
  return processSecret
}

function sign(secret: string | Buffer, body: string): Buffer {
  return createHmac('sha256', secret).update(`${prefix}.${body}`).digest()
}

export function issueMediaToken(
  secret: string | Buffer,
  claims: { roomId: string; peerId: string; role: MediaRole; ttlSeconds?: number },
  nowMs: number = Date.now(),
): string {
  const payload: MediaTokenClaims = {
    roomId: claims.roomId,
    peerId: claims.peerId,
    role: claims.role,
    exp: Math.floor(nowMs / 1000) + (claims.ttlSeconds ?? defaultMediaTokenTtlSeconds),
  }
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return `${prefix}.${body}.${sign(secret, body).toString('base64url')}`
}

function isClaims(value: unknown): value is MediaTokenClaims {
  if (typeof value !== 'object' || value === null) return false
  const claims = value as Record<string, unknown>
  const text = (field: unknown, max: number) => typeof field === 'string' && field.length > 0 && field.length <= max
  return text(claims.roomId, 128) && text(claims.peerId, 64) && (claims.role === 'publisher' || claims.role === 'subscriber') && Number.isInteger(claims.exp)
}

export function verifyMediaToken(secret: string | Buffer, token: string, nowMs: number = Date.now()): MediaTokenResult {
  const invalid = { ok: false, code: 'errors.media.token_invalid' } as const
  const parts = token.split('.')
  if (parts.length !== 3 || parts[0] !== prefix) return invalid
  const [, body = '', signature = ''] = parts
  const given = Buffer.from(signature, 'base64url')
  const expected = sign(secret, body)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return invalid
  }
  if (!isClaims(claims)) return invalid
  if (claims.exp * 1000 <= nowMs) return { ok: false, code: 'errors.media.token_expired' }
  return { ok: true, claims: { roomId: claims.roomId, peerId: claims.peerId, role: claims.role, exp: claims.exp } }
}
