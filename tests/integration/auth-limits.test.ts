import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { relaxedRateLimits, startTestApp, type TestApp } from '../helpers/test-app'
import { eventually, expectRefused, goodPassword, mailsTo, signIn, signUpConfirmed, uniqueIdentity } from './auth-support'

/** A sign-in from a given client address (signUpConfirmed signs in from the test's own address). */
async function signInFrom(server: TestApp, address: string, email: string, password: string): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await server.app.inject({ method: 'POST', url: '/api/auth/login/password', payload: { email, password }, remoteAddress: address })
  const headers = new Headers()
  for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers.set(name, String(value))
  return { status: response.statusCode, body: response.json(), headers }
}

/** A 429 says when to come back, in the Retry-After header and as `retryAfter` seconds in the body, alike. */
function expectRetryAfter(response: { status: number; body: any; headers: Headers }, atMostSeconds: number): void {
  expect(response.status).toBe(429)
  expect(response.body).toMatchObject({ statusCode: 429, code: 'errors.rate_limited' })
  const header = Number(response.headers.get('retry-after'))
  expect(header).toBeGreaterThanOrEqual(1)
  expect(header).toBeLessThanOrEqual(atMostSeconds)
  expect(response.body.retryAfter).toBe(header)
}

describe('per-address limits on sign-in, sign-up and forgot', () => {
  let server: TestApp
  beforeAll(async () => {
    server = await startTestApp({ rateLimits: { ...relaxedRateLimits, authPerIp: { max: 3, window: 60_000 } } })
  })
  afterAll(() => server.close())

  it('sign-in', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await signIn(server, uniqueIdentity().email, 'some password')).status).toBe(401)
    }
    expectRetryAfter(await signIn(server, uniqueIdentity().email, 'some password'), 60)
  })

  it('sign-up, writing nothing once limited', async () => {
    const body = () => ({ ...uniqueIdentity(), password: goodPassword })
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await request(server.url, 'POST', '/api/auth/signup', { body: body() })).status).toBe(200)
    }
    const response = await expectRefused(server, () => request(server.url, 'POST', '/api/auth/signup', { body: body() }), { status: 429, code: 'errors.rate_limited' })
    expect(response.retryAfter).toBeGreaterThanOrEqual(1)
  })

  it('forgot', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await request(server.url, 'POST', '/api/auth/forgot', { body: { email: uniqueIdentity().email } })).status).toBe(200)
    }
    expectRetryAfter(await request(server.url, 'POST', '/api/auth/forgot', { body: { email: uniqueIdentity().email } }), 60)
  })

  it('leaves other calls alone', async () => {
    expect((await request(server.url, 'GET', '/api/health')).status).toBe(200)
  })
})

describe('per-account limits', () => {
  let server: TestApp
  beforeAll(async () => {
    server = await startTestApp({ rateLimits: { ...relaxedRateLimits, authPerAccount: { max: 2, window: 60_000 } } })
  })
  afterAll(() => server.close())

  it('sign-in: one email from one address is limited, even with the right password, while the same email from another address and another email sign in', async () => {
    const target = await signUpConfirmed(server)
    const other = await signUpConfirmed(server)
    const address = '192.0.2.80'
    expect((await signInFrom(server, address, target.email, 'guess one')).status).toBe(401)
    expect((await signInFrom(server, address, target.email.toUpperCase(), 'guess two')).status).toBe(401)
    expectRetryAfter(await signInFrom(server, address, target.email, target.password), 60)
    expect((await signInFrom(server, '192.0.2.81', target.email, target.password)).status).toBe(200)
    expect((await signInFrom(server, address, other.email, other.password)).status).toBe(200)
  })

  it('forgot: no more mails to one address once limited', async () => {
    const target = await signUpConfirmed(server)
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await request(server.url, 'POST', '/api/auth/forgot', { body: { email: target.email } })).status).toBe(200)
    }
    await eventually(() => mailsTo(server, target.email), (mails) => mails.length === 3)
    expectRetryAfter(await request(server.url, 'POST', '/api/auth/forgot', { body: { email: target.email } }), 60)
    // Another account asks in between, so a third reset mail would have been written by now.
    const other = await signUpConfirmed(server)
    await request(server.url, 'POST', '/api/auth/forgot', { body: { email: other.email } })
    await eventually(() => mailsTo(server, other.email), (mails) => mails.length === 2)
    expect((await mailsTo(server, target.email)).length).toBe(3)
  })

  it('sign-up: one email is limited', async () => {
    const { email } = uniqueIdentity()
    expect((await request(server.url, 'POST', '/api/auth/signup', { body: { ...uniqueIdentity(), email, password: goodPassword } })).status).toBe(200)
    expect((await request(server.url, 'POST', '/api/auth/signup', { body: { ...uniqueIdentity(), email, password: goodPassword } })).status).toBe(409)
    expectRetryAfter(await request(server.url, 'POST', '/api/auth/signup', { body: { ...uniqueIdentity(), email, password: goodPassword } }), 60)
  })
})

describe('limits lift when their window is over', () => {
  let server: TestApp
  beforeAll(async () => {
    server = await startTestApp({ rateLimits: { ...relaxedRateLimits, authPerAccount: { max: 1, window: 1500 } } })
  })
  afterAll(() => server.close())

  it('signs in again after Retry-After', async () => {
    const account = await signUpConfirmed(server)
    const address = '192.0.2.90'
    expect((await signInFrom(server, address, account.email, 'wrong')).status).toBe(401)
    const limited = await signInFrom(server, address, account.email, account.password)
    expectRetryAfter(limited, 2)
    await new Promise((resolve) => setTimeout(resolve, 1600))
    expect((await signInFrom(server, address, account.email, account.password)).status).toBe(200)
  })
})

describe('the global cap', () => {
  let server: TestApp
  beforeAll(async () => {
    server = await startTestApp({ rateLimits: { ...relaxedRateLimits, global: { max: 3, window: 60_000 } } })
  })
  afterAll(() => server.close())

  it('answers a 429 with Retry-After and retryAfter too', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await request(server.url, 'GET', '/api/auth')).status).toBe(401)
    expectRetryAfter(await request(server.url, 'GET', '/api/auth'), 60)
  })
})
