import { describe, expect, it } from 'vitest'
import { connectSocket, nextEvent, type TestSocket } from '../helpers/sockets'
import { twoNodesForFile } from '../helpers/two-nodes'
import { createUserWithSession } from '../helpers/users'

/** Sessions cut off across two app servers sharing PostgreSQL and Redis (see two-nodes.ts). */
const nodes = twoNodesForFile('session cut-off')
const day = 24 * 60 * 60_000

/** Resolves with the reason of `auth:revoked` once the socket was also disconnected by the server. */
function revokedAndDisconnected(socket: TestSocket): Promise<{ reason: string; disconnect: string }> {
  const revoked = nextEvent(socket, 'auth:revoked')
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve))
  return Promise.all([revoked, disconnected]).then(([payload, disconnect]) => ({ reason: payload.reason, disconnect }))
}

describe('sessions on two app servers', () => {
  it('a ban on one server disconnects the user’s sockets on both at once', async () => {
    const both = nodes()
    const { user, token } = await createUserWithSession(both.database.db)
    const onFirst = await connectSocket(both.first.url, token)
    const onSecond = await connectSocket(both.second.url, token)
    const cut = [revokedAndDisconnected(onFirst), revokedAndDisconnected(onSecond)]
    await both.first.app.accounts.banUser(user.id, 'cheating', new Date(Date.now() + day))
    expect(await Promise.all(cut)).toEqual([
      { reason: 'banned', disconnect: 'io server disconnect' },
      { reason: 'banned', disconnect: 'io server disconnect' },
    ])
  })
})
