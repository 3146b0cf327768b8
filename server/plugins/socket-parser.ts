import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser'
import type { TablePush } from '../contract/socket/game'

/*
 * Socket.IO's wire format with one shortcut for the busiest packet of all, a table's push
 * (`mafia:game:updated`): a move sends one to every viewer of its table. Socket.IO's encoder walks
 * every packet looking for binary data and stringifies it whole; a push holds no binary data, and
 * its events and the pieces of its view are the same objects for many viewers of a move (the seats
 * as the public sees them, the vote, the timers), never changed once made. So each event and each
 * piece of a view is stringified once and its text reused. The text on the wire is what the stock
 * encoder writes, and clients decode it with the stock decoder. Every other packet goes the stock way.
 */

const pushEvent = 'mafia:game:updated'

/**
 * The JSON text of each event and each piece of a view (an object or an array) written in the
 * current job, by the object. A command's pushes to all its viewers are written in one job (the
 * fan-out is synchronous), and viewers who see a piece alike get the same object; a change makes a
 * new object, so a piece is mostly pushed only in the job that made it. So a plain map, emptied by
 * a microtask once the job is done: a weak map's entry for every short-lived piece cost the garbage
 * collector more than the text it saved.
 */
const jobTexts = new Map<object, string>()

function forgetJobTexts(): void {
  jobTexts.clear()
}

/** An event's or a view piece's JSON text, written once in the current job. */
function textOf(value: object): string {
  let json = jobTexts.get(value)
  if (json === undefined) {
    if (jobTexts.size === 0) queueMicrotask(forgetJobTexts)
    json = JSON.stringify(value)
    jobTexts.set(value, json)
  }
  return json
}

function eventsText(events: readonly object[]): string {
  let text = '['
  for (let index = 0; index < events.length; index++) text += index === 0 ? textOf(events[index] as object) : `,${textOf(events[index] as object)}`
  return `${text}]`
}

/** The JSON text of a field's name, as `JSON.stringify` writes it (the view's field names, made once). */
const fieldNameTexts = new Map<string, string>()

/** A push's changed fields as `JSON.stringify(changes)` writes them: a field without a value is left out. */
function changesText(changes: Record<string, unknown>): string {
  let text = '{'
  for (const field in changes) {
    const value = changes[field]
    const json = typeof value === 'object' && value !== null ? textOf(value) : (JSON.stringify(value) as string | undefined)
    // `undefined` (and a function or a symbol, which a view never holds) has no JSON: the field is left out.
    if (json === undefined) continue
    let name = fieldNameTexts.get(field)
    if (name === undefined) {
      name = JSON.stringify(field)
      fieldNameTexts.set(field, name)
    }
    text += text.length === 1 ? `${name}:${json}` : `,${name}:${json}`
  }
  return `${text}}`
}

/** A push's JSON text, as `JSON.stringify(push)` writes it (same fields, same values). */
function pushText(push: TablePush): string {
  return `{"lobbyId":${JSON.stringify(push.lobbyId)},"stream":${JSON.stringify(push.stream)},"seq":${JSON.stringify(push.seq)},"changes":${changesText(push.changes as Record<string, unknown>)},"events":${eventsText(push.events)}}`
}

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
      return [`${PacketType.EVENT}${namespace}["${pushEvent}",${pushText(packet.data[1])}]`]
    }
    return super.encode(packet)
  }
}

/** The parser for the app's Socket.IO server (`new Server(..., { parser: socketParser })`). */
export const socketParser = { Encoder: TablePushEncoder, Decoder }
