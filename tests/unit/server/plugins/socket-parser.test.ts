import { describe, expect, it } from 'vitest'
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser'
import type { TablePush } from '../../../../server/contract/socket/game'
import { socketParser } from '../../../../server/plugins/socket-parser'
import { playPairedGame } from '../game/support/paired-game'

/** What a stock Socket.IO client makes of encoded parts. */
function decoded(parts: Array<string | Buffer | ArrayBuffer>): Packet {
  const decoder = new Decoder()
  let packet: Packet | null = null
  decoder.on('decoded', (value: Packet) => {
    packet = value
  })
  for (const part of parts) decoder.add(part)
  if (!packet) throw new Error('nothing decoded')
  return packet
}

const vote = { type: 'vote_cast', at: 1_700_000_000_000, voter: 3, candidate: 7, text: 'a "quoted" \\ line\nand ünïcödé' }
const push = (seq: number, events: object[]): TablePush =>
  ({ lobbyId: 12, stream: 's-1', seq, changes: { phase: 'day', seats: [{ seat: 1, alive: true }], deadline: null }, events }) as unknown as TablePush

describe('the app’s Socket.IO encoder', () => {
  const app = new socketParser.Encoder()
  const stock = new Encoder()

  it('writes a table push exactly as the stock encoder does, also when its events were written before', () => {
    const shared = [vote, { type: 'speech_ended', at: 5, seat: 2 }]
    for (const seq of [1, 2, 3]) {
      const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: ['mafia:game:updated', push(seq, shared)] }
      const written = app.encode(packet)
      expect(written).toEqual(stock.encode(packet))
      expect(decoded(written).data).toEqual(['mafia:game:updated', push(seq, shared)])
    }
    const empty: Packet = { type: PacketType.EVENT, nsp: '/admin', data: ['mafia:game:updated', push(4, [])] }
    expect(app.encode(empty)).toEqual(stock.encode(empty))
  })

  it('writes every push of random games as the stock encoder does', () => {
    let compared = 0
    for (let seed = 1; seed <= 30; seed++) {
      playPairedGame(seed, seed + 1, {
        onAdvance: (deliveries) => {
          for (const { push } of deliveries) {
            const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: ['mafia:game:updated', push] }
            const [written] = app.encode(packet)
            const [expected] = stock.encode(packet)
            if (written !== expected) expect(written).toBe(expected)
            compared++
          }
        },
      })
    }
    expect(compared).toBeGreaterThan(30 * 100)
  })

  it('writes pushes that share their body as the stock encoder does, each with its own position, however the bodies take turns', () => {
    const changes = Array.from({ length: 10 }, (_, index) => ({ speaker: index, deadline: 1_000 + index }))
    // Two bodies of each `changes` object, told apart by their events only.
    const bodies = Array.from({ length: 20 }, (_, index) => ({ changes: changes[index % 10] as object, events: index < 10 ? [] : [{ ...vote, voter: index }] }))
    // Twelve viewers of a move share a few bodies; then more bodies than the encoder keeps texts of, then the first ones again.
    const order = [0, 10, 0, 2, 10, 0, 0, 12, 1, 0, 0, 0, ...bodies.map((_, index) => index), 0, 10, 2, 19, 5]
    for (const [seq, index] of order.entries()) {
      const body = bodies[index] as (typeof bodies)[number]
      const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: ['mafia:game:updated', { lobbyId: 3, stream: 'st', seq: seq + 1, changes: body.changes, events: body.events }] }
      expect(app.encode(packet)).toEqual(stock.encode(packet))
    }
  })

  it('writes a push whose changes hold a field without a value as the stock encoder does', () => {
    const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: ['mafia:game:updated', { ...push(7, []), changes: { phase: 'night', deadline: undefined, day: 2 } }] }
    expect(app.encode(packet)).toEqual(stock.encode(packet))
  })

  it('leaves every other packet to the stock encoder: other events, acknowledgements, binary data, a push with another field, in another order or with a fractional position', () => {
    const packets: Packet[] = [
      { type: PacketType.EVENT, nsp: '/', data: ['chat:message', { id: 1, text: 'hi' }] },
      { type: PacketType.ACK, nsp: '/', id: 7, data: [{ seq: 3 }] },
      { type: PacketType.EVENT, nsp: '/', data: ['upload', { bytes: Buffer.from([1, 2, 3]) }] },
      { type: PacketType.EVENT, nsp: '/', data: ['mafia:game:updated', { ...push(5, [vote]), extra: Buffer.from([9]) }] },
      { type: PacketType.EVENT, nsp: '/', id: 2, data: ['mafia:game:updated', push(6, [vote])] },
      { type: PacketType.EVENT, nsp: '/', data: ['mafia:game:updated', { seq: 8, lobbyId: 12, stream: 's-1', changes: {}, events: [] }] },
      { type: PacketType.EVENT, nsp: '/', data: ['mafia:game:updated', { ...push(9, []), seq: 9.5 }] },
    ]
    for (const packet of packets) {
      const written = app.encode(packet)
      expect(written).toEqual(stock.encode(packet))
      expect(decoded(written).data).toEqual(packet.data)
    }
  })
})
