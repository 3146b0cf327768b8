import { describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { twoNodesForFile } from '../helpers/two-nodes'
import { createUserWithSession } from '../helpers/users'
import type { TestApp } from '../helpers/test-app'
import { currentUser, eventually } from './auth-support'

/**
 * The sessions cache across two app servers sharing PostgreSQL and Redis: what one server revokes or
 * changes, the other forgets (Redis pub/sub), and a server whose subscriber reconnected forgets
 * everything it held. One server's own view: session-cache.test.ts.
 */
const nodes = twoNodesForFile('session cache')
const day = 24 * 60 * 60_000

const status = async (server: TestApp, token: string) => (await currentUser(server, token)).status

describe('sessions cached on two app servers', () => {
  it('a token signed out on one server is refused by the other within a second', async () => {
    const { first, second, database } = nodes()
    const { token } = await createUserWithSession(database.db)
    expect(await status(second, token)).toBe(200)
    expect((await request(first.url, 'POST', '/api/auth/logout', { token })).status).toBe(200)
    expect(await eventually(() => status(second, token), (code) => code === 401, 1000)).toBe(401)
  })

  it('a ban on one server refuses the user’s sessions on the other within a second', async () => {
    const { first, second, database } = nodes()
    const { user, token } = await createUserWithSession(database.db)
    expect(await status(second, token)).toBe(200)
    await first.app.accounts.banUser(user.id, 'cheating', new Date(Date.now() + day))
    expect(await eventually(() => status(second, token), (code) => code === 401, 1000)).toBe(401)
  })

  it('settings saved on one server are read on the other within a second', async () => {
    const { first, second, database } = nodes()
    const { token } = await createUserWithSession(database.db)
    expect((await currentUser(second, token)).body.language).toBe('en')
    expect((await request(first.url, 'POST', '/api/auth/settings', { token, body: { settings: { language: 'uk' } } })).status).toBe(200)
    const seen = await eventually(() => currentUser(second, token), (me) => me.body.language === 'uk', 1000)
    expect(seen.body.language).toBe('uk')
  })

  it('a server whose subscriber reconnects forgets what it held: messages sent meanwhile may be lost', async () => {
    const { second, database } = nodes()
    const { user, token } = await createUserWithSession(database.db)
    expect((await currentUser(second, token)).body.language).toBe('en')
    // A change no server announces: only forgetting everything can bring it in before the entry expires.
    await database.db.updateTable('users').set({ language: 'he' }).where('id', '=', user.id).execute()
    expect((await currentUser(second, token)).body.language).toBe('en')
    const redis = second.app.redis!
    // Both servers' subscribers carry the channel's name: cut them both, each reconnects by itself.
    const clients = String(await redis.client.sendCommand(['CLIENT', 'LIST', 'TYPE', 'pubsub']))
    const subscribers = clients.split('\n').filter((line) => line.includes(` name=${redis.prefix}cache-invalidations `))
    const ids = subscribers.map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1]).filter((id) => id !== undefined)
    expect(ids, clients).toHaveLength(2)
    for (const id of ids) await redis.client.sendCommand(['CLIENT', 'KILL', 'ID', id])
    const seen = await eventually(() => currentUser(second, token), (me) => me.body.language === 'he', 5000)
    expect(seen.body.language).toBe('he')
  })
})
