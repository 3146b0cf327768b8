import { sql } from 'kysely'
import { io } from 'socket.io-client'
import { describe, expect, it, vi } from 'vitest'
import type { RateLimits } from '../../server/plugins/rate-limit'
import { request as httpRequest } from '../helpers/http'
import { request, requestResult } from '../helpers/requests'
import { connectSocket, type TestSocket } from '../helpers/sockets'
import { relaxedRateLimits } from '../helpers/test-app'
import { twoNodesForFile, type TwoNodes } from '../helpers/two-nodes'
import { connectPlayer, createUserWithSession, type Player } from '../helpers/users'

const minute = 60_000

/** Small allowances over long windows, the same on both servers: whatever one counts, the other sees. */
const limits: RateLimits = {
  ...relaxedRateLimits,
  global: { max: 4, window: minute },
  sockets: {
    ...relaxedRateLimits.sockets,
    socketsPerUser: 3,
    requests: { 'friends:request:create': { max: 3, windowMs: minute } },
  },
}

/** Limits across two app servers sharing PostgreSQL and Redis (see two-nodes.ts). */
const nodes = twoNodesForFile('socket limits', { rateLimits: limits })

async function requestsFrom(both: TwoNodes, userId: number): Promise<number> {
  const row = await both.database.db
    .selectFrom('friend_requests')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('from_user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.n
}

function handshake(url: string, token: string): Promise<'connected' | string> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true })
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.disconnect()
      resolve('connected')
    })
    socket.once('connect_error', (error) => {
      socket.close()
      resolve(error.message)
    })
  })
}

describe('limits across two app servers', () => {
  it('a user’s sockets on both servers share one allowance: the next request on either is refused and writes nothing', async () => {
    const both = nodes()
    const sender = await connectPlayer(both.first)
    const elsewhere = await connectSocket(both.second.url, sender.token)
    const others: Player[] = []
    for (let count = 0; count < 4; count++) others.push(await connectPlayer(count % 2 ? both.first : both.second))
    const [one, two, three, four] = others as [Player, Player, Player, Player]
    await requestResult(sender.socket, 'friends:request:create', { id: one.id })
    await requestResult(elsewhere, 'friends:request:create', { id: two.id })
    await requestResult(sender.socket, 'friends:request:create', { id: three.id })
    for (const socket of [elsewhere, sender.socket]) {
      expect(await request(socket, 'friends:request:create', { id: four.id })).toEqual({ error: 'errors.rate_limited', retryAfter: expect.any(Number) })
    }
    expect(await requestsFrom(both, sender.id)).toBe(3)
  })

  it('caps a user’s open sockets over both servers and counts each user online once, wherever their sockets are', async () => {
    const both = nodes()
    const observer = await connectPlayer(both.first)
    const count = async () => ((await requestResult(observer.socket, 'getOnline')) as { count: number }).count
    const base = await count()
    const { token } = await createUserWithSession(both.database.db)
    const open: TestSocket[] = [await connectSocket(both.first.url, token), await connectSocket(both.second.url, token), await connectSocket(both.first.url, token)]
    expect(await handshake(both.second.url, token)).toBe('errors.rate_limited')
    expect(await handshake(both.first.url, token)).toBe('errors.rate_limited')
    // Three sockets on two servers: one user.
    expect(await count()).toBe(base + 1)
    for (const socket of open) socket.disconnect()
    await vi.waitFor(async () => expect(await count()).toBe(base), { timeout: 5000, interval: 200 })
    expect(await handshake(both.second.url, token)).toBe('connected')
  })

  it('counts an address’s HTTP calls on both servers together', async () => {
    const both = nodes()
    const answers = []
    for (const node of [both.first, both.second, both.first, both.second, both.first]) answers.push((await httpRequest(node.url, 'GET', '/api/auth')).status)
    expect(answers).toEqual([401, 401, 401, 401, 429])
  })
})
