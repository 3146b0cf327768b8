import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server, type Socket } from 'socket.io'
import { io as connect, type Socket as ClientSocket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coalesceWebSocketWrites } from '../../../../server/plugins/socket-writes'

/** The network writes (system calls) made on a server-side socket's connection, counted. */
function countWrites(socket: Socket): () => number {
  const network = (socket.conn.transport as unknown as { socket: { _socket: { _writeGeneric: (...args: unknown[]) => unknown } } }).socket._socket
  const write = network._writeGeneric
  let count = 0
  network._writeGeneric = function (this: unknown, ...args: unknown[]) {
    count += 1
    return write.apply(this, args)
  }
  return () => count
}

const received = (client: ClientSocket, count: number) =>
  new Promise<number[]>((resolve) => {
    const values: number[] = []
    const onValue = (value: number) => {
      values.push(value)
      if (values.length < count) return
      client.off('value', onValue)
      resolve(values)
    }
    client.on('value', onValue)
  })

describe('frames sent to a WebSocket client in one tick', () => {
  let http: HttpServer
  let server: Server
  const clients: ClientSocket[] = []
  const serverSockets: Socket[] = []

  beforeAll(async () => {
    coalesceWebSocketWrites()
    http = createServer()
    server = new Server(http, { serveClient: false })
    server.on('connection', (socket) => {
      serverSockets.push(socket)
      void socket.join('room')
      // Answered in the same tick as the pushes that precede it, as a game's move is.
      socket.on('move', (count: number, ack: (answer: string) => void) => {
        for (let value = 0; value < count; value++) socket.emit('value', value)
        ack('done')
      })
    })
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
    for (let index = 0; index < 3; index++) {
      const client = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false })
      await new Promise<void>((resolve) => client.once('connect', () => resolve()))
      clients.push(client)
    }
  })

  afterAll(async () => {
    for (const client of clients) client.close()
    await server.close()
  })

  it('leave in one network write, in order, and the next tick’s frames follow', async () => {
    const [socket] = serverSockets as [Socket]
    const [client] = clients as [ClientSocket]
    const writes = countWrites(socket)
    const first = received(client, 5)
    for (let value = 0; value < 5; value++) socket.emit('value', value)
    expect(await first).toEqual([0, 1, 2, 3, 4])
    // Without the cork: the first frame at once, then each of the four others in a write of its own.
    expect(writes()).toBe(1)

    const next = received(client, 2)
    socket.emit('value', 5)
    await new Promise((resolve) => setImmediate(resolve))
    socket.emit('value', 6)
    expect(await next).toEqual([5, 6])
    expect(writes()).toBe(3)
  })

  it('reach every member of a room, and a request’s answer leaves with the pushes of its tick', async () => {
    const counters = serverSockets.map(countWrites)
    const all = clients.map((client) => received(client, 4))
    for (let value = 0; value < 4; value++) server.to('room').emit('value', value)
    for (const values of await Promise.all(all)) expect(values).toEqual([0, 1, 2, 3])
    expect(counters.map((count) => count())).toEqual([1, 1, 1])

    const [client] = clients as [ClientSocket]
    const [counter] = counters as [() => number]
    const pushes = received(client, 3)
    expect(await client.emitWithAck('move', 3)).toBe('done')
    expect(await pushes).toEqual([0, 1, 2])
    expect(counter()).toBe(2)
  })
})
