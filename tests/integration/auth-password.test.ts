import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { defaultRateLimits } from '../../server/plugins/rate-limit'
import { request } from '../helpers/http'
import { closeOpenSockets, connectSocket, nextEvent } from '../helpers/sockets'
import { linkIn, startTestApp, type TestApp } from '../helpers/test-app'
import { currentUser, eventually, expectRefused, mailsTo, signIn, signUp, signUpConfirmed, snapshot, uniqueIdentity } from './auth-support'

let server: TestApp

beforeAll(async () => {
  server = await startTestApp({ manualClock: true })
})
afterEach(closeOpenSockets)
afterAll(() => server.close())

const newPassword = 'a brand new passphrase'
const forgotCall = (body: unknown) => () => request(server.url, 'POST', '/api/auth/forgot', { body })
const resetCall = (body: unknown) => () => request(server.url, 'POST', '/api/auth/forgot/confirm', { body })
const changeCall = (token: string | undefined, body: unknown) => () => request(server.url, 'POST', '/api/auth/change_password', { token, body })

/** Asks for a reset link and waits for its mail (the server mails after answering). */
async function resetTokenFor(email: string): Promise<string> {
  const earlier = (await mailsTo(server, email)).length
  const response = await forgotCall({ email })()
  expect(response.status).toBe(200)
  const mails = await eventually(
    () => mailsTo(server, email),
    (found) => found.length > earlier,
  )
  return linkIn((mails.at(-1) as { text: string }).text, 'reset')
}

describe('forgot password', () => {
  it('mails a PUBLIC_URL/reset/<token> link in the account language', async () => {
    const account = await signUpConfirmed(server, { language: 'de' })
    const response = await forgotCall({ email: account.email })()
    expect(response.body).toEqual({ ok: true })
    const [mail] = (await eventually(() => mailsTo(server, account.email), (mails) => mails.length === 2)).slice(-1)
    expect(mail?.subject).toBe('Setze dein Passwort für Mafia Table zurück')
    expect(mail?.text).toContain(`Hallo ${account.user.nickname},`)
    expect(mail?.text).toMatch(/http:\/\/localhost:8080\/reset\/[A-Za-z0-9_-]{43}\n/)
  })

  it('answers the same for an unknown email and mails nobody', async () => {
    const known = await signUpConfirmed(server)
    const unknownEmail = uniqueIdentity().email
    const before = await snapshot(server)
    const unknown = await forgotCall({ email: unknownEmail })()
    const existing = await forgotCall({ email: known.email })()
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(existing.body)
    const mails = await eventually(() => server.outbox(), (outbox) => outbox.length === before.mails + 1)
    expect(mails.length).toBe(before.mails + 1)
    expect(await mailsTo(server, unknownEmail)).toEqual([])
    const tokens = (await snapshot(server)).mailTokens.slice(before.mailTokens.length)
    expect(tokens).toEqual([expect.objectContaining({ user_id: known.user.id, kind: 'reset', used_at: null })])
  })

  it('refuses a missing or extra field and a malformed email, writing nothing', async () => {
    await expectRefused(server, forgotCall({}), { status: 400, code: 'errors.required', field: 'email' })
    await expectRefused(server, forgotCall({ email: uniqueIdentity().email, nickname: 'x' }), { status: 400, code: 'errors.unknown_field', field: 'nickname' })
    await expectRefused(server, forgotCall({ email: 'not an email' }), { status: 400, code: 'errors.invalid_email', field: 'email' })
  })
})

describe('reset from the mailed link', () => {
  it('sets the new password, ends every other session and signs in', async () => {
    const account = await signUpConfirmed(server)
    const elsewhere = (await signIn(server, account.email, account.password)).body.token
    const socket = await connectSocket(server.url, elsewhere)
    const revoked = nextEvent(socket, 'auth:revoked')
    const token = await resetTokenFor(account.email)
    const response = await resetCall({ token, password: newPassword })()
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ id: account.user.id, email: account.email })
    expect((await currentUser(server, response.body.token)).status).toBe(200)

    // Whoever knew the old password is out, on HTTP and on the open socket.
    expect((await currentUser(server, account.token)).status).toBe(401)
    expect((await currentUser(server, elsewhere)).status).toBe(401)
    expect(await revoked).toEqual({ reason: 'password_changed' })
    expect((await signIn(server, account.email, account.password)).status).toBe(401)
    expect((await signIn(server, account.email, newPassword)).status).toBe(200)
  })

  it('works once', async () => {
    const account = await signUpConfirmed(server)
    const token = await resetTokenFor(account.email)
    expect((await resetCall({ token, password: newPassword })()).status).toBe(200)
    await expectRefused(server, resetCall({ token, password: 'yet another password' }), { status: 410, code: 'errors.token_used', field: 'token' })
    expect((await signIn(server, account.email, newPassword)).status).toBe(200)
  })

  it('expires after one hour', async () => {
    const account = await signUpConfirmed(server)
    const token = await resetTokenFor(account.email)
    server.clock!.advance(60 * 60 * 1000 + 1000)
    await expectRefused(server, resetCall({ token, password: newPassword }), { status: 410, code: 'errors.token_expired', field: 'token' })
    expect((await signIn(server, account.email, account.password)).status).toBe(200)
  })

  it('only the newest link works', async () => {
    const account = await signUpConfirmed(server)
    const older = await resetTokenFor(account.email)
    const newer = await resetTokenFor(account.email)
    await expectRefused(server, resetCall({ token: older, password: newPassword }), { status: 410, code: 'errors.token_used', field: 'token' })
    expect((await resetCall({ token: newer, password: newPassword })()).status).toBe(200)
  })

  it('confirms an email that was never confirmed: the link proved the inbox', async () => {
    const account = await signUp(server)
    const token = await resetTokenFor(account.email)
    const response = await resetCall({ token, password: newPassword })()
    expect(response.status).toBe(200)
    expect(response.body.user.emailConfirmation).toBe(true)
    // The old confirmation link is retired with it.
    await expectRefused(server, () => request(server.url, 'POST', '/api/auth/signup/confirm', { body: { token: account.confirmToken } }), {
      status: 410,
      code: 'errors.token_used',
      field: 'token',
    })
  })

  it('works while sign-in from this address is slowed down, and signs in', async () => {
    const account = await signUpConfirmed(server)
    for (let attempt = 0; attempt < defaultRateLimits.lockout.failures; attempt += 1) await signIn(server, account.email, 'wrong')
    expect((await signIn(server, account.email, account.password)).status).toBe(429)
    const token = await resetTokenFor(account.email)
    const reset = await resetCall({ token, password: newPassword })()
    expect(reset.status).toBe(200)
    expect((await currentUser(server, reset.body.token)).status).toBe(200)
  })

  it('refuses bad input and writes nothing', async () => {
    const account = await signUpConfirmed(server)
    const token = await resetTokenFor(account.email)
    await expectRefused(server, resetCall({ password: newPassword }), { status: 400, code: 'errors.required', field: 'token' })
    await expectRefused(server, resetCall({ token }), { status: 400, code: 'errors.required', field: 'password' })
    await expectRefused(server, resetCall({ token, password: newPassword, email: account.email }), { status: 400, code: 'errors.unknown_field', field: 'email' })
    await expectRefused(server, resetCall({ token, password: 'short' }), { status: 400, code: 'errors.too_short', field: 'password' })
    await expectRefused(server, resetCall({ token: 'y'.repeat(43), password: newPassword }), { status: 400, code: 'errors.token_invalid', field: 'token' })
    // A confirmation token is not a reset token.
    const fresh = await signUp(server)
    await expectRefused(server, resetCall({ token: fresh.confirmToken, password: newPassword }), { status: 400, code: 'errors.token_invalid', field: 'token' })
    // The real link still works after all that.
    expect((await resetCall({ token, password: newPassword })()).status).toBe(200)
  })

  it('refuses a banned account', async () => {
    const account = await signUpConfirmed(server)
    const token = await resetTokenFor(account.email)
    const until = new Date(server.clock!.now().getTime() + 24 * 60 * 60 * 1000)
    await server.database.db.insertInto('bans').values({ user_id: account.user.id, reason: 'multi-accounting', until }).execute()
    const body = await expectRefused(server, resetCall({ token, password: newPassword }), { status: 403, code: 'errors.banned' })
    expect(body.ban).toEqual({ reason: 'multi-accounting', time: until.toISOString() })
  })

  it('mails nobody for a banned account', async () => {
    const account = await signUpConfirmed(server)
    const until = new Date(server.clock!.now().getTime() + 24 * 60 * 60 * 1000)
    await server.database.db.insertInto('bans').values({ user_id: account.user.id, reason: 'spam', until }).execute()
    const control = await signUpConfirmed(server)
    await forgotCall({ email: account.email })()
    await resetTokenFor(control.email)
    expect((await mailsTo(server, account.email)).length).toBe(1)
  })
})

describe('change password', () => {
  it('changes it, keeps this session and signs out every other one', async () => {
    const account = await signUpConfirmed(server)
    const other = (await signIn(server, account.email, account.password)).body.token
    const otherSocket = await connectSocket(server.url, other)
    const ownSocket = await connectSocket(server.url, account.token)
    const revoked = nextEvent(otherSocket, 'auth:revoked')
    const response = await changeCall(account.token, { currentPassword: account.password, newPassword })()
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ token: account.token, user: expect.objectContaining({ id: account.user.id }) })
    expect((await currentUser(server, account.token)).status).toBe(200)
    expect((await currentUser(server, other)).status).toBe(401)
    expect(await revoked).toEqual({ reason: 'password_changed' })
    expect(ownSocket.connected).toBe(true)
    expect((await signIn(server, account.email, account.password)).status).toBe(401)
    expect((await signIn(server, account.email, newPassword)).status).toBe(200)
  })

  it('retires a reset link mailed before the change', async () => {
    const account = await signUpConfirmed(server)
    const token = await resetTokenFor(account.email)
    expect((await changeCall(account.token, { currentPassword: account.password, newPassword })()).status).toBe(200)
    await expectRefused(server, resetCall({ token, password: 'an attacker choice' }), { status: 410, code: 'errors.token_used', field: 'token' })
  })

  it('refuses a wrong current password, the same password, bad input and anonymous callers, writing nothing', async () => {
    const account = await signUpConfirmed(server)
    const { token, password } = account
    await expectRefused(server, changeCall(token, { currentPassword: 'not it at all', newPassword }), { status: 400, code: 'errors.wrong_password', field: 'currentPassword' })
    await expectRefused(server, changeCall(token, { currentPassword: password, newPassword: password }), { status: 400, code: 'errors.same_password', field: 'newPassword' })
    await expectRefused(server, changeCall(token, { currentPassword: password, newPassword: 'short' }), { status: 400, code: 'errors.too_short', field: 'newPassword' })
    await expectRefused(server, changeCall(token, { newPassword }), { status: 400, code: 'errors.required', field: 'currentPassword' })
    await expectRefused(server, changeCall(token, { currentPassword: password }), { status: 400, code: 'errors.required', field: 'newPassword' })
    await expectRefused(server, changeCall(token, { currentPassword: password, newPassword, logoutOthers: false }), { status: 400, code: 'errors.unknown_field', field: 'logoutOthers' })
    await expectRefused(server, changeCall(undefined, { currentPassword: password, newPassword }), { status: 401, code: 'errors.unauthorized' })
    await expectRefused(server, changeCall('forged', { currentPassword: password, newPassword }), { status: 401, code: 'errors.unauthorized' })
    expect((await signIn(server, account.email, password)).status).toBe(200)
  })
})
