import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { io } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import type { GameCommandPayload } from '../../server/contract/game'
import type { MediaTicket } from '../../server/contract/socket/media'
import { createLogger } from '../../server/lib/logger'
import { disconnectUser } from '../../server/lib/socket-handler'
import { mediaNodesNamespace } from '../../server/media'
import { connectNodeLink } from '../../server/media/node-link'
import { startMediaNode, type MediaNode } from '../../server/media/node'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { MediaTestClient } from '../helpers/media-client'
import { requestResult } from '../helpers/requests'
import { closeOpenSockets } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer, createUserWithSession, type Player } from '../helpers/users'

// Media nodes: an app server and separate media-node instances in this process (each its own
// Fastify on a random port and its own UDP port). A node signs in with the server account, registers,
// and the app places tables on it; browsers (node-datachannel peers here) go where the ticket says.

const secret = 'media token secret shared by app and nodes'
const nodeAccount = { MEDIA_NODE_EMAIL: 'media-node@example.test', MEDIA_NODE_PASSWORD: 'a long media node password' }

let server: TestApp
let serverDatabase: TestDatabase
let dataDir: string
let nodeA: MediaNode
const cleanups: Array<() => unknown> = []

async function startNode(nodeId: string, env: Record<string, string> = {}): Promise<MediaNode> {
  const config = loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', MEDIA_PORT: '0', MEDIA_TOKEN_SECRET: secret, MEDIA_APP_URL: server.url, MEDIA_NODE_ID: nodeId, ...nodeAccount, ...env })
  return startMediaNode({ config, logger: createLogger({ name: nodeId, level: process.env.TEST_LOG_LEVEL ?? 'silent', file: false }), heartbeatMs: 200, retryMs: 200 })
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mafia-media-node-'))
  serverDatabase = await createTestDatabase()
  server = await startTestApp({ database: serverDatabase, env: { MEDIA_TOKEN_SECRET: secret, ...nodeAccount } })
  nodeA = await startNode('node-a')
  await nodeA.link?.whenRegistered()
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  closeOpenSockets()
})
afterAll(async () => {
  await nodeA?.close()
  await server.close()
  await serverDatabase.db.destroy()
  await new Promise((resolve) => setTimeout(resolve, 300))
  await serverDatabase.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

const member = () => connectPlayer(server)

const ticket = (who: Player, lobbyId: number): Promise<MediaTicket> => requestResult(who.socket, 'mafia:media:join', { id: lobbyId })

async function joinMedia(ticketed: MediaTicket): Promise<MediaTestClient> {
  const client = await MediaTestClient.joinTicket(server.url, ticketed)
  cleanups.push(() => client.close())
  return client
}

/** A judged table of ten, not started. */
async function judgedTable(): Promise<{ lobbyId: number; judge: Player; seats: Player[] }> {
  const judge = await member()
  const lobby = await requestResult(judge.socket, 'mafia:create:lobby', { name: 'Nodes', language: 'en', as: 'judge' })
  const seats: Player[] = []
  for (let seat = 1; seat <= 10; seat++) {
    const player = await member()
    expect((await requestResult(player.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
    seats.push(player)
  }
  return { lobbyId: lobby.id, judge, seats }
}

async function command(judge: Player, lobbyId: number, payload: GameCommandPayload): Promise<void> {
  await requestResult(judge.socket, 'mafia:game:command', { id: lobbyId, command: payload })
}

function stream(client: MediaTestClient): void {
  let handled = 0
  let first = true
  const timer = setInterval(() => {
    const requests = client.rtcpFor('video').filter((item) => item.type === 'pli' || item.type === 'fir').length
    client.sendVideo({ keyframe: first || requests > handled })
    handled = requests
    first = false
    client.sendAudio()
  }, 20)
  cleanups.push(() => clearInterval(timer))
}

async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

async function silent(client: MediaTestClient, peerId: string, what: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300))
  const before = client.packets(peerId, 'audio').length
  await new Promise((resolve) => setTimeout(resolve, 600))
  expect(client.packets(peerId, 'audio').length, what).toBe(before)
}

describe('media nodes', () => {
  it('revocations reach the node: a player who leaves and a banned user are closed there within a second', { timeout: 60_000 }, async () => {
    const creator = await member()
    const lobby = await requestResult(creator.socket, 'mafia:create:lobby', { name: 'Node revocation', language: 'en' })
    const leaving = await member()
    const banned = await member()
    for (const player of [leaving, banned]) expect((await requestResult(player.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
    const tickets = [await ticket(creator, lobby.id), await ticket(leaving, lobby.id), await ticket(banned, lobby.id)]
    for (const given of tickets) expect(given.url).toBe(nodeA.url)
    const [, leaver, bannedPeer] = await Promise.all(tickets.map((given) => joinMedia(given)))
    const room = nodeA.media.rooms.get(`lobby-${lobby.id}`)
    expect(room?.size).toBe(3)

    leaving.socket.emit('mafia:lobby:leave')
    expect(await (leaver as MediaTestClient).waitForClose(1000)).toBe(4004)
    disconnectUser(server.app.io, banned.id, 'banned')
    expect(await (bannedPeer as MediaTestClient).waitForClose(1000)).toBe(4004)
    expect(room?.peerIds).toEqual([String(creator.id)])
  })

  it('a node registers; a table is placed on it, its browsers meet there, and the game mutes on the node', { timeout: 90_000 }, async () => {
    expect(server.app.mediaNodes.list()).toEqual([expect.objectContaining({ nodeId: 'node-a', url: nodeA.url, capacity: 240 })])
    expect(nodeA.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/media\/ws$/)

    const { lobbyId, judge, seats } = await judgedTable()
    const [one, two] = seats as [Player, Player]
    const first = await ticket(one, lobbyId)
    expect(first).toMatchObject({ url: nodeA.url, roomId: `lobby-${lobbyId}`, role: 'publisher', peerId: String(one.id) })
    // The ticket opened the room on the node, not in the app server.
    expect(nodeA.media.rooms.get(`lobby-${lobbyId}`)).toBeDefined()
    expect(server.app.media.rooms.get(`lobby-${lobbyId}`)).toBeUndefined()
    // Sticky: every member of the table goes to the same node.
    const second = await ticket(two, lobbyId)
    expect(second.url).toBe(nodeA.url)

    const publisher = await joinMedia(first)
    await publisher.publish({ audio: true, video: ['high'] })
    stream(publisher)
    const listener = await joinMedia(second)
    await listener.until(() => listener.packets(String(one.id), 'video').length >= 5 && listener.packets(String(one.id), 'audio').length >= 5, 'media from seat 1 through the node')

    // The game's microphones reach the node: closed at night, the judge opens seat 1 again.
    await command(judge, lobbyId, { type: 'start' })
    const room = nodeA.media.rooms.get(`lobby-${lobbyId}`)
    await eventually(() => room?.isMicrophoneAllowed(String(one.id)) === false, 'seat 1 closed on the node')
    expect(room?.isMicrophoneAllowed(String(judge.id))).toBe(true)
    await silent(listener, String(one.id), 'seat 1 muted on the node')
    await command(judge, lobbyId, { type: 'microphone', seat: 1, open: true })
    const from = listener.packets(String(one.id), 'audio').length
    await listener.until(() => listener.packets(String(one.id), 'audio').length >= from + 10, 'seat 1 heard again')
  })

  it('only a server account may connect as a node', async () => {
    const refusal = async (auth: Record<string, string>) => {
      const socket = io(`${server.url}${mediaNodesNamespace}`, { transports: ['websocket'], auth, reconnection: false, forceNew: true })
      try {
        return await new Promise<string>((resolve) => {
          socket.once('connect', () => resolve('connected'))
          socket.once('connect_error', (error) => resolve(error.message))
        })
      } finally {
        socket.disconnect()
      }
    }
    expect(await refusal({})).toBe('errors.unauthorized')
    expect(await refusal({ token: 'not a session' })).toBe('errors.unauthorized')
    const { token } = await createUserWithSession(server.database.db)
    expect(await refusal({ token })).toBe('errors.forbidden')
    const admin = await createUserWithSession(server.database.db, { role_id: 3 })
    expect(await refusal({ token: admin.token })).toBe('errors.forbidden')
    // A node with the wrong password never registers.
    const intruder = await startNode('intruder', { MEDIA_NODE_PASSWORD: 'not the media node password' })
    cleanups.push(() => intruder.close())
    await expect(intruder.link?.whenRegistered(1000)).rejects.toThrow('not registered')
    expect(server.app.mediaNodes.list().map((node) => node.nodeId)).toEqual(['node-a'])
  })

  it('spreads new tables over the least-loaded nodes', { timeout: 60_000 }, async () => {
    // node-a still counts the earlier tests' tickets (an issued ticket counts until its browser had
    // time to join): two empty nodes join, and the two new tables go one to each of them.
    const [nodeB, nodeD] = await Promise.all([startNode('node-b'), startNode('node-d')])
    cleanups.push(() => nodeB.close(), () => nodeD.close())
    await Promise.all([nodeB.link?.whenRegistered(), nodeD.link?.whenRegistered()])
    expect(server.app.mediaNodes.list().find((node) => node.nodeId === 'node-a')?.load).toBeGreaterThan(0)
    const urls = new Set<string>()
    for (let table = 0; table < 2; table++) {
      const creator = await member()
      const lobby = await requestResult(creator.socket, 'mafia:create:lobby', { name: `Spread ${table}`, language: 'en' })
      urls.add((await ticket(creator, lobby.id)).url)
    }
    expect(urls).toEqual(new Set([nodeB.url, nodeD.url]))
  })

  it('a node that registers again gets the current microphones of the rooms it holds', { timeout: 90_000 }, async () => {
    const nodeC = await startNode('node-c', { MEDIA_NODE_CAPACITY: '1000' })
    cleanups.push(() => nodeC.close())
    await nodeC.link?.whenRegistered()
    const { lobbyId, judge, seats } = await judgedTable()
    // node-c is the emptiest (most capacity), so the table goes there.
    expect((await ticket(seats[0] as Player, lobbyId)).url).toBe(nodeC.url)
    await command(judge, lobbyId, { type: 'start' })
    const room = nodeC.media.rooms.get(`lobby-${lobbyId}`)
    const peerId = String((seats[4] as Player).id)
    await eventually(() => room?.isMicrophoneAllowed(peerId) === false, 'seat 5 closed')

    // The link drops (an app restart looks the same to the node); meanwhile the room drifts.
    nodeC.link?.close()
    await eventually(() => !server.app.mediaNodes.list().some((node) => node.nodeId === 'node-c'), 'node-c gone')
    room?.setMicrophoneAllowed(peerId, true)
    const again = connectNodeLink({ appUrl: server.url, email: nodeAccount.MEDIA_NODE_EMAIL, password: nodeAccount.MEDIA_NODE_PASSWORD, nodeId: 'node-c', url: nodeC.url, capacity: 1000, rooms: nodeC.media.rooms, logger: createLogger({ name: 'node-c', level: 'silent', file: false }), heartbeatMs: 200 })
    cleanups.push(() => again.close())
    await again.whenRegistered()
    await eventually(() => room?.isMicrophoneAllowed(peerId) === false, 'seat 5 closed again after the node registered')
    // And the table stays on that node.
    expect((await ticket(seats[1] as Player, lobbyId)).url).toBe(nodeC.url)
  })

  it('without a live node new tickets fall back to the built-in media server', { timeout: 60_000 }, async () => {
    const creator = await member()
    const lobby = await requestResult(creator.socket, 'mafia:create:lobby', { name: 'Fallback', language: 'en' })
    expect((await ticket(creator, lobby.id)).url).toBe(nodeA.url)
    await nodeA.close()
    await eventually(() => server.app.mediaNodes.list().length === 0, 'no live node')
    const fallback = await ticket(creator, lobby.id)
    expect(fallback).toMatchObject({ url: '/media/ws', roomId: `lobby-${lobby.id}` })
    const client = await joinMedia(fallback)
    expect(client.messages.find((message) => message.type === 'joined')).toMatchObject({ you: { roomId: `lobby-${lobby.id}` } })
    expect(server.app.media.rooms.get(`lobby-${lobby.id}`)).toBeDefined()
  })
})
