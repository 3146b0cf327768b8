import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { MediaRole } from '../../../../server/contract/rtc'
import type { MediaTicket } from '../../../../server/contract/socket/media'
import { createLogger } from '../../../../server/lib/logger'
import { createMediaServer, type MediaServer } from '../../../../server/media'
import { initialTableMedia, type TableMediaState } from '../../../../renderer/rtc/media-state'
import { runTableMedia, TicketRefused, type TableMediaHandle } from '../../../../renderer/rtc/table-media'
import { MediaTestClient } from '../../../helpers/media-client'

/*
 * The browser's media controller against the real media server (signalling over a real WebSocket).
 * The controller here is a spectator: it receives and never offers, so no peer connection is made
 * before a publisher sends media, and the tests need no browser. Publishing and receiving in a
 * browser are covered by tests/e2e/media.e2e.ts.
 */

let app: FastifyInstance
let media: MediaServer
let origin: string
const handles: TableMediaHandle[] = []
const clients: MediaTestClient[] = []
let roomCount = 0

beforeAll(async () => {
  app = Fastify()
  media = createMediaServer({ config: { mediaUdpPort: 0, mediaPublicIp: '127.0.0.1', mediaTokenSecret: undefined }, logger: createLogger({ name: 'rtc-test', level: 'silent', file: false }) })
  await media.registerRoutes(app)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

afterEach(async () => {
  for (const handle of handles.splice(0)) handle.stop()
  for (const client of clients.splice(0)) await client.close()
})

afterAll(async () => {
  await media.close()
  await app.close()
})

const ticket = (roomId: string, peerId: string, role: MediaRole = 'subscriber', ttlSeconds?: number): MediaTicket => ({
  url: '/media/ws',
  token: media.issueToken({ roomId, peerId, role, ...(ttlSeconds === undefined ? {} : { ttlSeconds }) }),
  peerId,
  role,
  roomId,
})

class NoPeerConnection {
  constructor() {
    throw new Error('a spectator without publishers needs no peer connection')
  }
}

/** Starts the controller with a ticket source; counts the tickets it asked for. */
function start(tickets: () => Promise<MediaTicket>): { handle: TableMediaHandle; state: TableMediaState; asked: () => number } {
  const state = initialTableMedia()
  let asked = 0
  const handle = runTableMedia({
    requestTicket: () => {
      asked += 1
      return tickets()
    },
    openLocalMedia: async () => ({ stream: null, problem: null }),
    origin,
    environment: {
      WebSocket: WebSocket as unknown as new (url: string) => globalThis.WebSocket,
      RTCPeerConnection: NoPeerConnection as unknown as new () => RTCPeerConnection,
      MediaStream: class {} as unknown as new () => MediaStream,
    },
    state,
    wait: () => new Promise((resolve) => setTimeout(resolve, 10)),
  })
  handles.push(handle)
  return { handle, state, asked: () => asked }
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const newRoom = () => `rtc-room-${++roomCount}`

async function publisher(roomId: string, peerId: string): Promise<MediaTestClient> {
  const client = await MediaTestClient.joinTicket(origin, ticket(roomId, peerId, 'publisher'))
  clients.push(client)
  return client
}

describe('table media controller', () => {
  it('joins with its ticket and follows who is there and whose microphone the host closed', async () => {
    const roomId = newRoom()
    await publisher(roomId, '11')
    const { state } = start(async () => ticket(roomId, '40'))
    await until(() => state.status === 'connected', 'connected')
    expect(state.self).toEqual({ peerId: '40', role: 'subscriber' })
    expect(Object.keys(state.peers)).toEqual(['11'])

    await publisher(roomId, '12')
    await until(() => state.peers['12'] !== undefined, 'peer-joined')
    media.rooms.get(roomId)?.setMicrophoneAllowed('12', false)
    await until(() => state.peers['12']?.audioMuted === true, 'track-muted')
    media.rooms.get(roomId)?.setMicrophoneAllowed('12', true)
    await until(() => state.peers['12']?.audioMuted === false, 'track-unmuted')
  })

  it('joins again with a fresh ticket when the connection closes, without leaving the table', async () => {
    const roomId = newRoom()
    await publisher(roomId, '11')
    const { state, asked } = start(async () => ticket(roomId, '40'))
    await until(() => state.status === 'connected', 'connected')
    // The server lets the peer go as after a network drop: its socket closes.
    media.rooms.get(roomId)?.peer('40')?.close('disconnected')
    await until(() => asked() >= 2 && state.status === 'connected', 'connected again')
    expect(Object.keys(state.peers)).toEqual(['11'])
    expect(media.rooms.get(roomId)?.peer('40')).toBeDefined()
  })

  it('asks for a fresh ticket when its token has expired', async () => {
    const roomId = newRoom()
    let count = 0
    const { state, asked } = start(async () => ticket(roomId, '40', 'subscriber', count++ === 0 ? -1 : undefined))
    await until(() => state.status === 'connected', 'connected with the second ticket')
    expect(asked()).toBe(2)
  })

  it('keeps trying while no ticket comes, and stops for good when the table refuses', async () => {
    const roomId = newRoom()
    let count = 0
    const { state, handle } = start(async () => {
      count += 1
      if (count === 1) throw new Error('no realtime connection')
      if (count === 2) throw new TicketRefused('errors.lobby.not_member')
      return ticket(roomId, '40')
    })
    await handle.done
    expect(count).toBe(2)
    expect(state).toMatchObject({ status: 'failed', error: 'errors.lobby.not_member' })
  })

  it('stops when the same seat joins from another tab, so the two never take turns', async () => {
    const roomId = newRoom()
    const { state, handle, asked } = start(async () => ticket(roomId, '40'))
    await until(() => state.status === 'connected', 'connected')
    const other = await MediaTestClient.joinTicket(origin, ticket(roomId, '40'))
    clients.push(other)
    await handle.done
    expect(state).toMatchObject({ status: 'replaced', error: 'errors.media.replaced' })
    expect(asked()).toBe(1)
  })

  it('leaves the room on stop and forgets everything', async () => {
    const roomId = newRoom()
    await publisher(roomId, '11')
    const { state, handle } = start(async () => ticket(roomId, '40'))
    await until(() => state.status === 'connected', 'connected')
    handle.stop()
    handle.stop()
    await handle.done
    expect(state).toEqual(initialTableMedia())
    await until(() => media.rooms.get(roomId)?.peer('40') === undefined, 'the server let the peer go')
  })
})
