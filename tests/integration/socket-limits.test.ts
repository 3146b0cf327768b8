import { sql } from 'kysely'
import { io } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../db/schema'
import { defaultSocketLimits, type RateLimits } from '../../server/plugins/rate-limit'
import { request, requestResult } from '../helpers/requests'
import { closeOpenSockets, connectSocket, type TestSocket } from '../helpers/sockets'
import { relaxedRateLimits, startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer, createUserWithSession, type Player } from '../helpers/users'

const minute = 60_000

/** Small allowances over long windows: a test's calls all fall in one window, so the refusal is exact. */
const limits: RateLimits = {
  ...relaxedRateLimits,
  sockets: {
    ...relaxedRateLimits.sockets,
    handshakePerUser: { max: 6, windowMs: minute },
    socketsPerUser: 4,
    requests: {
      'friends:request:create': { max: 3, windowMs: minute },
      'chat:create': { max: 2, windowMs: minute },
      'chat:group:create': { max: 1, windowMs: minute },
      'mafia:create:lobby': { max: 1, windowMs: minute },
      'mafia:join:lobby': { max: 1, windowMs: minute },
      'mafia:watch:lobby': { max: 1, windowMs: minute },
      getOnline: { max: 20, windowMs: minute },
    },
  },
}

let server: TestApp

beforeAll(async () => {
  server = await startTestApp({ rateLimits: limits })
})
afterEach(closeOpenSockets)
afterAll(() => server.close())

const player = () => connectPlayer(server)
/** Another tab of the same user. */
const tab = (of: Player) => connectSocket(server.url, of.token)

async function rows(table: keyof Database): Promise<number> {
  const row = await server.database.db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
  return row.n
}

/** A refusal by a limit: errors.rate_limited with whole seconds to wait. */
function expectLimited(answer: unknown): void {
  expect(answer).toEqual({ error: 'errors.rate_limited', retryAfter: expect.any(Number) })
  expect((answer as { retryAfter: number }).retryAfter).toBeGreaterThanOrEqual(1)
}

/** Resolves with the handshake's refusal, or rejects when the socket connected. */
function refusedHandshake(token?: string): Promise<{ message: string; data?: { retryAfter?: number } }> {
  const socket = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true })
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.disconnect()
      reject(new Error('the handshake was accepted'))
    })
    socket.once('connect_error', (error) => {
      socket.close()
      resolve(error as Error & { data?: { retryAfter?: number } })
    })
  })
}

describe('request allowances count per user, over all their sockets', () => {
  it('friend requests: three sockets share one allowance; the next request is refused and writes nothing; another user is not held back', async () => {
    const sender = await player()
    const tabs: TestSocket[] = [sender.socket, await tab(sender), await tab(sender)]
    const others = await Promise.all(Array.from({ length: 5 }, () => player()))
    for (const [index, socket] of tabs.entries()) {
      expect(await requestResult(socket, 'friends:request:create', { id: (others[index] as Player).id })).toMatchObject({ status: 'requested' })
    }
    const before = await rows('friend_requests')
    expectLimited(await request(tabs[0] as TestSocket, 'friends:request:create', { id: (others[3] as Player).id }))
    expectLimited(await request(await tab(sender), 'friends:request:create', { id: (others[3] as Player).id }))
    expect(await rows('friend_requests')).toBe(before)
    expect(await requestResult((others[4] as Player).socket, 'friends:request:create', { id: (others[3] as Player).id })).toMatchObject({ status: 'requested' })
  })

  it('one-to-one and party chats: the allowance spans the sockets, and the refused call creates no chat', async () => {
    const owner = await player()
    const second = await tab(owner)
    const [b, c, d] = await Promise.all([player(), player(), player()])
    await requestResult(owner.socket, 'chat:create', { id: b.id })
    await requestResult(second, 'chat:create', { id: c.id })
    let before = await rows('chats')
    expectLimited(await request(owner.socket, 'chat:create', { id: d.id }))
    expect(await rows('chats')).toBe(before)

    // Whatever the party answers (a party, or an invitation awaiting consent), the second one is refused and writes nothing.
    await request(second, 'chat:group:create', { userId: b.id })
    before = await rows('chats')
    const invites = await rows('party_invites')
    expectLimited(await request(owner.socket, 'chat:group:create', { userId: c.id }))
    expect(await rows('chats')).toBe(before)
    expect(await rows('party_invites')).toBe(invites)
  })

  it('tables: creating, taking a seat and watching are limited per user, and a refused call seats no one', async () => {
    const [host, other, guest] = await Promise.all([player(), player(), player()])
    const first = await requestResult(host.socket, 'mafia:create:lobby', { name: 'Limited table', language: 'en' })
    const second = await requestResult(other.socket, 'mafia:create:lobby', { name: 'Another table', language: 'en' })
    const lobbies = await rows('lobbies')
    expectLimited(await request(await tab(host), 'mafia:create:lobby', { name: 'One too many', language: 'en' }))
    expect(await rows('lobbies')).toBe(lobbies)

    await requestResult(guest.socket, 'mafia:join:lobby', { id: first.id })
    let members = await rows('lobby_members')
    const guestTab = await tab(guest)
    expectLimited(await request(guestTab, 'mafia:join:lobby', { id: second.id }))
    expect(await rows('lobby_members')).toBe(members)

    const watcher = await player()
    await requestResult(watcher.socket, 'mafia:watch:lobby', { id: first.id })
    members = await rows('lobby_members')
    expectLimited(await request(await tab(watcher), 'mafia:watch:lobby', { id: second.id }))
    expect(await rows('lobby_members')).toBe(members)
  })
})

describe('handshakes and open sockets per user', () => {
  it('caps a user’s open sockets, lets one in again when one closes, and limits how often they connect', async () => {
    const { user, token } = await createUserWithSession(server.database.db)
    const open = [] as TestSocket[]
    for (let count = 0; count < 4; count++) open.push(await connectSocket(server.url, token))
    // The fifth socket is over the cap (4): refused with no wait to tell, since it depends on a socket closing.
    expect(await refusedHandshake(token)).toMatchObject({ message: 'errors.rate_limited', data: undefined })
    ;(open.pop() as TestSocket).disconnect()
    await vi.waitFor(() => expect(server.app.io.of('/').adapter.rooms.get(`user:${user.id}`)?.size).toBe(3), { timeout: 5000, interval: 50 })
    open.push(await connectSocket(server.url, token))
    // Six handshakes in this minute (the refused one counted): the seventh is refused by the handshake limit, with the wait.
    ;(open.pop() as TestSocket).disconnect()
    const refusal = await refusedHandshake(token)
    expect(refusal.message).toBe('errors.rate_limited')
    expect(refusal.data?.retryAfter).toBeGreaterThanOrEqual(1)
  })
})

describe('the online count', () => {
  it('counts distinct users from a count kept up to date, never by asking every socket', async () => {
    const observer = await player()
    const fetchSockets = vi.spyOn(server.app.io.of('/').adapter, 'fetchSockets')
    const count = async () => {
      fetchSockets.mockClear()
      const answer = await requestResult(observer.socket, 'getOnline')
      expect(fetchSockets).not.toHaveBeenCalled()
      return answer.count
    }
    const base = await count()
    const a = await player()
    await tab(a)
    const b = await player()
    // Two sockets of one user count once.
    expect(await count()).toBe(base + 2)
    b.socket.disconnect()
    await vi.waitFor(async () => expect(await count()).toBe(base + 1), { timeout: 5000, interval: 200 })
    fetchSockets.mockRestore()
  })

  it('is limited per address for anonymous sockets: a new socket from the same address does not bring a new allowance', async () => {
    const first = await connectSocket(server.url)
    for (let call = 0; call < 20; call++) expect(await requestResult(first, 'getOnline')).toEqual({ count: expect.any(Number) })
    expectLimited(await request(first, 'getOnline'))
    expectLimited(await request(await connectSocket(server.url), 'getOnline'))
  })
})

describe('handshakes per address', () => {
  let strict: TestApp
  beforeAll(async () => {
    strict = await startTestApp({ rateLimits: { ...relaxedRateLimits, sockets: { ...defaultSocketLimits, handshakePerAddress: { max: 3, windowMs: minute } } } })
  })
  afterAll(() => strict.close())

  it('refuses the handshake over the limit before looking at its session, with the wait', async () => {
    for (let count = 0; count < 3; count++) await connectSocket(strict.url)
    const sessionsBefore = await strict.database.db.selectFrom('sessions').select(['id', 'last_seen_at']).execute()
    const { token } = await createUserWithSession(strict.database.db)
    // A valid session and a made-up one are refused alike: the session is never looked up.
    for (const attempt of [token, 'not-a-session-token']) {
      const socket = io(strict.url, { path: '/socket.io', transports: ['websocket'], auth: { token: attempt }, reconnection: false, forceNew: true })
      const refusal = await new Promise<Error & { data?: { retryAfter?: number } }>((resolve, reject) => {
        socket.once('connect', () => reject(new Error('the handshake was accepted')))
        socket.once('connect_error', (error) => resolve(error))
      })
      socket.close()
      expect(refusal.message).toBe('errors.rate_limited')
      expect(refusal.data?.retryAfter).toBeGreaterThanOrEqual(1)
    }
    const sessionsAfter = await strict.database.db.selectFrom('sessions').select(['id', 'last_seen_at']).execute()
    expect(sessionsAfter.length).toBe(sessionsBefore.length + 1)
    for (const session of sessionsBefore) expect(sessionsAfter).toContainEqual(session)
  })
})
