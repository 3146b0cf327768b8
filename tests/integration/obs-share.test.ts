import { createHash } from 'node:crypto'
import { io } from 'socket.io-client'
import WebSocket from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { GameView } from '../../server/contract/game'
import type { TablePush, TableSnapshot } from '../../server/contract/socket/game'
import type { ShareView } from '../../server/contract/socket/sharing'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { ask, isBlack, SocketTable } from '../helpers/game-table'
import { request as httpRequest } from '../helpers/http'
import { rawRequest, request, requestResult } from '../helpers/requests'
import { closeOpenSockets, nextEvent, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer } from '../helpers/users'

let server: TestApp
let serverDatabase: TestDatabase

beforeAll(async () => {
  serverDatabase = await createTestDatabase()
  server = await startTestApp({ manualClock: true, database: serverDatabase })
})
afterEach(() => {
  closeOpenSockets()
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

const member = (): Promise<Member> => connectPlayer(server)

async function newKey(token: string): Promise<{ key: string; link: string; createdAt: string }> {
  const answer = await httpRequest(server.url, 'POST', '/api/auth/shareKey', { token })
  expect(answer.status).toBe(200)
  return answer.body
}

/** Opens a streamer's page socket the way /obs-share does: a share key and no session. */
function openPage(auth: Record<string, unknown>): Promise<TestSocket> {
  const socket: TestSocket = io(server.url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, forceNew: true })
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
    expect((await httpRequest(server.url, 'GET', '/api/auth/shareKey', { token: streamer.token })).body).toEqual({ active: false, createdAt: null })

    const made = await newKey(streamer.token)
    expect(made.key.length).toBeGreaterThanOrEqual(40)
    expect(made.link).toBe(`http://localhost:8080/obs-share#key=${made.key}`)
    const state = await httpRequest(server.url, 'GET', '/api/auth/shareKey', { token: streamer.token })
    expect(state.body).toEqual({ active: true, createdAt: made.createdAt })
    expect(JSON.stringify(state.body)).not.toContain(made.key)

    const row = await db().selectFrom('share_keys').selectAll().where('user_id', '=', streamer.id).executeTakeFirstOrThrow()
    expect(row.key_hash).toBe(createHash('sha256').update(made.key).digest('hex'))

    const replaced = await newKey(streamer.token)
    expect(replaced.key).not.toBe(made.key)
    expect(await db().selectFrom('share_keys').selectAll().where('user_id', '=', streamer.id).execute()).toHaveLength(1)

    expect((await httpRequest(server.url, 'DELETE', '/api/auth/shareKey', { token: streamer.token })).body).toEqual({ ok: true })
    expect((await httpRequest(server.url, 'GET', '/api/auth/shareKey', { token: streamer.token })).body).toEqual({ active: false, createdAt: null })
    // Revoking twice is not an error: the key is gone either way.
    expect((await httpRequest(server.url, 'DELETE', '/api/auth/shareKey', { token: streamer.token })).status).toBe(200)
  })

  it('is for signed-in users only, and the calls take no input', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const answer = await httpRequest(server.url, method, '/api/auth/shareKey')
      expect(answer.status).toBe(401)
      expect(answer.body.code).toBe('errors.unauthorized')
    }
    const streamer = await member()
    const extra = await httpRequest(server.url, 'POST', '/api/auth/shareKey', { token: streamer.token, body: { key: 'mine' } })
    expect(extra.status).toBe(400)
    expect(extra.body).toMatchObject({ code: 'errors.unknown_field', field: 'key' })
  })

  it('is limited per user, with Retry-After; another user is not held back', async () => {
    const busy = await member()
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let attempt = 0; attempt < 21; attempt++) {
      const method = attempt % 2 === 0 ? 'POST' : 'DELETE'
      const answer = await httpRequest(server.url, method, '/api/auth/shareKey', { token: busy.token })
      statuses.push(answer.status)
      retryAfter = answer.headers.get('retry-after')
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
    expect(Number(retryAfter)).toBeGreaterThan(0)
    const other = await member()
    expect((await httpRequest(server.url, 'POST', '/api/auth/shareKey', { token: other.token })).status).toBe(200)
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

    await httpRequest(server.url, 'DELETE', '/api/auth/shareKey', { token: streamer.token })
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
    await httpRequest(server.url, 'DELETE', '/api/auth/shareKey', { token: streamer.token })
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

/** Every push of a table's stream a socket receives, in order. */
function recordPushes(socket: TestSocket, lobbyId: number): TablePush[] {
  const pushes: TablePush[] = []
  socket.on('mafia:game:updated', (push) => {
    if (push.lobbyId === lobbyId) pushes.push(push)
  })
  return pushes
}

/** What a spectator may hold of a running game: no role, no night action, no own view, nothing to do. */
function expectSpectatorOnly(changes: Partial<GameView>): void {
  if (changes.viewer !== undefined) expect(changes.viewer).toEqual({ kind: 'spectator' })
  if (changes.you !== undefined) expect(changes.you).toBeNull()
  if (changes.nightActions !== undefined) expect(changes.nightActions).toEqual([])
  if (changes.actions !== undefined) expect(changes.actions).toEqual({ player: null, judge: null })
  for (const seat of changes.seats ?? []) expect([seat.role, seat.team]).toEqual([null, null])
}

/** A judged table of ten on this suite's server, its members signed up as they sit down. */
const newTable = () => new SocketTable({ newMember: member })

describe('what the page sees of a running game', () => {
  it('exactly the spectators’ stream, even when the streamer is a black player: no role, no night action, no own view', { timeout: 120_000 }, async () => {
    const table = newTable()
    await table.seat()
    const lobbyId = table.lobbyId
    const spectator = await member()
    await table.watch(spectator)
    const spectatorPushes = recordPushes(spectator.socket, lobbyId)
    // Every player streams: whoever the deal makes black, their page is watched from before the deal.
    const pages = []
    for (const player of table.players) {
      const page = await watchingPage((await newKey(player.token)).key)
      pages.push({ player, pushes: recordPushes(page.socket, lobbyId), ...page })
    }
    for (const page of pages) expect(page.first.lobby).toMatchObject({ id: lobbyId, as: 'player', game: null })

    // Through the zero night, a day with a vote, a night with a shot and both checks, to the second day.
    await table.judgeCommand({ type: 'start' })
    const judgeView = await table.play((view) => view.day === 2 && view.phase === 'day_speech')
    const roles = judgeView.seats.map((seat) => seat.role as string)
    const black = pages.filter((page) => isBlack(roles[table.players.indexOf(page.player)]))
    expect(black.length).toBe(3)
    expect(judgeView.nightResults.length).toBeGreaterThan(0)

    // A fresh look during the game: the spectators' view at their stream's position.
    const streamer = black[0]!
    const later = (await ask(streamer.socket, 'share:watch')) as ShareView
    streamer.received.push({ event: 'share:watch', payload: later })
    expect(later.lobby?.game).toMatchObject({ view: { viewer: { kind: 'spectator' }, you: null } })
    const seq = later.lobby?.game?.seq as number
    expect(seq).toBeGreaterThan(10)

    // Every page holds the spectators' stream push for push, nothing more and nothing less.
    await expect.poll(() => spectatorPushes.at(-1)?.seq).toBe(seq)
    for (const page of pages) await expect.poll(() => page.pushes.at(-1)?.seq).toBe(seq)
    expect(spectatorPushes.map((push) => push.seq)).toEqual(Array.from({ length: seq }, (_, index) => index + 1))
    for (const page of pages) expect(page.pushes).toEqual(spectatorPushes)

    const roleNames = [...new Set(roles)]
    for (const page of pages) {
      for (const { event, payload } of page.received) {
        if (event === 'mafia:game:updated') {
          expectSpectatorOnly(payload.changes)
          for (const seen of payload.events) expect(seen.type).not.toBe('night_action')
        }
        if (event === 'share:watch' || event === 'share:moved') if (payload.lobby?.game) expectSpectatorOnly(payload.lobby.game.view)
        // No role name of this game appears anywhere in what the page received while it runs.
        const text = JSON.stringify(payload)
        for (const role of roleNames) expect(text).not.toContain(`"${role}"`)
      }
    }
  })
})

describe('resuming the page’s stream (share:sync)', () => {
  it('a page that missed pushes resumes with exactly those; a stale or no position gets the view afresh; never a role before the end', { timeout: 120_000 }, async () => {
    const table = newTable()
    await table.seat()
    const lobbyId = table.lobbyId
    const spectator = await member()
    await table.watch(spectator)
    const spectatorPushes = recordPushes(spectator.socket, lobbyId)
    const streamer = table.players[0] as Member
    const { key } = await newKey(streamer.token)
    const first = await watchingPage(key)

    // Before the deal there is no stream to resume: the view is null.
    expect(await request(first.socket, 'share:sync', { id: lobbyId })).toEqual({ resumed: false, game: null })

    await table.judgeCommand({ type: 'start' })
    await table.play((view) => view.phase === 'day_speech' && view.speaker !== null)
    const held = (await requestResult(first.socket, 'share:watch')).lobby?.game as TableSnapshot
    expect(held.seq).toBeGreaterThan(1)
    // Nothing was missed: nothing to resume.
    expect(await request(first.socket, 'share:sync', { id: lobbyId, stream: held.stream, seq: held.seq })).toEqual({ resumed: true, pushes: [] })

    // The page drops off; the game goes on without it; the page comes back.
    first.socket.disconnect()
    await table.play((view) => view.phase === 'voting')
    const page = await watchingPage(key)
    const now = page.first.lobby?.game as TableSnapshot
    expect(now).toMatchObject({ stream: held.stream, view: { viewer: { kind: 'spectator' }, phase: 'voting' } })
    await expect.poll(() => spectatorPushes.at(-1)?.seq).toBe(now.seq)
    const missed = spectatorPushes.filter((push) => push.seq > held.seq)
    expect(missed.length).toBeGreaterThan(1)
    const resumed = await requestResult(page.socket, 'share:sync', { id: lobbyId, stream: held.stream, seq: held.seq })
    expect(resumed).toEqual({ resumed: true, pushes: missed })
    for (const push of missed) expectSpectatorOnly(push.changes)

    // A page that held an older stream (a restart, a handover) or none gets the spectators' view afresh.
    expect(await requestResult(page.socket, 'share:sync', { id: lobbyId, stream: 'an-old-stream', seq: 2 })).toEqual({ resumed: false, game: now })
    expect(await requestResult(page.socket, 'share:sync', { id: lobbyId })).toEqual({ resumed: false, game: now })
    expectSpectatorOnly(now.view)
    const roleNames = [...new Set((await table.view()).seats.map((seat) => seat.role as string))]
    for (const answer of [resumed, now]) for (const role of roleNames) expect(JSON.stringify(answer)).not.toContain(`"${role}"`)

    // Only for the table the streamer is at, only for a page, only a position, and not in a flood.
    expect(await request(page.socket, 'share:sync', { id: lobbyId + 1000 })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
    expect(await request(streamer.socket, 'share:sync', { id: lobbyId })).toEqual({ error: 'errors.unauthorized' })
    expect(await rawRequest(page.socket, 'share:sync', { id: lobbyId, seat: 1 })).toEqual({ error: 'errors.unknown_field', field: 'seat' })
    expect(await rawRequest(page.socket, 'share:sync', {})).toEqual({ error: 'errors.required', field: 'id' })
    // The allowance (10 per 10 s) is the streamer's over all their pages: a fresh page does not bring a new one.
    const flooding = await watchingPage(key)
    const answers = []
    for (let attempt = 0; attempt < 11; attempt++) answers.push(await request(flooding.socket, 'share:sync', { id: lobbyId }))
    const outcomes = answers.map((answer) => ('error' in answer ? answer.error : 'answered'))
    expect(outcomes.filter((outcome) => outcome === 'answered').length).toBeLessThanOrEqual(10)
    expect(outcomes).toContain('errors.rate_limited')
  })

  it('answers only for the table the streamer is at now: a page still holding the old one is refused', async () => {
    const streamer = await member()
    const { key } = await newKey(streamer.token)
    const created = await ask(streamer.socket, 'mafia:create:lobby', { name: 'Left soon', language: 'en' })
    const page = await watchingPage(key)
    expect(page.first.lobby?.id).toBe(created.id)
    const left = eventWhere(page.socket, 'share:moved', (view) => view.lobby === null)
    streamer.socket.emit('mafia:lobby:leave')
    await left
    expect(await request(page.socket, 'share:sync', { id: created.id })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })

    const other = await member()
    const elsewhere = await ask(other.socket, 'mafia:create:lobby', { name: 'Elsewhere', language: 'en' })
    await ask(streamer.socket, 'mafia:watch:lobby', { id: elsewhere.id })
    expect(await request(page.socket, 'share:sync', { id: created.id })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
    expect(await request(page.socket, 'share:sync', { id: elsewhere.id })).toEqual({ resumed: false, game: null })
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
