import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DeviceSession } from '../../server/contract/http/auth'
import { request } from '../helpers/http'
import { request as socketRequest } from '../helpers/requests'
import { closeOpenSockets, connectSocket, nextEvent, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'
import { createSessionsRepository } from '../../server/modules/auth/sessions.repository'
import { createSessionsService, defaultLastUseGatherMs } from '../../server/modules/auth/sessions.service'
import { currentUser, signIn, signUp, signUpConfirmed, snapshot } from './auth-support'

const minute = 60 * 1000
const day = 24 * 60 * minute

const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
const chrome = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

let server: TestApp

beforeAll(async () => {
  server = await startTestApp({ manualClock: true })
})
afterEach(closeOpenSockets)
afterAll(() => server.close())

const clock = () => {
  if (!server.clock) throw new Error('the manual clock is off')
  return server.clock
}
const db = () => server.database.db
/** A user with a session started on the server's clock, which these tests move. */
const signedInUser = () => createUserWithSession(db(), {}, clock())

/** Every column of a user's sessions: a refused call must leave them exactly as they were. */
const sessionRows = (userId: number) => db().selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('id').execute()

/** One more session of an account, signed in over HTTP from a browser with this user agent. */
async function signInFrom(account: { email: string; password: string }, userAgent: string): Promise<string> {
  const response = await request(server.url, 'POST', '/api/auth/login/password', { body: { email: account.email, password: account.password }, headers: { 'user-agent': userAgent } })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.token as string
}

/** The devices list as the renderer reads it; a refusal's body has `code` (and `retryAfter` when limited) instead. */
const listSessions = (token: string) => request<{ items: DeviceSession[]; code?: string; retryAfter?: number }>(server.url, 'GET', '/api/auth/sessions', { token })

/** Resolves with the reason of `auth:revoked` once the socket was also disconnected by the server. */
function revokedAndDisconnected(socket: TestSocket): Promise<{ reason: string; disconnect: string }> {
  const revoked = nextEvent(socket, 'auth:revoked')
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve))
  return Promise.all([revoked, disconnected]).then(([payload, disconnect]) => ({ reason: payload.reason, disconnect }))
}

/** A socket still served: its request is answered. */
async function stillServed(socket: TestSocket): Promise<boolean> {
  if (!socket.connected) return false
  const answer = await socketRequest(socket, 'getOnline')
  return typeof answer === 'object' && answer !== null && 'count' in answer
}

describe('session lifetimes', () => {
  it('forgets the rows of sessions that ended over 30 days ago, and keeps the live ones and the recently ended', async () => {
    const sessions = createSessionsService(createSessionsRepository(db()), clock())
    const idIs = (id: number) => db().selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()
    const signedOut = await signedInUser()
    const unused = await signedInUser()
    await db().updateTable('sessions').set({ revoked_at: clock().now() }).where('user_id', '=', signedOut.user.id).execute()
    const [signedOutRow] = await sessionRows(signedOut.user.id)
    const [unusedRow] = await sessionRows(unused.user.id)
    clock().advance(30 * day)
    const recent = await signedInUser()
    const [recentRow] = await sessionRows(recent.user.id)
    clock().advance(day + minute)
    await sessions.forgetEnded()
    // Signed out 31 days ago: gone. Unused for 31 days, so ended by the idle timeout 24 days ago: kept.
    expect(await idIs(signedOutRow!.id)).toBeUndefined()
    expect(await idIs(unusedRow!.id)).toBeDefined()
    expect(await idIs(recentRow!.id)).toBeDefined()
    clock().advance(7 * day)
    await sessions.forgetEnded()
    expect(await idIs(unusedRow!.id)).toBeUndefined()
    expect((await currentUser(server, recent.token)).status).toBe(401)
    expect(await idIs(recentRow!.id)).toBeDefined()
  })

  it('a session unused for the idle timeout is refused, and the refusal writes nothing', async () => {
    const { user, token } = await signedInUser()
    // Used every five days, it lives past the seven-day idle timeout.
    for (let use = 0; use < 3; use++) {
      clock().advance(5 * day)
      expect((await currentUser(server, token)).status).toBe(200)
    }
    clock().advance(7 * day + minute)
    const before = await sessionRows(user.id)
    const refused = await currentUser(server, token)
    expect(refused.status).toBe(401)
    expect((refused.body as unknown as { code: string }).code).toBe('errors.unauthorized')
    await expect(connectSocket(server.url, token)).rejects.toThrow('errors.unauthorized')
    expect(await sessionRows(user.id)).toEqual(before)
  })

  it('a session past its absolute lifetime is refused however recently it was used, and the refusal writes nothing', async () => {
    const { user, token } = await signedInUser()
    for (const days of [6, 6, 6, 6, 5]) {
      clock().advance(days * day)
      expect((await currentUser(server, token)).status).toBe(200)
    }
    // 29 days old and used just now; two days later it is past 30 days.
    clock().advance(2 * day)
    const before = await sessionRows(user.id)
    expect((await currentUser(server, token)).status).toBe(401)
    expect(await sessionRows(user.id)).toEqual(before)
  })

  it('records the last use and its address at most once a minute, not at every request', async () => {
    const { user, token } = await signedInUser()
    clock().advance(2 * minute)
    const firstUse = clock().now()
    expect((await currentUser(server, token)).status).toBe(200)
    // The mark is written a moment after the request, with the other sessions used meanwhile.
    await expect.poll(async () => (await sessionRows(user.id))[0]?.last_seen_at, { timeout: 5_000 }).toEqual(firstUse)
    const [marked] = await sessionRows(user.id)
    expect(marked?.address).toBe('127.0.0.1')

    // Within the minute, requests and a socket handshake write nothing, even once their marks would have gathered.
    clock().advance(30 * 1000)
    for (let call = 0; call < 3; call++) expect((await currentUser(server, token)).status).toBe(200)
    await connectSocket(server.url, token)
    await new Promise((resolve) => setTimeout(resolve, defaultLastUseGatherMs + 300))
    expect(await sessionRows(user.id)).toEqual([marked])

    clock().advance(30 * 1000)
    expect((await currentUser(server, token)).status).toBe(200)
    const now = clock().now()
    await expect.poll(async () => (await sessionRows(user.id))[0]?.last_seen_at, { timeout: 5_000 }).toEqual(now)
  })
})

describe('the devices list', () => {
  it('lists my live sessions with their device, address and times, the asking one marked current, and nobody else’s', async () => {
    const account = await signUpConfirmed(server)
    await signUpConfirmed(server) // someone else, signed in too
    const onFirefox = await signInFrom(account, firefox)
    const onChrome = await signInFrom(account, chrome)
    // A session that ended is no device any more.
    expect((await request(server.url, 'POST', '/api/auth/logout', { token: account.token })).status).toBe(200)

    const listed = await listSessions(onChrome)
    expect(listed.status).toBe(200)
    expect(listed.body.items).toEqual([
      { id: expect.any(Number), device: 'Chrome 126 on macOS Catalina', address: '127.0.0.1', createdAt: expect.any(String), lastSeenAt: expect.any(String), current: true },
      { id: expect.any(Number), device: 'Firefox 128 on Windows 10', address: '127.0.0.1', createdAt: expect.any(String), lastSeenAt: expect.any(String), current: false },
    ])
    const fromFirefox = await listSessions(onFirefox)
    expect(fromFirefox.body.items.map((item) => [item.device, item.current])).toEqual([
      ['Firefox 128 on Windows 10', true],
      ['Chrome 126 on macOS Catalina', false],
    ])
  })

  it('ending one session cuts exactly that session’s socket at once, and not the others', async () => {
    const account = await signUpConfirmed(server)
    const target = await signInFrom(account, chrome)
    const other = await signInFrom(account, firefox)
    const [askerSocket, targetSocket, secondTargetTab, otherSocket] = await Promise.all([
      connectSocket(server.url, account.token),
      connectSocket(server.url, target),
      connectSocket(server.url, target),
      connectSocket(server.url, other),
    ])
    const targetId = (await listSessions(target)).body.items.find((item) => item.current)?.id as number

    const cut = [revokedAndDisconnected(targetSocket), revokedAndDisconnected(secondTargetTab)]
    const ended = await request(server.url, 'DELETE', `/api/auth/sessions/${targetId}`, { token: account.token })
    expect(ended.status).toBe(200)
    expect(ended.body).toEqual({ ok: true })
    expect(await Promise.all(cut)).toEqual([
      { reason: 'logout', disconnect: 'io server disconnect' },
      { reason: 'logout', disconnect: 'io server disconnect' },
    ])
    expect(await stillServed(askerSocket)).toBe(true)
    expect(await stillServed(otherSocket)).toBe(true)

    expect((await currentUser(server, target)).status).toBe(401)
    expect((await currentUser(server, other)).status).toBe(200)
    expect((await listSessions(account.token)).body.items.map((item) => item.id)).not.toContain(targetId)
    // Ended once; a second time there is nothing left to end.
    const again = await request(server.url, 'DELETE', `/api/auth/sessions/${targetId}`, { token: account.token })
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('errors.not_found')
  })

  it('signing out everywhere else ends and disconnects every other session and keeps the asker', async () => {
    const account = await signUpConfirmed(server)
    const others = [await signInFrom(account, chrome), await signInFrom(account, firefox)]
    const askerSocket = await connectSocket(server.url, account.token)
    const otherSockets = await Promise.all(others.map((token) => connectSocket(server.url, token)))
    const cut = otherSockets.map(revokedAndDisconnected)

    const response = await request(server.url, 'DELETE', '/api/auth/sessions/others', { token: account.token })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true, ended: 2 })
    expect(await Promise.all(cut)).toEqual(otherSockets.map(() => ({ reason: 'logout', disconnect: 'io server disconnect' })))
    expect(await stillServed(askerSocket)).toBe(true)
    for (const token of others) expect((await currentUser(server, token)).status).toBe(401)
    expect((await listSessions(account.token)).body.items).toEqual([expect.objectContaining({ current: true })])
  })

  it('refuses another user’s session id with errors.not_found and changes nothing', async () => {
    const me = await signedInUser()
    const stranger = await signedInUser()
    const strangerSocket = await connectSocket(server.url, stranger.token)
    const [strangerSession] = await sessionRows(stranger.user.id)
    const before = await snapshot(server)

    const refused = await request(server.url, 'DELETE', `/api/auth/sessions/${strangerSession?.id}`, { token: me.token })
    expect(refused.status).toBe(404)
    expect(refused.body).toMatchObject({ statusCode: 404, code: 'errors.not_found' })
    expect(await snapshot(server)).toEqual(before)
    expect(await stillServed(strangerSocket)).toBe(true)
    expect((await currentUser(server, stranger.token)).status).toBe(200)
  })

  it('refuses bad input and anonymous callers, changing nothing', async () => {
    const me = await signedInUser()
    const before = await snapshot(server)
    for (const [method, path, token, status, code] of [
      ['DELETE', '/api/auth/sessions/abc', me.token, 400, 'errors.validation'],
      ['DELETE', '/api/auth/sessions/0', me.token, 400, 'errors.validation'],
      ['DELETE', '/api/auth/sessions/99999999999', me.token, 400, 'errors.validation'],
      // Ajv's coercion reads these as Infinity and lets them past the schema: refused before the handler.
      ['DELETE', '/api/auth/sessions/Infinity', me.token, 400, 'errors.invalid_value'],
      ['DELETE', '/api/auth/sessions/1e999', me.token, 400, 'errors.invalid_value'],
      ['DELETE', '/api/auth/sessions/others?all=1', me.token, 400, 'errors.unknown_field'],
      ['DELETE', '/api/auth/sessions/others', undefined, 401, 'errors.unauthorized'],
      ['GET', '/api/auth/sessions', undefined, 401, 'errors.unauthorized'],
    ] as const) {
      const response = await request(server.url, method, path, token ? { token } : {})
      expect([path, response.status]).toEqual([path, status])
      if (code !== 'errors.validation') expect(response.body.code).toBe(code)
      else expect(response.body.code).toMatch(/^errors\./)
    }
    expect(await snapshot(server)).toEqual(before)
  })

  it('limits the devices calls per user, with the time to wait, leaving other users and the sessions alone', async () => {
    const me = await signedInUser()
    const other = await signedInUser()
    let answer = await listSessions(me.token)
    for (let call = 1; call <= 30 && answer.status === 200; call++) answer = await listSessions(me.token)
    expect(answer.status).toBe(429)
    expect(answer.body.code).toBe('errors.rate_limited')
    expect(answer.body.retryAfter).toBeGreaterThan(0)
    expect(answer.headers.get('retry-after')).toBe(String(answer.body.retryAfter))

    const before = await snapshot(server)
    const limitedEnd = await request(server.url, 'DELETE', '/api/auth/sessions/others', { token: me.token })
    expect(limitedEnd.status).toBe(429)
    expect(await snapshot(server)).toEqual(before)
    expect((await listSessions(other.token)).status).toBe(200)
  })
})

describe('cut-offs that reach every socket at once', () => {
  it('a ban ends every session and disconnects all the user’s sockets at once', async () => {
    const account = await signedInUser()
    const bystander = await signedInUser()
    const tabs = [await connectSocket(server.url, account.token), await connectSocket(server.url, account.token)]
    const bystanderSocket = await connectSocket(server.url, bystander.token)
    const cut = tabs.map(revokedAndDisconnected)
    await server.app.accounts.banUser(account.user.id, 'cheating', new Date(clock().now().getTime() + day))
    expect(await Promise.all(cut)).toEqual(tabs.map(() => ({ reason: 'banned', disconnect: 'io server disconnect' })))
    expect(await stillServed(bystanderSocket)).toBe(true)
    expect((await sessionRows(account.user.id)).every((row) => row.revoked_at !== null)).toBe(true)
    const refused = await currentUser(server, account.token)
    expect(refused.status).toBe(401)
  })

  it('an account deletion disconnects the account’s sockets at once', async () => {
    const account = await signUpConfirmed(server)
    expect((await request(server.url, 'GET', '/api/auth/deleteUser', { token: account.token })).status).toBe(200)
    const socket = await connectSocket(server.url, account.token)
    const cut = revokedAndDisconnected(socket)
    clock().advance(server.config.accountDeletionDays * day + minute)
    expect(await server.app.accounts.purgeDeletedAccounts()).toBeGreaterThanOrEqual(1)
    expect(await cut).toEqual({ reason: 'account_deleted', disconnect: 'io server disconnect' })
  })

  it('a password change disconnects the other sessions’ sockets and keeps the asker’s', async () => {
    const account = await signUpConfirmed(server)
    const other = await signInFrom(account, chrome)
    const asker = await connectSocket(server.url, account.token)
    const otherSocket = await connectSocket(server.url, other)
    const cut = revokedAndDisconnected(otherSocket)
    const changed = await request(server.url, 'POST', '/api/auth/change_password', { token: account.token, body: { currentPassword: account.password, newPassword: 'a brand new password' } })
    expect(changed.status).toBe(200)
    expect(await cut).toEqual({ reason: 'password_changed', disconnect: 'io server disconnect' })
    expect(await stillServed(asker)).toBe(true)
  })
})

describe('confirming an email', () => {
  it('confirms without a token or a session', async () => {
    const account = await signUp(server)
    const response = await request(server.url, 'POST', '/api/auth/signup/confirm', { body: { token: account.confirmToken } })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true })
    const user = await db().selectFrom('users').select(['id', 'email_confirmation']).where('email', '=', account.email).executeTakeFirstOrThrow()
    expect(user.email_confirmation).toBe(true)
    expect(await sessionRows(user.id)).toEqual([])
    expect((await signIn(server, account.email, account.password)).status).toBe(200)
  })
})
