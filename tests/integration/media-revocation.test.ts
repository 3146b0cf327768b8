import { io } from 'socket.io-client'
import { describe, expect, it } from 'vitest'
import { disconnectUser } from '../../server/lib/socket-handler'
import type { Member } from '../helpers/game-table'
import { request as httpRequest } from '../helpers/http'
import { MediaTestClient } from '../helpers/media-client'
import { mediaTableSuite } from '../helpers/media-table'
import { request, requestResult } from '../helpers/requests'
import type { TestSocket } from '../helpers/sockets'

// Revoking media: whoever is no longer at the table (left, disbanded, seat changed, banned, a
// revoked share key) loses their media peer on the media server at once, and nothing of theirs is
// forwarded any more; tickets work once. Real app server, real sockets, node-datachannel peers.

const suite = mediaTableSuite()
const { member, ticket, joinMedia } = suite

/** Publishes audio and video, one packet of each every 20 ms, until the test ends. */
async function publishing(client: MediaTestClient): Promise<void> {
  await client.publish({ audio: true, video: ['high'] })
  let first = true
  const timer = setInterval(() => {
    client.sendVideo({ keyframe: first || client.rtcpFor('video').length > 0 })
    first = false
    client.sendAudio()
  }, 20)
  suite.afterTest(() => clearInterval(timer))
}

/** An open table of two publishers: its creator (who listens) and a seated player (who talks). */
async function tableOfTwo() {
  const creator = await member()
  const lobby = await requestResult(creator.socket, 'mafia:create:lobby', { name: 'Revocation', language: 'en' })
  const player = await member()
  expect((await requestResult(player.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
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
    await expect(MediaTestClient.joinTicket(suite.server.url, spare)).rejects.toThrow('errors.media.revoked')
    expect(await request(player.socket, 'mafia:media:join', { id: lobbyId })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
  })

  it('a ticket works once', { timeout: 30_000 }, async () => {
    const creator = await member()
    const lobby = await requestResult(creator.socket, 'mafia:create:lobby', { name: 'Once', language: 'en' })
    const given = await ticket(creator, lobby.id)
    const first = await joinMedia(given)
    await first.close()
    await expect(MediaTestClient.joinTicket(suite.server.url, given)).rejects.toThrow('errors.media.token_invalid')
  })

  it('a seat change closes the receive-only peer; the fresh ticket publishes', { timeout: 30_000 }, async () => {
    const creator = await member()
    const lobby = await requestResult(creator.socket, 'mafia:create:lobby', { name: 'Seat change', language: 'en' })
    const watcher = await member()
    expect((await requestResult(watcher.socket, 'mafia:watch:lobby', { id: lobby.id })).as).toBe('spectator')
    const watching = await joinMedia(await ticket(watcher, lobby.id))
    expect((await requestResult(watcher.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
    await closedWithinASecond(watching)
    const seated = await ticket(watcher, lobby.id)
    expect(seated.role).toBe('publisher')
    await publishing(await joinMedia(seated))
  })

  it('a disband closes every peer of the table', { timeout: 60_000 }, async () => {
    const { lobbyId, listener, talker } = await tableOfTwo()
    const admin = await member({ admin: true })
    expect(await request(admin.socket, 'mafia:disband:lobby', { id: lobbyId })).toEqual({ ok: true })
    await Promise.all([closedWithinASecond(listener), closedWithinASecond(talker)])
    expect(suite.server.app.media.rooms.get(`lobby-${lobbyId}`)?.size ?? 0).toBe(0)
  })

  it('a ban (the user disconnected everywhere) closes their media peer at once and refuses their older tickets', { timeout: 60_000 }, async () => {
    const { lobbyId, player, listener, talker } = await tableOfTwo()
    const spare = await ticket(player, lobbyId)
    disconnectUser(suite.server.app.io, player.id, 'banned')
    await closedWithinASecond(talker)
    await nothingMoreFrom(listener, player)
    await expect(MediaTestClient.joinTicket(suite.server.url, spare)).rejects.toThrow('errors.media.token_invalid')
  })

  it('a peer the room control does not name is closed', { timeout: 60_000 }, async () => {
    const { lobbyId, creator, player, listener, talker } = await tableOfTwo()
    const room = suite.server.app.media.rooms.get(`lobby-${lobbyId}`)
    room?.setGrants({ [String(creator.id)]: { role: 'publisher', cameras: 'all' } })
    await closedWithinASecond(talker)
    await nothingMoreFrom(listener, player)
  })

  /** The streamer's page (a share key, no session) watching the streamer's table, joined to its media room. */
  async function sharePage(key: string, lobbyId: number): Promise<{ page: TestSocket; media: MediaTestClient }> {
    const page: TestSocket = io(suite.server.url, { path: '/socket.io', transports: ['websocket'], auth: { shareKey: key }, reconnection: false, forceNew: true })
    suite.track(page)
    await new Promise((resolve, reject) => {
      page.once('connect', () => resolve(undefined))
      page.once('connect_error', reject)
    })
    expect((await requestResult(page, 'share:watch')).lobby?.id).toBe(lobbyId)
    const pageTicket = await requestResult(page, 'share:media')
    expect(pageTicket.peerId).toMatch(/^share-/)
    return { page, media: await joinMedia(pageTicket) }
  }

  it("a revoked share key closes the streamer's pages' media peers; a page that closes loses its own", { timeout: 60_000 }, async () => {
    const { lobbyId, creator } = await tableOfTwo()
    const key = (await httpRequest(suite.server.url, 'POST', '/api/auth/shareKey', { token: creator.token })).body.key as string
    const first = await sharePage(key, lobbyId)
    const second = await sharePage(key, lobbyId)
    first.page.disconnect()
    await closedWithinASecond(first.media)
    expect(second.media.closeCode).toBeNull()
    expect((await httpRequest(suite.server.url, 'DELETE', '/api/auth/shareKey', { token: creator.token })).status).toBe(200)
    await closedWithinASecond(second.media)
  })
})
