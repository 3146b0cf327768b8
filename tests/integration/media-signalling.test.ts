import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mediaCloseCodes, type MediaRole, type MediaServerMessage } from '../../server/contract/rtc'
import { MediaTestClient } from '../helpers/media-client'
import { startTestApp, type TestApp } from '../helpers/test-app'

let testApp: TestApp
const cleanups: Array<() => unknown> = []

beforeAll(async () => {
  testApp = await startTestApp()
})

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

afterAll(async () => {
  await testApp?.close()
})

let roomCounter = 0
const newRoom = () => `signalling-${(roomCounter += 1)}`
const token = (roomId: string, peerId: string, role: MediaRole = 'publisher', ttlSeconds?: number) =>
  testApp.app.media.issueToken({ roomId, peerId, role, ...(ttlSeconds === undefined ? {} : { ttlSeconds }) })

async function open(): Promise<MediaTestClient> {
  const client = await MediaTestClient.open(testApp.url)
  cleanups.push(() => client.close())
  return client
}

async function join(roomId: string, peerId: string, role: MediaRole = 'publisher'): Promise<MediaTestClient> {
  const client = await MediaTestClient.join(testApp.url, token(roomId, peerId, role))
  cleanups.push(() => client.close())
  return client
}

const isError = (code: string) => (message: MediaServerMessage) => message.type === 'error' && message.code === code

/** Streams one-frame VP8 packets (a keyframe whenever one was asked for) until stopped. */
function stream(client: MediaTestClient, label: string): () => void {
  let handled = 0
  const timer = setInterval(() => {
    const requests = client.rtcpFor('video').filter((item) => item.type === 'pli').length
    client.sendVideo({ keyframe: requests > handled, body: Buffer.from(`${label} ${Date.now()}`) })
    handled = requests
  }, 20)
  const stop = () => clearInterval(timer)
  cleanups.push(stop)
  return stop
}

describe('media signalling', () => {
  it('refuses a forged token and closes the connection', async () => {
    const genuine = token(newRoom(), 'alice', 'subscriber')
    const [prefix, body, signature] = genuine.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>
    const forged = `${prefix}.${Buffer.from(JSON.stringify({ ...claims, role: 'publisher' })).toString('base64url')}.${signature}`
    const client = await open()
    client.send({ type: 'join', token: forged })
    await client.waitForMessage(isError('errors.media.token_invalid'), 'token_invalid')
    expect(await client.waitForClose()).toBe(mediaCloseCodes.unauthorized)
    expect(client.messages.some((message) => message.type === 'joined')).toBe(false)
  })

  it('refuses an expired token with its own code', async () => {
    const client = await open()
    client.send({ type: 'join', token: token(newRoom(), 'alice', 'publisher', -1) })
    const error = await client.waitForMessage(isError('errors.media.token_expired'), 'token_expired')
    expect(error).toEqual({ type: 'error', code: 'errors.media.token_expired', request: 'join' })
    expect(await client.waitForClose()).toBe(mediaCloseCodes.unauthorized)
  })

  it('answers malformed messages with bad_message and carries on', async () => {
    const roomId = newRoom()
    const client = await open()
    client.sendRaw('not json')
    await client.waitForMessage(isError('errors.media.bad_message'), 'bad_message for text')
    client.sendRaw(JSON.stringify({ type: 'join' }))
    await client.waitForMessage((message) => message.type === 'error' && message.code === 'errors.media.bad_message' && message.request === 'join', 'bad_message for a join without token')
    client.sendRaw(JSON.stringify({ type: 'teleport', where: 'moon' }))
    client.sendRaw(JSON.stringify({ type: 'setQuality', quality: 'ultra' }))
    client.send({ type: 'prefer', peerId: 'bob' })
    await client.waitForMessage(isError('errors.media.not_joined'), 'not_joined before join')
    expect(client.messages.filter(isError('errors.media.bad_message'))).toHaveLength(4)

    client.send({ type: 'join', token: token(roomId, 'alice') })
    await client.waitForMessage((message) => message.type === 'joined', 'joined after the mistakes')
    const from = client.messages.length
    client.send({ type: 'join', token: token(roomId, 'alice') })
    await client.waitForMessage(isError('errors.media.already_joined'), 'already_joined', 15_000, from)
    client.send({ type: 'answer', sdp: 'v=0' })
    await client.waitForMessage((message) => message.type === 'error' && message.request === 'answer', 'an answer nobody asked for', 15_000, from)
    client.send({ type: 'offer', sdp: 'this is not SDP' })
    await client.waitForMessage((message) => message.type === 'error' && message.code === 'errors.media.bad_sdp' && message.request === 'offer', 'bad_sdp', 15_000, from)
    expect(client.closeCode).toBeNull()

    // The peer is still in the room and can publish.
    await client.publish({ audio: true, video: ['high'] })
    expect(testApp.app.media.rooms.get(roomId)?.peer('alice')?.inbound.size).toBe(2)
  })

  it('does not let a spectator publish, and the room carries on', async () => {
    const roomId = newRoom()
    const alice = await join(roomId, 'alice')
    await alice.publish({ audio: false, video: ['high'] })
    const spectator = await join(roomId, 'spectator', 'subscriber')
    await expect(spectator.publish({ audio: true, video: ['high'] })).rejects.toThrow('errors.media.not_publisher')
    expect(spectator.messages.some((message) => message.type === 'answer')).toBe(false)
    expect(testApp.app.media.rooms.get(roomId)?.peer('spectator')?.inbound.size).toBe(0)
    // Nobody else learns of media from the spectator, and the spectator still watches.
    stream(alice, 'alice')
    await spectator.until(() => spectator.packets('alice', 'video').length >= 5, 'video at the spectator')
    expect(alice.messages.some((message) => message.type === 'offer')).toBe(false)
    expect(spectator.closeCode).toBeNull()
  })

  it('lets a second connection of the same seat replace the first', async () => {
    const roomId = newRoom()
    const first = await join(roomId, 'alice')
    await first.publish({ audio: false, video: ['high'] })
    const bob = await join(roomId, 'bob', 'subscriber')
    const stopFirst = stream(first, 'first')
    await bob.until(() => bob.packets('alice', 'video').length >= 5, 'video from the first connection')

    const second = await join(roomId, 'alice')
    await first.waitForMessage(isError('errors.media.replaced'), 'replaced')
    expect(await first.waitForClose()).toBe(mediaCloseCodes.replaced)
    stopFirst()
    expect(second.messages[0]).toMatchObject({ type: 'joined', you: { peerId: 'alice' }, peers: [{ peerId: 'bob' }] })

    await second.publish({ audio: false, video: ['high'] })
    stream(second, 'second')
    await bob.until(() => bob.packets('alice', 'video').find((packet) => packet.body.toString().startsWith('second')), 'video from the second connection')
    // Bob never saw alice leave, and his stream of alice went on: same SSRC, no hole in the numbering.
    expect(bob.messages.some((message) => message.type === 'peer-left')).toBe(false)
    expect(bob.messages.filter((message) => message.type === 'peer-joined' && message.peer.peerId === 'alice')).toHaveLength(1)
    const video = bob.packets('alice', 'video')
    expect(new Set(video.map((packet) => packet.ssrc)).size).toBe(1)
    for (let index = 1; index < video.length; index += 1) expect((video[index]!.sequenceNumber - video[index - 1]!.sequenceNumber) & 0xffff).toBe(1)
    const room = testApp.app.media.rooms.get(roomId)!
    expect(room.peerIds.sort()).toEqual(['alice', 'bob'])
    expect(room.peer('alice')?.state).toBe('joined')
  })

  it('closes a room and the media server safely, twice', async () => {
    const roomId = newRoom()
    const alice = await join(roomId, 'alice')
    await alice.publish({ audio: true, video: ['high'] })
    const bob = await join(roomId, 'bob', 'subscriber')
    await bob.waitForMessage((message) => message.type === 'offer', 'subscribe offer')
    const media = testApp.app.media
    const room = media.rooms.get(roomId)!
    const [alicePeer, bobPeer] = [room.peer('alice')!, room.peer('bob')!]

    alicePeer.close('left')
    alicePeer.close('left')
    await bob.waitForMessage((message) => message.type === 'peer-left' && message.peerId === 'alice', 'peer-left')
    expect(bob.messages.filter((message) => message.type === 'peer-left')).toHaveLength(1)

    room.close()
    room.close()
    expect(room.state).toBe('closed')
    expect(bobPeer.state).toBe('closed')
    expect(media.rooms.get(roomId)).toBeUndefined()
    expect(await bob.waitForClose()).toBe(mediaCloseCodes.normal)
    // A closed room accepts nobody; the next join opens a fresh room of the same id.
    const again = await join(roomId, 'carol')
    expect(media.rooms.get(roomId)).not.toBe(room)
    expect(again.messages[0]).toMatchObject({ type: 'joined', peers: [] })

    const port = media.udpPort
    await media.close()
    await media.close()
    expect(media.rooms.size).toBe(0)
    expect(media.udpPort).toBe(0)
    expect(await again.waitForClose()).toBe(mediaCloseCodes.normal)
    expect(port).toBeGreaterThan(0)
  })
})
