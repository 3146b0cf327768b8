import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'
import { currentUser, expectRefused, goodPassword, mailsTo, signIn, signUp, snapshot, uniqueIdentity } from './auth-support'

let server: TestApp

beforeAll(async () => {
  server = await startTestApp({ manualClock: true })
})
afterAll(() => server.close())

const signupCall = (body: unknown) => () => request(server.url, 'POST', '/api/auth/signup', { body })
const confirmCall = (body: unknown) => () => request(server.url, 'POST', '/api/auth/signup/confirm', { body })

describe('sign-up', () => {
  it('creates an unconfirmed account and mails a confirmation link to PUBLIC_URL/confirm/<token>', async () => {
    const { nickname, email } = uniqueIdentity()
    const response = await request(server.url, 'POST', '/api/auth/signup', { body: { nickname, email, password: goodPassword } })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true, email })

    const [mail, ...others] = await mailsTo(server, email)
    expect(others).toEqual([])
    expect(mail?.subject).toBe('Confirm your email address for Mafia Table')
    expect(mail?.text).toContain(`Hello, ${nickname}!`)
    expect(mail?.text).toMatch(/http:\/\/localhost:8080\/confirm\/[A-Za-z0-9_-]{43}\n/)

    const row = await server.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ nickname, email_confirmation: false, role_id: 1, language: 'en', reference_token: null })
    // The password is kept only as a salted scrypt hash.
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=\d+,r=\d+,p=\d+\$/)
    expect(row.password_hash).not.toContain(goodPassword)
  })

  it('refuses to sign in before the email is confirmed', async () => {
    const account = await signUp(server)
    await expectRefused(server, () => signIn(server, account.email, account.password), { status: 403, code: 'errors.email_not_confirmed' })
  })

  it('confirms from the link without starting a session; then the password signs in', async () => {
    const account = await signUp(server)
    const response = await request(server.url, 'POST', '/api/auth/signup/confirm', { body: { token: account.confirmToken } })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true })
    const user = await server.database.db.selectFrom('users').select(['id', 'email_confirmation']).where('email', '=', account.email).executeTakeFirstOrThrow()
    expect(user.email_confirmation).toBe(true)
    expect(await server.database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([])

    // From now on the password signs in, and that session works.
    const session = await signIn(server, account.email, account.password)
    expect(session.status).toBe(200)
    expect(session.body.user).toMatchObject({ nickname: account.nickname, email: account.email, emailConfirmation: true, roleId: 1, bans: [], deleteAt: null })
    const me = await currentUser(server, session.body.token)
    expect(me.status).toBe(200)
    expect(me.body.email).toBe(account.email)
  })

  it('mails the confirmation in the language chosen at sign-up', async () => {
    const account = await signUp(server, { language: 'uk' })
    const [mail] = await mailsTo(server, account.email)
    expect(mail?.subject).toBe('Підтвердьте адресу електронної пошти для Mafia Table')
    expect(mail?.text).toContain(`Вітаємо, ${account.nickname}!`)
    expect((await request(server.url, 'POST', '/api/auth/signup/confirm', { body: { token: account.confirmToken } })).status).toBe(200)
    expect((await signIn(server, account.email, account.password)).body.user.language).toBe('uk')
  })

  it('keeps the referral token of the inviting user on the new account', async () => {
    // An inviter whose sessions were never used from this address (the referral tests cover the refusals).
    const { user: inviter } = await createUserWithSession(server.database.db)
    const invited = await signUp(server, { referenceToken: inviter.referral_token })
    const row = await server.database.db.selectFrom('users').select(['reference_token', 'referral_token']).where('email', '=', invited.email).executeTakeFirstOrThrow()
    expect(row.reference_token).toBe(inviter.referral_token)
    // Each account gets its own token to invite others with.
    expect(row.referral_token).not.toBe(inviter.referral_token)
  })

  it('stores the email in lower case and the nickname trimmed', async () => {
    const { nickname, email } = uniqueIdentity()
    const response = await request(server.url, 'POST', '/api/auth/signup', { body: { nickname: `  ${nickname}  `, email: email.toUpperCase(), password: goodPassword } })
    expect(response.status).toBe(200)
    expect(response.body.email).toBe(email)
    const row = await server.database.db.selectFrom('users').select(['nickname', 'email']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(row).toEqual({ nickname, email })
  })
})

describe('sign-up refuses bad input and writes nothing', () => {
  const valid = () => ({ ...uniqueIdentity(), password: goodPassword })

  it('a missing field', async () => {
    for (const field of ['nickname', 'email', 'password'] as const) {
      const body: Record<string, string> = valid()
      delete body[field]
      await expectRefused(server, signupCall(body), { status: 400, code: 'errors.required', field })
    }
  })

  it('an extra field', async () => {
    await expectRefused(server, signupCall({ ...valid(), role: 3 }), { status: 400, code: 'errors.unknown_field', field: 'role' })
  })

  it('a malformed email', async () => {
    for (const email of ['not-an-email', 'two@@example.test', 'spaces in@example.test']) {
      await expectRefused(server, signupCall({ ...valid(), email }), { status: 400, code: 'errors.invalid_email', field: 'email' })
    }
  })

  it('a short password', async () => {
    await expectRefused(server, signupCall({ ...valid(), password: 'short' }), { status: 400, code: 'errors.too_short', field: 'password' })
  })

  it('a nickname too long, too short or with characters not allowed', async () => {
    await expectRefused(server, signupCall({ ...valid(), nickname: 'n'.repeat(25) }), { status: 400, code: 'errors.too_long', field: 'nickname' })
    await expectRefused(server, signupCall({ ...valid(), nickname: 'ab' }), { status: 400, code: 'errors.too_short', field: 'nickname' })
    // Three characters, but only after trimming the spaces around them.
    await expectRefused(server, signupCall({ ...valid(), nickname: '  ab  ' }), { status: 400, code: 'errors.too_short', field: 'nickname' })
    await expectRefused(server, signupCall({ ...valid(), nickname: '<script>' }), { status: 400, code: 'errors.invalid_format', field: 'nickname' })
  })

  it('an unknown language', async () => {
    await expectRefused(server, signupCall({ ...valid(), language: 'xx' }), { status: 400, code: 'errors.invalid_value', field: 'language' })
  })

  it('a nickname taken, whatever its case', async () => {
    const existing = await signUp(server)
    await expectRefused(server, signupCall({ ...valid(), nickname: existing.nickname.toUpperCase() }), { status: 409, code: 'errors.nickname_taken', field: 'nickname' })
  })

  it('an email taken, whatever its case', async () => {
    const existing = await signUp(server)
    await expectRefused(server, signupCall({ ...valid(), email: existing.email.toUpperCase() }), { status: 409, code: 'errors.email_taken', field: 'email' })
  })

  it('keeps nothing when the confirmation mail cannot be sent', async () => {
    const failing = await startTestApp({ mailer: { send: () => Promise.reject(new Error('mail server down')) } })
    try {
      const before = await snapshot(failing)
      const response = await request(failing.url, 'POST', '/api/auth/signup', { body: valid() })
      expect(response.status).toBe(500)
      expect(response.body).toMatchObject({ code: 'errors.internal' })
      expect(JSON.stringify(response.body)).not.toContain('mail server down')
      expect(await snapshot(failing)).toEqual(before)
    } finally {
      await failing.close()
    }
  })
})

describe('sign-up confirmation', () => {
  it('works once: a used link gives errors.token_used', async () => {
    const account = await signUp(server)
    expect((await confirmCall({ token: account.confirmToken })()).status).toBe(200)
    await expectRefused(server, confirmCall({ token: account.confirmToken }), { status: 410, code: 'errors.token_used', field: 'token' })
  })

  it('expires after 48 hours', async () => {
    const account = await signUp(server)
    server.clock?.advance(48 * 60 * 60 * 1000 + 1000)
    await expectRefused(server, confirmCall({ token: account.confirmToken }), { status: 410, code: 'errors.token_expired', field: 'token' })
    await expectRefused(server, () => signIn(server, account.email, account.password), { status: 403, code: 'errors.email_not_confirmed' })
  })

  it('still works just before the 48 hours are over', async () => {
    const account = await signUp(server)
    server.clock?.advance(47 * 60 * 60 * 1000)
    expect((await confirmCall({ token: account.confirmToken })()).status).toBe(200)
  })

  it('refuses an unknown token, a missing one and extra fields', async () => {
    await expectRefused(server, confirmCall({ token: 'x'.repeat(43) }), { status: 400, code: 'errors.token_invalid', field: 'token' })
    await expectRefused(server, confirmCall({}), { status: 400, code: 'errors.required', field: 'token' })
    await expectRefused(server, confirmCall({ token: '' }), { status: 400, code: 'errors.required', field: 'token' })
    const account = await signUp(server)
    await expectRefused(server, confirmCall({ token: account.confirmToken, email: account.email }), { status: 400, code: 'errors.unknown_field', field: 'email' })
  })

  it('refuses a banned account and leaves its link unused', async () => {
    const account = await signUp(server)
    const { id } = await server.database.db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow()
    const until = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)
    await server.database.db.insertInto('bans').values({ user_id: id, reason: 'cheating', until }).execute()
    const body = await expectRefused(server, confirmCall({ token: account.confirmToken }), { status: 403, code: 'errors.banned' })
    expect(body.ban).toEqual({ reason: 'cheating', time: until.toISOString() })
  })
})
