import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { linkIn, startTestApp, type TestApp } from '../helpers/test-app'
import { connectSocket } from '../helpers/sockets'
import { createUserWithSession } from '../helpers/users'
import { currentUser, eventually, mailsTo, signIn, signUpConfirmed } from './auth-support'

/**
 * The sessions cache on one app server: misses merged, revocations and changes seen by the very next
 * request. The same on two servers: session-cache-two-nodes.test.ts.
 */

/** Counts the queries that read the sessions table, as the database sees them. */
class SessionReadCounter implements KyselyPlugin {
  reads = 0
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node
    if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"sessions"')) this.reads += 1
    return node
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result)
  }
}

const minute = 60_000
const day = 24 * 60 * minute

let database: TestDatabase
let server: TestApp
const counter = new SessionReadCounter()

beforeAll(async () => {
  database = await createTestDatabase()
  // The app runs on the same database through a Kysely that counts what it reads.
  server = await startTestApp({ database: { ...database, db: database.db.withPlugin(counter) }, manualClock: true })
})
afterAll(async () => {
  await server.close()
  await database.dispose()
})

const clock = () => {
  if (!server.clock) throw new Error('the manual clock is off')
  return server.clock
}
const status = async (token: string) => (await currentUser(server, token)).status

describe('session lookups', () => {
  it('twenty requests at once with a token not yet cached read its session once, and later requests not at all', async () => {
    const { token } = await createUserWithSession(database.db, {}, clock())
    const before = counter.reads
    const answers = await Promise.all(Array.from({ length: 20 }, () => currentUser(server, token)))
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    expect(counter.reads - before).toBe(1)
    expect(await status(token)).toBe(200)
    expect(counter.reads - before).toBe(1)
  })

  it('a cached session unused for the idle timeout, or past its lifetime, is refused', async () => {
    const idle = await createUserWithSession(database.db, {}, clock())
    expect(await status(idle.token)).toBe(200)
    clock().advance(7 * day)
    expect(await status(idle.token)).toBe(401)

    // Used every few days up to ten seconds before its 30 days are over, then again twenty seconds
    // later: the second request is answered from memory, and the lifetime is checked there too.
    const old = await createUserWithSession(database.db, {}, clock())
    for (let days = 0; days < 30; days += 6) {
      expect(await status(old.token)).toBe(200)
      clock().advance(days + 6 < 30 ? 6 * day : 6 * day - 10_000)
    }
    expect(await status(old.token)).toBe(200)
    clock().advance(20_000)
    expect(await status(old.token)).toBe(401)
  })
})

describe('sessions of connected sockets', () => {
  it('stay in memory past the TTL while a socket is connected, are still refused at once when ended, and are read again once the socket is gone', async () => {
    const { token } = await createUserWithSession(database.db, {}, clock())
    const socket = await connectSocket(server.url, token)
    // Past the half-minute TTL, within the four minutes a connected socket's session is trusted.
    const before = counter.reads
    clock().advance(3 * minute)
    expect(await status(token)).toBe(200)
    expect(counter.reads - before).toBe(0)

    socket.disconnect()
    await eventually(
      async () => {
        clock().advance(minute)
        return status(token)
      },
      () => counter.reads - before > 0,
    )
    expect(counter.reads - before).toBe(1)

    const kept = await createUserWithSession(database.db, {}, clock())
    const keeper = await connectSocket(server.url, kept.token)
    clock().advance(3 * minute)
    expect((await request(server.url, 'POST', '/api/auth/logout', { token: kept.token })).status).toBe(200)
    expect(await status(kept.token)).toBe(401)
    keeper.disconnect()
  })
})

describe('revocation on this server', () => {
  it('a signed-out token is refused by the next request', async () => {
    const { token } = await createUserWithSession(database.db, {}, clock())
    expect(await status(token)).toBe(200)
    expect((await request(server.url, 'POST', '/api/auth/logout', { token })).status).toBe(200)
    expect(await status(token)).toBe(401)
  })

  it('a session ended from the Devices list, and the sessions ended by signing out everywhere else, are refused at once', async () => {
    const account = await signUpConfirmed(server)
    const phone = (await signIn(server, account.email, account.password)).body.token
    const laptop = (await signIn(server, account.email, account.password)).body.token
    for (const token of [account.token, phone, laptop]) expect(await status(token)).toBe(200)
    const devices = await request<{ items: Array<{ id: number; current: boolean }> }>(server.url, 'GET', '/api/auth/sessions', { token: phone })
    const phoneId = devices.body.items.find((device) => device.current)!.id
    expect((await request(server.url, 'DELETE', `/api/auth/sessions/${phoneId}`, { token: account.token })).status).toBe(200)
    expect(await status(phone)).toBe(401)
    expect(await status(laptop)).toBe(200)
    expect((await request(server.url, 'DELETE', '/api/auth/sessions/others', { token: account.token })).status).toBe(200)
    expect(await status(laptop)).toBe(401)
    expect(await status(account.token)).toBe(200)
  })

  it('a password change refuses the other sessions at once and keeps the asker’s', async () => {
    const account = await signUpConfirmed(server)
    const other = (await signIn(server, account.email, account.password)).body.token
    expect(await status(other)).toBe(200)
    const changed = await request(server.url, 'POST', '/api/auth/change_password', { token: account.token, body: { currentPassword: account.password, newPassword: 'a brand new password' } })
    expect(changed.status).toBe(200)
    expect(await status(other)).toBe(401)
    expect(await status(account.token)).toBe(200)
  })

  it('a password reset refuses every earlier session at once', async () => {
    const account = await signUpConfirmed(server)
    expect(await status(account.token)).toBe(200)
    expect((await request(server.url, 'POST', '/api/auth/forgot', { body: { email: account.email } })).status).toBe(200)
    const [mail] = await eventually(() => mailsTo(server, account.email), (mails) => mails.some((mail) => mail.text.includes('/reset/')))
      .then((mails) => mails.filter((mail) => mail.text.includes('/reset/')))
    const reset = await request(server.url, 'POST', '/api/auth/forgot/confirm', { body: { token: linkIn(mail!.text, 'reset'), password: 'another brand new password' } })
    expect(reset.status).toBe(200)
    expect(await status(account.token)).toBe(401)
  })

  it('a ban refuses the user’s sessions at once', async () => {
    const { user, token } = await createUserWithSession(database.db, {}, clock())
    expect(await status(token)).toBe(200)
    await server.app.accounts.banUser(user.id, 'cheating', new Date(clock().now().getTime() + day))
    expect(await status(token)).toBe(401)
  })

  it('a deleted account’s sessions are refused at once', async () => {
    const account = await signUpConfirmed(server)
    expect((await request(server.url, 'GET', '/api/auth/deleteUser', { token: account.token })).status).toBe(200)
    // Used every few days until its deletion is due, so the session itself stays live meanwhile.
    for (let days = 0; days <= server.config.accountDeletionDays; days += 5) {
      expect(await status(account.token)).toBe(200)
      clock().advance(5 * day)
    }
    expect(await server.app.accounts.purgeDeletedAccounts()).toBeGreaterThanOrEqual(1)
    expect(await status(account.token)).toBe(401)
  })
})

describe('settings', () => {
  it('saved settings are what every session of the user reads next', async () => {
    const account = await signUpConfirmed(server)
    const other = (await signIn(server, account.email, account.password)).body.token
    expect((await currentUser(server, other)).body.language).toBe('en')
    const nickname = `Renamed${Date.now() % 1_000_000}`
    const saved = await request(server.url, 'POST', '/api/auth/settings', { token: account.token, body: { settings: { nickname, language: 'de' } } })
    expect(saved.status).toBe(200)
    for (const token of [account.token, other]) {
      const me = await currentUser(server, token)
      expect({ nickname: me.body.nickname, language: me.body.language }).toEqual({ nickname, language: 'de' })
      expect((await request(server.url, 'GET', '/api/auth/settings', { token })).body).toMatchObject({ nickname, language: 'de' })
    }
  })
})

describe('user cards', () => {
  it('a card is read once, and the nickname saved in the settings is on it at once', async () => {
    const account = await signUpConfirmed(server)
    const me = (await currentUser(server, account.token)).body
    expect(await server.app.accounts.cardOf(me.id)).toMatchObject({ id: me.id, nickname: me.nickname, avatar: null, is_premium: false })
    const nickname = `Carded${Date.now() % 1_000_000}`
    expect((await request(server.url, 'POST', '/api/auth/settings', { token: account.token, body: { settings: { nickname } } })).status).toBe(200)
    expect(await server.app.accounts.cardOf(me.id)).toMatchObject({ id: me.id, nickname })
  })

  it('a card is kept until the user changes: a write behind the app’s back is not seen before the entry expires', async () => {
    const { user } = await createUserWithSession(database.db, {}, clock())
    expect((await server.app.accounts.cardOf(user.id))?.nickname).toBe(user.nickname)
    await database.db.updateTable('users').set({ nickname: `${user.nickname}x` }).where('id', '=', user.id).execute()
    expect((await server.app.accounts.cardOf(user.id))?.nickname).toBe(user.nickname)
    clock().advance(minute)
    expect((await server.app.accounts.cardOf(user.id))?.nickname).toBe(`${user.nickname}x`)
  })

  it('server accounts and unknown users have no card', async () => {
    const { user } = await createUserWithSession(database.db, { role_id: 4 }, clock())
    expect(await server.app.accounts.cardOf(user.id)).toBeUndefined()
    expect(await server.app.accounts.cardOf(2_000_000_000)).toBeUndefined()
  })
})
