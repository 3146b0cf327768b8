import { describe, expect, it } from 'vitest'
import { issueMediaToken, TokenLedger, verifyMediaToken } from '../../../../server/media/media-token'

const secret = 'a-test-secret-that-is-long-enough-for-hmac'
const now = Date.parse('2026-03-01T12:00:00Z')

describe('media tokens', () => {
  it('round-trips the claims of a genuine token', () => {
    const token = issueMediaToken(secret, { roomId: 'table-7', peerId: '42', role: 'publisher', ttlSeconds: 60 }, now)
    expect(verifyMediaToken(secret, token, now + 59_000)).toEqual({ ok: true, claims: { roomId: 'table-7', peerId: '42', role: 'publisher', exp: now / 1000 + 60, iat: now, jti: expect.stringMatching(/^[\w-]{22}$/) } })
  })

  it('refuses an expired token with its own code', () => {
    const token = issueMediaToken(secret, { roomId: 'r', peerId: '1', role: 'subscriber', ttlSeconds: 60 }, now)
    expect(verifyMediaToken(secret, token, now + 60_000)).toEqual({ ok: false, code: 'errors.media.token_expired' })
  })

  it('refuses a token signed with another secret', () => {
    const token = issueMediaToken('another-secret-of-sufficient-length!!', { roomId: 'r', peerId: '1', role: 'publisher' }, now)
    expect(verifyMediaToken(secret, token, now)).toEqual({ ok: false, code: 'errors.media.token_invalid' })
  })

  it('refuses a token whose claims were changed (a spectator making itself a publisher)', () => {
    const token = issueMediaToken(secret, { roomId: 'r', peerId: '1', role: 'subscriber' }, now)
    const [prefix, body, signature] = token.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'publisher' })).toString('base64url')
    expect(verifyMediaToken(secret, `${prefix}.${forged}.${signature}`, now)).toEqual({ ok: false, code: 'errors.media.token_invalid' })
    // Even an expired forgery says "invalid", not "expired": nothing of an unsigned token is believed.
    const old = Buffer.from(JSON.stringify({ ...claims, exp: 1 })).toString('base64url')
    expect(verifyMediaToken(secret, `${prefix}.${old}.${signature}`, now)).toEqual({ ok: false, code: 'errors.media.token_invalid' })
  })

  it('refuses garbage', () => {
    for (const token of ['', 'm1', 'm1.x.y', 'jwt.a.b', 'm1..', `m1.${Buffer.from('{}').toString('base64url')}.AAAA`]) {
      expect(verifyMediaToken(secret, token, now)).toEqual({ ok: false, code: 'errors.media.token_invalid' })
    }
  })

  it('refuses signed claims of the wrong shape', async () => {
    const { createHmac } = await import('node:crypto')
    const body = Buffer.from(JSON.stringify({ roomId: 'r', peerId: '1', role: 'judge', exp: now / 1000 + 60 })).toString('base64url')
    const signature = createHmac('sha256', secret).update(`m1.${body}`).digest('base64url')
    expect(verifyMediaToken(secret, `m1.${body}.${signature}`, now)).toEqual({ ok: false, code: 'errors.media.token_invalid' })
  })
})

describe('the token ledger', () => {
  const claims = (peerId: string, nowMs: number) => {
    const verdict = verifyMediaToken(secret, issueMediaToken(secret, { roomId: 'r', peerId, role: 'publisher' }, nowMs), nowMs)
    if (!verdict.ok) throw new Error(verdict.code)
    return verdict.claims
  }

  it('accepts each token once', () => {
    const ledger = new TokenLedger()
    const first = claims('1', now)
    expect(ledger.accept(first, now)).toBe(true)
    expect(ledger.accept(first, now + 1000)).toBe(false)
    expect(ledger.accept(claims('1', now), now + 1000)).toBe(true)
  })

  it('refuses tokens issued before their peer (or a prefix of it) was revoked, and takes newer ones', () => {
    const ledger = new TokenLedger()
    const old = claims('7', now)
    const page = claims('share-3-abc', now)
    ledger.revoke({ peerId: '7' }, now + 10)
    ledger.revoke({ prefix: 'share-3-' }, now + 10)
    expect(ledger.accept(old, now + 20)).toBe(false)
    expect(ledger.accept(page, now + 20)).toBe(false)
    expect(ledger.accept(claims('7', now + 30), now + 40)).toBe(true)
    expect(ledger.accept(claims('share-33-x', now), now + 40)).toBe(true)
  })
})
