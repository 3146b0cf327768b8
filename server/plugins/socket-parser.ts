import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser'
import type { TablePush } from '../contract/socket/game'

/*
 * Socket.IO's wire format with one shortcut for the busiest packet of all, a table's push
 * (`mafia:game:updated`): a move sends one to every viewer of its table. Socket.IO's encoder walks
 * every packet looking for binary data before it stringifies it; a push holds no binary data, so it
 * is stringified at once. The text on the wire is what the stock encoder writes, and clients decode
 * it with the stock decoder. Every other packet goes the stock way.
 *
 * Most viewers of a move are told the same thing, and their pushes share one body (`changes` and
 * `events`, the same objects: server/modules/game/streams.ts). The text of the latest bodies is kept
 * by their objects, so each body of a move is stringified once, whatever the number of its viewers;
 * a push is never changed once made. Writing a push from the kept texts of finer pieces (a view's
 * seats) was tried: `JSON.stringify` of the whole push took less time than joining many texts.
 */

const pushEvent = 'mafia:game:updated'

/** A push's fields, in the order the game makes them: one with any other goes the stock way, so that nothing of it is left out. */
const pushFields: readonly string[] = ['lobbyId', 'stream', 'seq', 'changes', 'events']

/** A push with exactly its fields, in the order the game makes them, and whole numbers where it numbers. */
function isPush(data: unknown): data is [typeof pushEvent, TablePush] {
  if (!Array.isArray(data) || data.length !== 2 || data[0] !== pushEvent) return false
  const push = data[1] as Partial<TablePush> | null
  if (typeof push !== 'object' || push === null || !Array.isArray(push.events) || typeof push.changes !== 'object' || push.changes === null) return false
  if (!Number.isSafeInteger(push.lobbyId) || !Number.isSafeInteger(push.seq) || typeof push.stream !== 'string') return false
  let index = 0
  for (const field in push) if (field !== pushFields[index++]) return false
  return index === pushFields.length
}

/** How many of the latest bodies keep their text: a move has as many bodies as its viewers at most (a full table's 12). */
const keptBodies = 12

/** A push body's objects and their text. */
interface KeptBody {
  changes: object
  events: object
  text: string
}

/** The texts of the latest push bodies, newest last, by their objects. */
const bodyTexts: KeptBody[] = []

/** `"changes":…,"events":…` of a push, from the kept text when an earlier push had the same body objects. */
function bodyText(push: TablePush): string {
  for (let index = bodyTexts.length - 1; index >= 0; index--) {
    const kept = bodyTexts[index] as KeptBody
    if (kept.changes === push.changes && kept.events === push.events) return kept.text
  }
  const text = `"changes":${JSON.stringify(push.changes)},"events":${JSON.stringify(push.events)}`
  if (bodyTexts.length === keptBodies) bodyTexts.shift()
  bodyTexts.push({ changes: push.changes, events: push.events, text })
  return text
}

class TablePushEncoder extends Encoder {
  override encode(packet: Packet): Array<string | Buffer | ArrayBuffer> {
    if (packet.type === PacketType.EVENT && packet.id === undefined && isPush(packet.data)) {
      const namespace = packet.nsp && packet.nsp !== '/' ? `${packet.nsp},` : ''
      const push = packet.data[1]
      return [`${PacketType.EVENT}${namespace}["${pushEvent}",{"lobbyId":${push.lobbyId},"stream":${JSON.stringify(push.stream)},"seq":${push.seq},${bodyText(push)}}]`]
    }
    return super.encode(packet)
  }
}

/** The parser for the app's Socket.IO server (`new Server(..., { parser: socketParser })`). */
export const socketParser = { Encoder: TablePushEncoder, Decoder }
