import { describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { connectSocket, nextEvent, type TestSocket } from '../helpers/sockets'
import { twoNodesForFile } from '../helpers/two-nodes'
import { createUserWithSession } from '../helpers/users'

/** The admin panel's ban across two app servers sharing PostgreSQL and Redis. */
const nodes = twoNodesForFile('admin bans')

function revokedAndDisconnected(socket: TestSocket): Promise<string> {
  const revoked = nextEvent(socket, 'auth:revoked')
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve))
  return Promise.all([revoked, disconnected]).then(([payload]) => payload.reason)
}

describe('admin bans on two app servers', () => {
  it('a ban through one server disconnects the user’s sockets on both at once and ends their sessions on both', async () => {
    const both = nodes()
    const admin = await createUserWithSession(both.database.db, { role_id: 3 })
    const { user, token } = await createUserWithSession(both.database.db)
    const onFirst = await connectSocket(both.first.url, token)
    const onSecond = await connectSocket(both.second.url, token)
    const cut = [revokedAndDisconnected(onFirst), revokedAndDisconnected(onSecond)]
    const banned = await request(both.first.url, 'POST', `/api/admin/bans/${user.id}`, { token: admin.token, body: { reason: 'Cheating', time: 60 } })
    expect(banned.status).toBe(200)
    expect(await Promise.all(cut)).toEqual(['banned', 'banned'])
    expect((await request(both.second.url, 'GET', '/api/auth', { token })).status).toBe(401)
  })
})
