import { io } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MediaTicket } from '../../server/contract/socket/media'
import { disconnectUser } from '../../server/lib/socket-handler'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { request as httpRequest } from '../helpers/http'
import { MediaTestClient } from '../helpers/media-client'
import { connectSocket, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

// Revoking media: whoever is no longer at the table (left, disbanded, seat changed, banned, a
// revoked share key) loses their media peer on the media server at once, and nothing of theirs is
// forwarded any more; tickets work once. Real app server, real sockets, node-datachannel peers.

let server: TestApp
let database: TestDatabase
const open: TestSocket[] = []
const cleanups: Array<() => unknown> = []

beforeAll(async () => {
  database = await createTestDatabase()
  server = await startTestApp({ database })
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  for (const socket of open.splice(0)) socket.disconnect()
})
afterAll(async () => {
  await server.close()
  await database.db.destroy()
  await new Promise((resolve) => setTimeout(resolve, 300))
  await database.dispose()
})

interface Member {
  id: number
  token: string
  socket: TestSocket
}

async function member(options: { admin?: boolean } = {}): Promise<Member> {
  const { user, token } = await createUserWithSession(server.database.db, options.admin ? { role_id: 3 } : {})
  const socket = await connectSocket(server.url, token)
  open.push(socket)
  return { id: user.id, token, socket }
}

function ask(socket: TestSocket, event: string, payload?: unknown): Promise<any> {
  const emitter = socket.timeout(5000) as any
  return payload === undefined ? emitter.emitWithAck(event) : emitter.emitWithAck(event, payload)
}

async function ticket(who: Member, lobbyId: number): Promise<MediaTicket> {
  const answer = await ask(who.socket, 'mafia:media:join', { id: lobbyId })
  if (answer.error) throw new Error(`ticket refused: ${answer.error}`)
  return answer as MediaTicket
}

async function joinMedia(ticketed: MediaTicket): Promise<MediaTestClient> {
  const client = await MediaTestClient.joinTicket(server.url, ticketed)
  cleanups.push(() => client.close())
  return client
}

/** Publishes audio and video, one packet of each every 20 ms, until the test ends. */
async function publishing(client: MediaTestClient): Promise<void> {
  await client.publish({ audio: true, video: ['high'] })
  let first = true
  const timer = setInterval(() => {
    client.sendVideo({ keyframe: first || client.rtcpFor('video').length > 0 })
    first = false
    client.sendAudio()
  }, 20)
  cleanups.push(() => clearInterval(timer))
}

/** An open table of two publishers: its creator (who listens) and a seated player (who talks). */
async function tableOfTwo() {
  const creator = await member()
  const lobby = await ask(creator.socket, 'mafia:create:lobby', { name: 'Revocation', language: 'en' })
  const player = await member()
  expect((await ask(player.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
  const listener = await joinMedia(await ticket(creator, lobby.id))
  const talker = await joinMedia(await ticket(player, lobby.id))
  await publishing(talker)
  await hears(listener, player)
  return { lobbyId: lobby.id as number, creator, player, listener, talker }
}

async function hears(client: MediaTestClient, from: Member): Promise<void> {
  const before = client.packets(String(from.id), 'audio').length
  await client.until(() => client.packets(String(from.id), 'audio').length >= before + 10, `audio of ${from.id}`)
}

/** The peer's media connection is closed by the server within a second, as revoked. */
async function closedWithinASecond(client: MediaTestClient): Promise<void> {
  expect(await client.waitForClose(1000)).toBe(4004)
  expect(client.messages).toContainEqual({ type: 'error', code: 'errors.media.revoked' })
}

/** Nothing more of `from` reaches `client` (after letting packets on their way arrive). */
async function nothingMoreFrom(client: MediaTestClient, from: Member): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 200))
  const audio = client.packets(String(from.id), 'audio').length
  const video = client.packets(String(from.id), 'video').length
  await new Promise((resolve) => setTimeout(resolve, 800))
  expect(client.packets(String(from.id), 'audio').length).toBe(audio)
  expect(client.packets(String(from.id), 'video').length).toBe(video)
}

describe('media revocation', () => {
  it('leaving the table closes the peer at once; nothing more of it is forwarded; its unused ticket no longer opens the room', { timeout: 60_000 }, async () => {
    const { lobbyId, player, listener, talker } = await tableOfTwo()
    const spare = await ticket(player, lobbyId)
    player.socket.emit('mafia:lobby:leave')
    await closedWithinASecond(talker)
    await nothingMoreFrom(listener, player)
    await expect(MediaTestClient.joinTicket(server.url, spare)).rejects.toThrow('errors.media.revoked')
    expect(await ask(player.socket, 'mafia:media:join', { id: lobbyId })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
  })

  it('a ticket works once', { timeout: 30_000 }, async () => {
    const creator = await member()
    const lobby = await ask(creator.socket, 'mafia:create:lobby', { name: 'Once', language: 'en' })
    const given = await ticket(creator, lobby.id)
    const first = await joinMedia(given)
    await first.close()
    await expect(MediaTestClient.joinTicket(server.url, given)).rejects.toThrow('errors.media.token_invalid')
  })

  it('a seat change closes the receive-only peer; the fresh ticket publishes', { timeout: 30_000 }, async () => {
    const creator = await member()
    const lobby = await ask(creator.socket, 'mafia:create:lobby', { name: 'Seat change', language: 'en' })
    const watcher = await member()
    expect((await ask(watcher.socket, 'mafia:watch:lobby', { id: lobby.id })).as).toBe('spectator')
    const watching = await joinMedia(await ticket(watcher, lobby.id))
    expect((await ask(watcher.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
    await closedWithinASecond(watching)
    const seated = await ticket(watcher, lobby.id)
    expect(seated.role).toBe('publisher')
    await publishing(await joinMedia(seated))
  })

  it('a disband closes every peer of the table', { timeout: 60_000 }, async () => {
    const { lobbyId, listener, talker } = await tableOfTwo()
    const admin = await member({ admin: true })
    expect(await ask(admin.socket, 'mafia:disband:lobby', { id: lobbyId })).toEqual({ ok: true })
    await Promise.all([closedWithinASecond(listener), closedWithinASecond(talker)])
    expect(server.app.media.rooms.get(`lobby-${lobbyId}`)?.size ?? 0).toBe(0)
  })

  it('a ban (the user disconnected everywhere) closes their media peer at once and refuses their older tickets', { timeout: 60_000 }, async () => {
    const { lobbyId, player, listener, talker } = await tableOfTwo()
    const spare = await ticket(player, lobbyId)
    disconnectUser(server.app.io, player.id, 'banned')
    await closedWithinASecond(talker)
    await nothingMoreFrom(listener, player)
    await expect(MediaTestClient.joinTicket(server.url, spare)).rejects.toThrow('errors.media.token_invalid')
  })

  it('a peer the room control does not name is closed', { timeout: 60_000 }, async () => {
    const { lobbyId, creator, player, listener, talker } = await tableOfTwo()
    const room = server.app.media.rooms.get(`lobby-${lobbyId}`)
    room?.setGrants({ [String(creator.id)]: { role: 'publisher', cameras: 'all' } })
    await closedWithinASecond(talker)
    await nothingMoreFrom(listener, player)
  })

  /** The streamer's page (a share key, no session) watching the streamer's table, joined to its media room. */
  async function sharePage(key: string, lobbyId: number): Promise<{ page: TestSocket; media: MediaTestClient }> {
    const page: TestSocket = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: { shareKey: key }, reconnection: false, forceNew: true })
    open.push(page)
    await new Promise((resolve, reject) => {
      page.once('connect', () => resolve(undefined))
      page.once('connect_error', reject)
    })
    expect((await ask(page, 'share:watch')).lobby.id).toBe(lobbyId)
    const pageTicket = (await ask(page, 'share:media')) as MediaTicket
    expect(pageTicket.peerId).toMatch(/^share-/)
    return { page, media: await joinMedia(pageTicket) }
  }

  it("a revoked share key closes the streamer's pages' media peers; a page that closes loses its own", { timeout: 60_000 }, async () => {
    const { lobbyId, creator } = await tableOfTwo()
    const key = (await httpRequest(server.url, 'POST', '/api/auth/shareKey', { token: creator.token })).body.key as string
    const first = await sharePage(key, lobbyId)
    const second = await sharePage(key, lobbyId)
    first.page.disconnect()
    await closedWithinASecond(first.media)
    expect(second.media.closeCode).toBeNull()
    expect((await httpRequest(server.url, 'DELETE', '/api/auth/shareKey', { token: creator.token })).status).toBe(200)
    await closedWithinASecond(second.media)
  })
})
