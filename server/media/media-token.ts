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
  /** Issued at, milliseconds since the epoch: a revocation of the peer refuses every token issued before it. */
  iat: number
  /** The token's own id: a media server accepts each token once (`TokenLedger`). */
  jti: string
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
    iat: Math.floor(nowMs),
    jti: randomBytes(16).toString('base64url'),
  }
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return `${prefix}.${body}.${sign(secret, body).toString('base64url')}`
}

function isClaims(value: unknown): value is MediaTokenClaims {
  if (typeof value !== 'object' || value === null) return false
  const claims = value as Record<string, unknown>
  const text = (field: unknown, max: number) => typeof field === 'string' && field.length > 0 && field.length <= max
  return text(claims.roomId, 128) && text(claims.peerId, 64) && (claims.role === 'publisher' || claims.role === 'subscriber') && Number.isInteger(claims.exp) && Number.isInteger(claims.iat) && text(claims.jti, 64)
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
  return { ok: true, claims: { roomId: claims.roomId, peerId: claims.peerId, role: claims.role, exp: claims.exp, iat: claims.iat, jti: claims.jti } }
}

/**
 * What a media server remembers of the tokens it accepted and the peers it cut off, so a ticket
 * works once and a revoked peer cannot come back with a ticket issued before its revocation. Token
 * ids are kept until their token expires; revocations for `revocationMemoryMs` (longer than any
 * ticket lives).
 */
export class TokenLedger {
  private readonly used = new Map<string, number>()
  private readonly revokedPeers = new Map<string, number>()
  private readonly revokedPrefixes = new Map<string, number>()
  private lastSweep = 0

  constructor(private readonly revocationMemoryMs = 10 * 60_000) {}

  /** Accepts verified claims once: false for a token seen before, or issued before its peer was revoked. */
  accept(claims: MediaTokenClaims, nowMs: number = Date.now()): boolean {
    this.sweep(nowMs)
    if (this.used.has(claims.jti)) return false
    this.used.set(claims.jti, claims.exp * 1000)
    if (claims.iat <= (this.revokedPeers.get(claims.peerId) ?? Number.NEGATIVE_INFINITY)) return false
    for (const [prefix, at] of this.revokedPrefixes) if (claims.peerId.startsWith(prefix) && claims.iat <= at) return false
    return true
  }

  /** Refuses every token of this peer (or of every peer id starting with `prefix`) issued until now. */
  revoke(target: { peerId: string } | { prefix: string }, nowMs: number = Date.now()): void {
    if ('peerId' in target) this.revokedPeers.set(target.peerId, nowMs)
    else this.revokedPrefixes.set(target.prefix, nowMs)
  }

  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < 10_000) return
    this.lastSweep = nowMs
    for (const [jti, expires] of this.used) if (expires <= nowMs) this.used.delete(jti)
    for (const list of [this.revokedPeers, this.revokedPrefixes]) for (const [key, at] of list) if (nowMs - at > this.revocationMemoryMs) list.delete(key)
  }
}
