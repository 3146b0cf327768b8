import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser'
import type { TablePush } from '../contract/socket/game'

/*
 * Socket.IO's wire format with one shortcut for the busiest packet of all, a table's push
 * (`mafia:game:updated`): a move sends one to every viewer of its table. Socket.IO's encoder walks
 * every packet looking for binary data before it stringifies it; a push holds no binary data, so it
 * is stringified at once. The text on the wire is what the stock encoder writes, and clients decode
 * it with the stock decoder. Every other packet goes the stock way.
 *
 * Writing a push from the kept texts of its pieces (a view's seats are the same object for many
 * viewers of one command) was tried: `JSON.stringify` of the whole push took less time than joining
 * the pieces' texts, and a joined text is a rope that holds every piece until it is flattened.
 */

const pushEvent = 'mafia:game:updated'

/** A push's fields: one with any other goes the stock way, so that nothing of it is left out. */
const pushFields = new Set(['lobbyId', 'stream', 'seq', 'changes', 'events'])

function isPush(data: unknown): data is [typeof pushEvent, TablePush] {
  if (!Array.isArray(data) || data.length !== 2 || data[0] !== pushEvent) return false
  const push = data[1] as Partial<TablePush> | null
  if (typeof push !== 'object' || push === null || !Array.isArray(push.events) || typeof push.changes !== 'object' || push.changes === null) return false
  for (const field in push) if (!pushFields.has(field)) return false
  return true
}

class TablePushEncoder extends Encoder {
  override encode(packet: Packet): Array<string | Buffer | ArrayBuffer> {
    if (packet.type === PacketType.EVENT && packet.id === undefined && isPush(packet.data)) {
      const namespace = packet.nsp && packet.nsp !== '/' ? `${packet.nsp},` : ''
      return [`${PacketType.EVENT}${namespace}["${pushEvent}",${JSON.stringify(packet.data[1])}]`]
    }
    return super.encode(packet)
  }
}

/** The parser for the app's Socket.IO server (`new Server(..., { parser: socketParser })`). */
export const socketParser = { Encoder: TablePushEncoder, Decoder }
