import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { relaxedRateLimits, startTestApp, type TestApp } from '../helpers/test-app'
import { goodPassword, signUpConfirmed, snapshot, uniqueIdentity } from './auth-support'

/**
 * Wrong passwords slow down whoever types them, from where they type them; the owner signing in from
 * an address they used before, or from a new one, is never locked out by a stranger. Addresses are
 * given to each request with Fastify's inject (the client address the server sees).
 */

/** Fewer free tries and a shorter longest wait than the defaults (5, 15 minutes): each checked password costs a real scrypt. */
const lockout = { failures: 2, duration: 16_000 }
const { failures: free, duration: longest } = lockout
const stranger = '198.51.100.7'
const home = '203.0.113.10'

let server: TestApp
beforeAll(async () => {
  server = await startTestApp({ manualClock: true, rateLimits: { ...relaxedRateLimits, lockout } })
})
afterAll(() => server.close())

interface Answer {
  status: number
  body: any
  retryAfter: string | undefined
}

async function call(method: 'POST', url: string, payload: unknown, address: string, token?: string): Promise<Answer> {
  const response = await server.app.inject({ method, url, payload: payload as Record<string, unknown>, remoteAddress: address, headers: token ? { authorization: `Bearer ${token}` } : {} })
  return { status: response.statusCode, body: response.json(), retryAfter: response.headers['retry-after'] as string | undefined }
}

const signInFrom = (address: string, email: string, password: string) => call('POST', '/api/auth/login/password', { email, password }, address)
const changePasswordFrom = (address: string, token: string, currentPassword: string, newPassword = 'a brand new password') =>
  call('POST', '/api/auth/change_password', { currentPassword, newPassword }, address, token)

/** Keeps guessing from one address, waiting out every refusal as a patient attacker would; ends on a checked wrong password. */
async function guess(address: string, email: string, tries: number): Promise<void> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    for (;;) {
      const answer = await signInFrom(address, email, `guess ${attempt}`)
      if (answer.status !== 429) {
        expect(answer.status).toBe(401)
        break
      }
      server.clock!.advance(answer.body.retryAfter * 1000)
    }
  }
}

/** A session of the account, signed in from an address. */
async function tokenFrom(app: TestApp, address: string, account: { email: string; password: string }): Promise<string> {
  const response = await app.app.inject({ method: 'POST', url: '/api/auth/login/password', payload: { email: account.email, password: account.password }, remoteAddress: address })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().token
}

const failureRows = () => server.database.db.selectFrom('sign_in_failures').selectAll().orderBy('key_hash').execute()

describe('a stranger cannot lock the owner out', () => {
  it('many wrong passwords from one address slow that address only: the owner signs in from an address used before, and from a new one', async () => {
    const owner = await signUpConfirmed(server)
    expect((await signInFrom(home, owner.email, owner.password)).status).toBe(200)

    await guess(stranger, owner.email, free * 4 + 1)
    // The stranger's address is held back even with the right password, and says for how long.
    const held = await signInFrom(stranger, owner.email, owner.password)
    expect(held.status).toBe(429)
    expect(held.body).toMatchObject({ code: 'errors.rate_limited' })
    expect(held.body.retryAfter).toBeGreaterThanOrEqual(1)
    expect(held.body.retryAfter).toBeLessThanOrEqual(longest / 1000)
    expect(held.retryAfter).toBe(String(held.body.retryAfter))

    // The owner at home gets in at once, even after a typo.
    expect((await signInFrom(home, owner.email, 'a typo')).status).toBe(401)
    expect((await signInFrom(home, owner.email, owner.password)).status).toBe(200)
    // From an address never used before: the first try gets through.
    expect((await signInFrom('192.0.2.44', owner.email, owner.password)).status).toBe(200)
    // From another new address, after a typo: a bounded wait, then in.
    expect((await signInFrom('192.0.2.45', owner.email, 'another typo')).status).toBe(401)
    const waiting = await signInFrom('192.0.2.45', owner.email, owner.password)
    expect(waiting.status).toBe(429)
    expect(waiting.body.retryAfter).toBeLessThanOrEqual(longest / 1000)
    server.clock!.advance(waiting.body.retryAfter * 1000)
    expect((await signInFrom('192.0.2.45', owner.email, owner.password)).status).toBe(200)
  })

  it('slows an address progressively: free tries, then waits that double up to the longest', async () => {
    const owner = await signUpConfirmed(server)
    for (let attempt = 0; attempt < free; attempt += 1) expect((await signInFrom(stranger, owner.email, 'wrong')).status).toBe(401)
    const waits: number[] = []
    for (let round = 0; round < 6; round += 1) {
      const refused = await signInFrom(stranger, owner.email, 'wrong')
      expect(refused.status).toBe(429)
      waits.push(refused.body.retryAfter)
      server.clock!.advance(refused.body.retryAfter * 1000 - 1)
      expect((await signInFrom(stranger, owner.email, 'wrong')).status).toBe(429)
      server.clock!.advance(1)
      expect((await signInFrom(stranger, owner.email, 'wrong')).status).toBe(401)
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 16])
    // Another account at the same address is not slowed by this one's count.
    const other = await signUpConfirmed(server)
    expect((await signInFrom(stranger, other.email, other.password)).status).toBe(200)
  })

  it('a right password clears the count of its address', async () => {
    const owner = await signUpConfirmed(server)
    const address = '198.51.100.40'
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 1; attempt < free; attempt += 1) expect((await signInFrom(address, owner.email, 'wrong')).status).toBe(401)
      expect((await signInFrom(address, owner.email, owner.password)).status).toBe(200)
    }
  })

  it('forgets the count after a quiet day', async () => {
    const owner = await signUpConfirmed(server)
    for (let attempt = 0; attempt < free; attempt += 1) await signInFrom(stranger, owner.email, 'wrong')
    expect((await signInFrom(stranger, owner.email, owner.password)).status).toBe(429)
    server.clock!.advance(24 * 60 * 60 * 1000)
    expect((await signInFrom(stranger, owner.email, 'wrong')).status).toBe(401)
    expect((await signInFrom(stranger, owner.email, owner.password)).status).toBe(200)
  })

  it('counts an IPv6 client by its /64 network', async () => {
    const owner = await signUpConfirmed(server)
    for (let attempt = 0; attempt < free; attempt += 1) {
      expect((await signInFrom(`2001:db8:1:2::${attempt + 1}`, owner.email, 'wrong')).status).toBe(401)
    }
    expect((await signInFrom('2001:db8:1:2:ffff::9', owner.email, owner.password)).status).toBe(429)
    expect((await signInFrom('2001:db8:1:3::1', owner.email, owner.password)).status).toBe(200)
  })
})

describe('an unknown email and a wrong password', () => {
  it('get the same answers, write alike, and are slowed alike', async () => {
    const owner = await signUpConfirmed(server)
    const unknown = uniqueIdentity().email
    const address = '198.51.100.20'
    const before = (await failureRows()).length
    const wrong = await signInFrom(address, owner.email, 'not the password')
    const nobody = await signInFrom(address, unknown, owner.password)
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual(nobody.body)
    expect(wrong.body).toMatchObject({ code: 'errors.invalid_credentials' })
    // Each counted under its pair and its email: two rows each, whether or not the account exists.
    expect((await failureRows()).length).toBe(before + 4)
    for (let attempt = 1; attempt < free; attempt += 1) {
      await signInFrom(address, owner.email, 'not the password')
      await signInFrom(address, unknown, 'not the password')
    }
    const heldWrong = await signInFrom(address, owner.email, owner.password)
    const heldNobody = await signInFrom(address, unknown, owner.password)
    expect(heldWrong).toEqual(heldNobody)
    expect(heldWrong.status).toBe(429)
  })

  it('leave no trace of a session and no count in the user row', async () => {
    const owner = await signUpConfirmed(server)
    const before = await snapshot(server)
    await signInFrom('198.51.100.21', owner.email, 'not the password')
    await signInFrom('198.51.100.21', uniqueIdentity().email, 'not the password')
    expect(await snapshot(server)).toEqual(before)
  })
})

describe('change_password', () => {
  it('a wrong current password counts as a failed sign-in: the address is slowed and nothing changes while refused', async () => {
    const owner = await signUpConfirmed(server)
    const token = await tokenFrom(server, home, owner)
    const thief = '198.51.100.30'
    for (let attempt = 0; attempt < free; attempt += 1) {
      const wrong = await changePasswordFrom(thief, token, `guess ${attempt}`)
      expect(wrong.status).toBe(400)
      expect(wrong.body).toMatchObject({ code: 'errors.wrong_password', field: 'currentPassword' })
    }
    const before = await snapshot(server)
    const held = await changePasswordFrom(thief, token, owner.password)
    expect(held.status).toBe(429)
    expect(held.body).toMatchObject({ code: 'errors.rate_limited', retryAfter: 1 })
    // Sign-in from that address waits too: one count for both.
    expect((await signInFrom(thief, owner.email, owner.password)).status).toBe(429)
    expect(await snapshot(server)).toEqual(before)

    // Once the wait is over the right password changes it.
    server.clock!.advance(1000)
    expect((await changePasswordFrom(thief, token, owner.password)).status).toBe(200)
    expect((await signInFrom(home, owner.email, 'a brand new password')).status).toBe(200)
  })
})

describe('change_password per user and per address', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await startTestApp({ rateLimits: { ...relaxedRateLimits, lockout, authPerAccount: { max: 2, window: 60_000 }, authPerIp: { max: 4, window: 60_000 } } })
  })
  afterAll(() => limited.close())

  const change = (address: string, token: string, currentPassword: string) =>
    limited.app.inject({ method: 'POST', url: '/api/auth/change_password', payload: { currentPassword, newPassword: 'a brand new password' }, remoteAddress: address, headers: { authorization: `Bearer ${token}` } })

  it('refuses a user over the limit, from any address, and writes nothing', async () => {
    const owner = await signUpConfirmed(limited)
    const token = await tokenFrom(limited, home, owner)
    expect((await change('192.0.2.1', token, 'wrong one')).statusCode).toBe(400)
    expect((await change('192.0.2.2', token, 'wrong two')).statusCode).toBe(400)
    const before = await snapshot(limited)
    const refused = await change('192.0.2.3', token, owner.password)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'errors.rate_limited' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(await snapshot(limited)).toEqual(before)
  })

  it('refuses an address over the limit, whichever user asks', async () => {
    const address = '192.0.2.50'
    for (let user = 0; user < 2; user += 1) {
      const account = await signUpConfirmed(limited)
      const token = await tokenFrom(limited, home, account)
      expect((await change(address, token, 'wrong')).statusCode).toBe(400)
      expect((await change(address, token, 'wrong')).statusCode).toBe(400)
    }
    const fresh = await signUpConfirmed(limited, { password: goodPassword })
    const token = await tokenFrom(limited, home, fresh)
    const before = await snapshot(limited)
    expect((await change(address, token, fresh.password)).statusCode).toBe(429)
    expect(await snapshot(limited)).toEqual(before)
  })
})
