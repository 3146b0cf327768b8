import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { currentUser, expectRefused, signIn, signUpConfirmed, snapshot, uniqueIdentity } from './auth-support'

let server: TestApp

beforeAll(async () => {
  server = await startTestApp({ manualClock: true })
})
afterAll(() => server.close())

const loginCall = (body: unknown) => () => request(server.url, 'POST', '/api/auth/login/password', { body })

async function userId(email: string): Promise<number> {
  return (await server.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
}

describe('sign-in', () => {
  it('answers a token and the user; the token is accepted as a bearer token', async () => {
    const account = await signUpConfirmed(server)
    const response = await signIn(server, account.email, account.password)
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ email: account.email, nickname: account.user.nickname, roleId: 1, emailConfirmation: true })
    expect(response.body.token).not.toBe(account.token)
    const me = await currentUser(server, response.body.token)
    expect(me.status).toBe(200)
    expect(me.body).toEqual(response.body.user)
  })

  it('accepts the email in any case', async () => {
    const account = await signUpConfirmed(server)
    expect((await signIn(server, account.email.toUpperCase(), account.password)).status).toBe(200)
  })

  it('stores only the hash of a session token', async () => {
    const account = await signUpConfirmed(server)
    const { token } = (await signIn(server, account.email, account.password)).body
    const sessions = await server.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', account.user.id).execute()
    expect(sessions.length).toBe(2)
    for (const session of sessions) expect(session.token_hash).not.toContain(token)
  })

  it('answers a wrong password and an unknown email alike, without a session', async () => {
    const account = await signUpConfirmed(server)
    const before = await snapshot(server)
    const wrong = await signIn(server, account.email, 'not the password')
    const unknown = await signIn(server, uniqueIdentity().email, account.password)
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body).toMatchObject({ code: 'errors.invalid_credentials' })
    const after = await snapshot(server)
    // No session, no mail, nothing in the accounts (failures are counted apart: auth-lock.test.ts).
    expect(after).toEqual(before)
  })

  it('does not read the token from a cookie: only the Authorization header counts', async () => {
    const account = await signUpConfirmed(server)
    const response = await request(server.url, 'GET', '/api/auth', { headers: { cookie: `token=${account.token}` } })
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ code: 'errors.unauthorized' })
  })

  it('refuses a forged bearer token', async () => {
    for (const token of ['forged-token', 'x'.repeat(43), 'x'.repeat(500)]) {
      const response = await currentUser(server, token)
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({ statusCode: 401, code: 'errors.unauthorized' })
    }
    expect((await request(server.url, 'GET', '/api/auth', { headers: { authorization: 'Basic abc' } })).status).toBe(401)
    expect((await request(server.url, 'GET', '/api/auth')).status).toBe(401)
  })
})

describe('sign-in refuses bad input and writes nothing', () => {
  it('a missing or extra field, a malformed email, an empty password', async () => {
    const account = await signUpConfirmed(server)
    await expectRefused(server, loginCall({ password: account.password }), { status: 400, code: 'errors.required', field: 'email' })
    await expectRefused(server, loginCall({ email: account.email }), { status: 400, code: 'errors.required', field: 'password' })
    await expectRefused(server, loginCall({ email: account.email, password: account.password, remember: true }), { status: 400, code: 'errors.unknown_field', field: 'remember' })
    await expectRefused(server, loginCall({ email: 'nobody', password: account.password }), { status: 400, code: 'errors.invalid_email', field: 'email' })
    await expectRefused(server, loginCall({ email: account.email, password: '' }), { status: 400, code: 'errors.required', field: 'password' })
    await expectRefused(server, loginCall({ email: account.email, password: 'p'.repeat(129) }), { status: 400, code: 'errors.too_long', field: 'password' })
  })

  it('a banned account: 403 with the reason and the end of the ban', async () => {
    const account = await signUpConfirmed(server)
    const until = new Date(server.clock!.now().getTime() + 7 * 24 * 60 * 60 * 1000)
    await server.database.db.insertInto('bans').values({ user_id: account.user.id, reason: 'insults at the table', until }).execute()
    const body = await expectRefused(server, () => signIn(server, account.email, account.password), { status: 403, code: 'errors.banned' })
    expect(body.ban).toEqual({ reason: 'insults at the table', time: until.toISOString() })
  })

  it('a ban that is over or lifted no longer refuses', async () => {
    const account = await signUpConfirmed(server)
    const now = server.clock!.now().getTime()
    await server.database.db
      .insertInto('bans')
      .values([
        { user_id: account.user.id, reason: 'over', until: new Date(now - 1000) },
        { user_id: account.user.id, reason: 'lifted', until: new Date(now + 60_000), lifted_at: new Date(now - 1000) },
      ])
      .execute()
    const response = await signIn(server, account.email, account.password)
    expect(response.status).toBe(200)
    expect(response.body.user.bans).toEqual([])
  })

  it('a ban ends the sessions a user already has, at their next call', async () => {
    const account = await signUpConfirmed(server)
    const until = new Date(server.clock!.now().getTime() + 60 * 60 * 1000)
    await server.database.db.insertInto('bans').values({ user_id: account.user.id, reason: 'spam', until }).execute()
    const first = await currentUser(server, account.token)
    expect(first.status).toBe(403)
    expect(first.body).toMatchObject({ code: 'errors.banned', ban: { reason: 'spam', time: until.toISOString() } })
    const live = await server.database.db.selectFrom('sessions').select('id').where('user_id', '=', account.user.id).where('revoked_at', 'is', null).execute()
    expect(live).toEqual([])
  })
})

describe('current user and sign-out', () => {
  it('GET /api/auth answers the signed-in user', async () => {
    const account = await signUpConfirmed(server, { language: 'de' })
    const me = await currentUser(server, account.token)
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({
      id: account.user.id,
      email: account.email,
      language: 'de',
      isPremium: false,
      roleId: 1,
      avatar: null,
      placeholder: null,
      bans: [],
      deleteAt: null,
      adminConfirmation: false,
    })
    expect(new Date(me.body.createdAt).toISOString()).toBe(me.body.createdAt)
  })

  it('GET /api/auth refuses extra input', async () => {
    const account = await signUpConfirmed(server)
    await expectRefused(server, () => request(server.url, 'GET', '/api/auth?debug=1', { token: account.token }), { status: 400, code: 'errors.unknown_field', field: 'debug' })
  })

  it('sign-out revokes the token and only that one', async () => {
    const account = await signUpConfirmed(server)
    const second = (await signIn(server, account.email, account.password)).body.token
    const response = await request(server.url, 'POST', '/api/auth/logout', { token: account.token })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true })
    expect((await currentUser(server, account.token)).status).toBe(401)
    expect((await request(server.url, 'POST', '/api/auth/logout', { token: account.token })).status).toBe(401)
    expect((await currentUser(server, second)).status).toBe(200)
    const revoked = await server.database.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', await userId(account.email)).where('revoked_at', 'is not', null).execute()
    expect(revoked.length).toBe(1)
  })

  it('sign-out refuses extra fields and an anonymous caller', async () => {
    const account = await signUpConfirmed(server)
    await expectRefused(server, () => request(server.url, 'POST', '/api/auth/logout', { token: account.token, body: { everywhere: true } }), {
      status: 400,
      code: 'errors.unknown_field',
      field: 'everywhere',
    })
    await expectRefused(server, () => request(server.url, 'POST', '/api/auth/logout'), { status: 401, code: 'errors.unauthorized' })
    expect((await currentUser(server, account.token)).status).toBe(200)
  })
})
