import { createHash } from 'node:crypto'
import { io } from 'socket.io-client'
import WebSocket from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ShareView } from '../../server/contract/socket/sharing'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { request } from '../helpers/http'
import { connectSocket, nextEvent, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

let server: TestApp
let serverDatabase: TestDatabase
const open: TestSocket[] = []

beforeAll(async () => {
  serverDatabase = await createTestDatabase()
  server = await startTestApp({ manualClock: true, database: serverDatabase })
})
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect()
})
afterAll(async () => {
  await server.close()
  await serverDatabase.db.destroy()
  // Let the pool's connections finish closing before the database is dropped.
  await new Promise((resolve) => setTimeout(resolve, 300))
  await serverDatabase.dispose()
})

const db = () => server.database.db

interface Member {
  id: number
  token: string
  socket: TestSocket
}

async function member(): Promise<Member> {
  const { user, token } = await createUserWithSession(db())
  const socket = await connectSocket(server.url, token)
  open.push(socket)
  return { id: user.id, token, socket }
}

/** Sends a request and resolves with its ack. */
function ask(socket: TestSocket, event: string, payload?: unknown): Promise<any> {
  const emitter = socket.timeout(5000) as any
  return payload === undefined ? emitter.emitWithAck(event) : emitter.emitWithAck(event, payload)
}

async function newKey(token: string): Promise<{ key: string; link: string; createdAt: string }> {
  const answer = await request(server.url, 'POST', '/api/auth/shareKey', { token })
  expect(answer.status).toBe(200)
  return answer.body
}

/** Opens a streamer's page socket the way /obs-share does: a share key and no session. */
function openPage(auth: Record<string, unknown>): Promise<TestSocket> {
  const socket: TestSocket = io(server.url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, forceNew: true })
  open.push(socket)
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (error) => reject(error))
  })
}

/** A page with everything it receives recorded: moves, game events and table updates. */
async function watchingPage(key: string) {
  const socket = await openPage({ shareKey: key })
  const received: { event: string; payload: any }[] = []
  socket.onAny((event, payload) => received.push({ event, payload }))
  const first = (await ask(socket, 'share:watch')) as ShareView
  received.push({ event: 'share:watch', payload: first })
  return { socket, received, first }
}

/** Resolves with the first payload of an event that matches. */
function eventWhere(socket: TestSocket, event: string, match: (payload: any) => boolean, timeoutMs = 5000): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event}`)), timeoutMs)
    const listener = (payload: any) => {
      if (!match(payload)) return
      clearTimeout(timer)
      socket.off(event as any, listener)
      resolve(payload)
    }
    socket.on(event as any, listener)
  })
}

describe('the share key', () => {
  it('is made for the signed-in user, shown once in a fragment link, stored only as its hash, replaced and revoked', async () => {
    const streamer = await member()
    expect((await request(server.url, 'GET', '/api/auth/shareKey', { token: streamer.token })).body).toEqual({ active: false, createdAt: null })

    const made = await newKey(streamer.token)
    expect(made.key.length).toBeGreaterThanOrEqual(40)
    expect(made.link).toBe(`http://localhost:8080/obs-share#key=${made.key}`)
    const state = await request(server.url, 'GET', '/api/auth/shareKey', { token: streamer.token })
    expect(state.body).toEqual({ active: true, createdAt: made.createdAt })
    expect(JSON.stringify(state.body)).not.toContain(made.key)

    const row = await db().selectFrom('share_keys').selectAll().where('user_id', '=', streamer.id).executeTakeFirstOrThrow()
    expect(row.key_hash).toBe(createHash('sha256').update(made.key).digest('hex'))

    const replaced = await newKey(streamer.token)
    expect(replaced.key).not.toBe(made.key)
    expect(await db().selectFrom('share_keys').selectAll().where('user_id', '=', streamer.id).execute()).toHaveLength(1)

    expect((await request(server.url, 'DELETE', '/api/auth/shareKey', { token: streamer.token })).body).toEqual({ ok: true })
    expect((await request(server.url, 'GET', '/api/auth/shareKey', { token: streamer.token })).body).toEqual({ active: false, createdAt: null })
    // Revoking twice is not an error: the key is gone either way.
    expect((await request(server.url, 'DELETE', '/api/auth/shareKey', { token: streamer.token })).status).toBe(200)
  })

  it('is for signed-in users only, and the calls take no input', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const answer = await request(server.url, method, '/api/auth/shareKey')
      expect(answer.status).toBe(401)
      expect(answer.body.code).toBe('errors.unauthorized')
    }
    const streamer = await member()
    const extra = await request(server.url, 'POST', '/api/auth/shareKey', { token: streamer.token, body: { key: 'mine' } })
    expect(extra.status).toBe(400)
    expect(extra.body).toMatchObject({ code: 'errors.unknown_field', field: 'key' })
  })

  it('is limited per user, with Retry-After; another user is not held back', async () => {
    const busy = await member()
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let attempt = 0; attempt < 21; attempt++) {
      const method = attempt % 2 === 0 ? 'POST' : 'DELETE'
      const answer = await request(server.url, method, '/api/auth/shareKey', { token: busy.token })
      statuses.push(answer.status)
      retryAfter = answer.headers.get('retry-after')
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
    expect(Number(retryAfter)).toBeGreaterThan(0)
    const other = await member()
    expect((await request(server.url, 'POST', '/api/auth/shareKey', { token: other.token })).status).toBe(200)
  })
})

describe('opening the streamer page', () => {
  it('refuses a wrong, a replaced and a revoked key, and a socket that brings a session too', async () => {
    const streamer = await member()
    await expect(openPage({ shareKey: 'not-a-key' })).rejects.toThrow('errors.share.key_invalid')
    await expect(openPage({ shareKey: '' })).rejects.toThrow('errors.share.key_invalid')
    await expect(openPage({ shareKey: 42 })).rejects.toThrow('errors.share.key_invalid')

    const first = await newKey(streamer.token)
    await expect(openPage({ shareKey: first.key, token: streamer.token })).rejects.toThrow('errors.share.key_invalid')
    const second = await newKey(streamer.token)
    await expect(openPage({ shareKey: first.key })).rejects.toThrow('errors.share.key_invalid')
    await openPage({ shareKey: second.key })

    await request(server.url, 'DELETE', '/api/auth/shareKey', { token: streamer.token })
    await expect(openPage({ shareKey: second.key })).rejects.toThrow('errors.share.key_invalid')
  })

  it('refuses the key of a banned streamer', async () => {
    const streamer = await member()
    const { key } = await newKey(streamer.token)
    await db().insertInto('bans').values({ user_id: streamer.id, reason: 'cheating', until: new Date(Date.now() + 86_400_000) }).execute()
    await expect(openPage({ shareKey: key })).rejects.toThrow('errors.share.key_invalid')
  })

  it('closes open pages when the key is revoked or replaced, telling them why', async () => {
    const streamer = await member()
    const page = await openPage({ shareKey: (await newKey(streamer.token)).key })
    const ended = nextEvent(page, 'share:ended')
    const gone = new Promise((resolve) => page.once('disconnect', resolve))
    await newKey(streamer.token)
    expect(await ended).toEqual({ reason: 'regenerated' })
    await gone

    const again = await openPage({ shareKey: (await newKey(streamer.token)).key })
    const revoked = nextEvent(again, 'share:ended')
    await request(server.url, 'DELETE', '/api/auth/shareKey', { token: streamer.token })
    expect(await revoked).toEqual({ reason: 'revoked' })
  })

  it('can do nothing but watch: every other request is refused as from no user', async () => {
    const streamer = await member()
    const { key } = await newKey(streamer.token)
    const owner = await member()
    const lobby = await ask(owner.socket, 'mafia:create:lobby', { name: 'Open table', language: 'en' })
    const page = await openPage({ shareKey: key })
    expect(await ask(page, 'mafia:lobby:in')).toEqual({ error: 'errors.unauthorized' })
    expect(await ask(page, 'mafia:lobby:list')).toEqual({ error: 'errors.unauthorized' })
    expect(await ask(page, 'mafia:join:lobby', { id: lobby.id })).toEqual({ error: 'errors.unauthorized' })
    expect(await ask(page, 'mafia:watch:lobby', { id: lobby.id })).toEqual({ error: 'errors.unauthorized' })
    expect(await ask(page, 'mafia:media:join', { id: lobby.id })).toEqual({ error: 'errors.unauthorized' })
    expect(await ask(page, 'friends:list')).toEqual({ error: 'errors.unauthorized' })
    // A signed-in socket has no streamer to follow.
    expect(await ask(streamer.socket, 'share:watch')).toEqual({ error: 'errors.unauthorized' })
  })
})

describe('following the streamer', () => {
  it('waits while the streamer is at no table, then follows them to a table, to another and away', async () => {
    const streamer = await member()
    const { key } = await newKey(streamer.token)
    const { socket: page, first } = await watchingPage(key)
    expect(first.streamer).toMatchObject({ id: streamer.id })
    expect(first.lobby).toBeNull()

    // The streamer opens a table: the page shows it, as a spectator would see it.
    const moved = nextEvent(page, 'share:moved')
    const created = await ask(streamer.socket, 'mafia:create:lobby', { name: 'Streamed table', language: 'en' })
    const atFirst = (await moved) as ShareView
    expect(atFirst.lobby).toMatchObject({ id: created.id, member: false, as: 'player', game: null })
    expect(atFirst.lobby?.lobby.players).toEqual([expect.objectContaining({ seat: 1, user: expect.objectContaining({ id: streamer.id }) })])

    // Someone sits down: the page hears the table's update like everyone at it.
    const guest = await member()
    const updated = eventWhere(page, 'mafia:lobby:updated', (summary) => summary.id === created.id && summary.players.length === 2)
    await ask(guest.socket, 'mafia:join:lobby', { id: created.id })
    await updated

    // The streamer leaves and watches another table: the page follows, and hears the old one no more.
    const other = await member()
    const second = await ask(other.socket, 'mafia:create:lobby', { name: 'Second table', language: 'en' })
    const left = eventWhere(page, 'share:moved', (view) => view.lobby === null)
    streamer.socket.emit('mafia:lobby:leave')
    await left
    const followed = eventWhere(page, 'share:moved', (view) => view.lobby?.id === second.id)
    await ask(streamer.socket, 'mafia:watch:lobby', { id: second.id })
    const atSecond = (await followed) as ShareView
    expect(atSecond.lobby).toMatchObject({ id: second.id, as: 'spectator', member: false })

    const stale: any[] = []
    page.on('mafia:lobby:updated', (summary) => {
      if (summary.id === created.id) stale.push(summary)
    })
    const heard = eventWhere(page, 'mafia:lobby:updated', (summary) => summary.id === second.id && summary.players.length === 2)
    const another = await member()
    await ask(another.socket, 'mafia:join:lobby', { id: created.id })
    const joiner = await member()
    await ask(joiner.socket, 'mafia:join:lobby', { id: second.id })
    await heard
    expect(stale).toEqual([])

    // Asking again (a reconnect) gives the same table.
    expect(((await ask(page, 'share:watch')) as ShareView).lobby?.id).toBe(second.id)
  })

  it('every page of one streamer follows, and a page opened while the streamer sits shows the table at once', async () => {
    const streamer = await member()
    const { key } = await newKey(streamer.token)
    const created = await ask(streamer.socket, 'mafia:create:lobby', { name: 'Sitting already', language: 'en' })
    const one = await watchingPage(key)
    const two = await watchingPage(key)
    expect(one.first.lobby?.id).toBe(created.id)
    expect(two.first.lobby?.id).toBe(created.id)
    const bothLeft = Promise.all([one, two].map((page) => eventWhere(page.socket, 'share:moved', (view) => view.lobby === null)))
    streamer.socket.emit('mafia:lobby:leave')
    await bothLeft
  })
})

describe('what the page sees of a running game', () => {
  it('only the spectators’ view, even when the streamer is a black player: no role, no night action, no own view', { timeout: 60_000 }, async () => {
    const judge = await member()
    const lobby = await ask(judge.socket, 'mafia:create:lobby', { name: 'Judged and streamed', language: 'en', as: 'judge' })
    const players: Member[] = []
    for (let index = 0; index < 10; index++) {
      const player = await member()
      expect((await ask(player.socket, 'mafia:join:lobby', { id: lobby.id })).error).toBeUndefined()
      players.push(player)
    }
    // Every player streams: whoever the deal makes black, their page is watched from before the deal.
    const pages = []
    for (const player of players) pages.push({ player, ...(await watchingPage((await newKey(player.token)).key)) })
    for (const page of pages) expect(page.first.lobby).toMatchObject({ id: lobby.id, as: 'player', game: null })

    const dealt = Promise.all(pages.map((page) => eventWhere(page.socket, 'mafia:game:event', (push) => push.lobbyId === lobby.id && push.event.version >= 2)))
    expect((await ask(judge.socket, 'mafia:game:command', { id: lobby.id, command: { type: 'start' } })).error).toBeUndefined()
    await dealt

    // Who is black, from each player's own view.
    const roles = new Map<number, string>()
    for (const player of players) roles.set(player.id, (await ask(player.socket, 'mafia:load:lobby', { id: lobby.id })).game.you.role)
    const black = pages.filter((page) => roles.get(page.player.id) === 'Don' || roles.get(page.player.id) === 'Mafia')
    expect(black.length).toBeGreaterThanOrEqual(2)

    // A public event reaches the pages: the judge fouls the black streamer.
    const streamer = black[0]!
    const seat = (await ask(streamer.player.socket, 'mafia:load:lobby', { id: lobby.id })).game.you.seat as number
    const fouled = eventWhere(streamer.socket, 'mafia:game:event', (push) => push.event.type === 'foul')
    expect((await ask(judge.socket, 'mafia:game:command', { id: lobby.id, command: { type: 'foul', seat } })).error).toBeUndefined()
    expect((await fouled).event).toMatchObject({ type: 'foul', seat })
    for (let step = 0; step < 3; step++) await ask(judge.socket, 'mafia:game:command', { id: lobby.id, command: { type: 'next' } })

    // A fresh look after the deal: the spectators' view of the game.
    const later = (await ask(streamer.socket, 'share:watch')) as ShareView
    streamer.received.push({ event: 'share:watch', payload: later })
    expect(later.lobby?.game).toMatchObject({ viewer: { kind: 'spectator' }, you: null })
    expect((later.lobby?.game as any).seats[seat - 1].fouls).toBe(1)

    const roleNames = [...new Set(roles.values())]
    for (const page of pages) {
      for (const { event, payload } of page.received) {
        if (event === 'mafia:game:event') {
          const pushed = payload.event
          if (pushed.type === 'roles_dealt' || pushed.version === 2) expect(Object.keys(pushed)).not.toContain('roles')
          expect(pushed.type).not.toBe('night_action')
          if (pushed.type === 'vote_cast') expect(pushed.voter).toBeNull()
        }
        const views = event === 'share:watch' || event === 'share:moved' ? [payload.lobby?.game].filter(Boolean) : []
        for (const view of views) {
          expect(view.viewer).toEqual({ kind: 'spectator' })
          expect(view.you).toBeNull()
          expect(view.nightActions).toEqual([])
          for (const seatView of view.seats) expect([seatView.role, seatView.team]).toEqual([null, null])
        }
        // No role name of this game appears anywhere in what the page received while it runs.
        const text = JSON.stringify(payload)
        for (const role of roleNames) expect(text).not.toContain(`"${role}"`)
      }
    }
  })
})

/** Joins a media room over the signalling WebSocket and resolves with the server's first answer. */
function joinMediaRoom(url: string, token: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${url}`)
    const timer = setTimeout(() => reject(new Error('no answer from the media server')), 5000)
    socket.once('open', () => socket.send(JSON.stringify({ type: 'join', token })))
    socket.once('message', (data) => {
      clearTimeout(timer)
      socket.close()
      resolve(JSON.parse(String(data)))
    })
    socket.once('error', reject)
  })
}

describe('the page’s video', () => {
  it('gets a receive-only ticket for the streamer’s live table, with a peer id that is no user’s', async () => {
    const streamer = await member()
    const { key } = await newKey(streamer.token)
    const { socket: page } = await watchingPage(key)
    expect(await ask(page, 'share:media')).toEqual({ error: 'errors.lobby.not_member', field: 'lobby' })

    const created = await ask(streamer.socket, 'mafia:create:lobby', { name: 'Filmed table', language: 'en' })
    const ticket = await ask(page, 'share:media')
    expect(ticket).toMatchObject({ role: 'subscriber', roomId: `lobby-${created.id}` })
    expect(ticket.peerId).toMatch(new RegExp(`^share-${streamer.id}-`))
    expect(Number.isInteger(Number(ticket.peerId))).toBe(false)
    const joined = await joinMediaRoom(ticket.url, ticket.token)
    expect(joined).toMatchObject({ type: 'joined', you: { peerId: ticket.peerId, role: 'subscriber', roomId: `lobby-${created.id}` } })

    // A signed-in socket has no page to film for; the streamer's own ticket stays theirs to publish with.
    expect(await ask(streamer.socket, 'share:media')).toEqual({ error: 'errors.unauthorized' })
    expect(await ask(streamer.socket, 'mafia:media:join', { id: created.id })).toMatchObject({ role: 'publisher', peerId: String(streamer.id) })
  })
})
