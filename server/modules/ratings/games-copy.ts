import { binaryCopyHeader } from '../../../db/copy'
import { countsFlag, judgedFlag, type PackedGames } from './packed'

/**
 * The recompute's batches of games as a PostgreSQL server sends them by a binary COPY: a row per
 * game (seq int8, lobby id int4, end in ms float8, counts bool, judged bool, tournament int4 with 0
 * for none, seats text), the seats four words each (user id, empty once deleted; team; role; 1 or 0
 * for won), read straight into a packed batch. Read as rows, a million games were some 50 million
 * strings for the server's thread to make and collect; here no string is made but the few distinct
 * team and role names.
 */
export function ratedGamesFromCopy(bytes: Uint8Array): PackedGames {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const names = new ByteNames()
  const ids: number[] = []
  const seqs: number[] = []
  const endedAt: number[] = []
  const flags: number[] = []
  const tournaments: number[] = []
  const seatStart: number[] = []
  const userIds: number[] = []
  const teams: number[] = []
  const roles: number[] = []
  const won: number[] = []
  const headerExtension = view.getInt32(binaryCopyHeader.length - 4)
  let at = binaryCopyHeader.length + headerExtension
  for (;;) {
    const fields = view.getInt16(at)
    at += 2
    if (fields === -1) break
    if (fields !== 7) throw new Error(`a rated game's row has ${fields} fields, not 7`)
    // Each field is its length, then its bytes: these six are never null, so each has its type's length.
    const fixed = (length: number) => {
      if (view.getInt32(at) !== length) throw new Error(`a rated game's field at byte ${at} is not ${length} bytes long`)
      at += 4 + length
      return at - length
    }
    seqs.push(Number(view.getBigInt64(fixed(8))))
    ids.push(view.getInt32(fixed(4)))
    endedAt.push(view.getFloat64(fixed(8)))
    const counts = view.getUint8(fixed(1)) === 1
    const judged = view.getUint8(fixed(1)) === 1
    flags.push((judged ? judgedFlag : 0) | (counts ? countsFlag : 0))
    tournaments.push(view.getInt32(fixed(4)))
    seatStart.push(userIds.length)
    // The seats: words separated by single spaces (a deleted account's user id is the empty word);
    // none (null) for a game without seats.
    const seatsLength = view.getInt32(at)
    at += 4
    if (seatsLength <= 0) continue
    const end = at + seatsLength
    let word = 0
    let wordStart = at
    for (let cursor = at; cursor <= end; cursor += 1) {
      if (cursor < end && bytes[cursor] !== 0x20) continue
      const kind = word % 4
      if (kind === 0) userIds.push(cursor === wordStart ? 0 : digits(bytes, wordStart, cursor))
      else if (kind === 1) teams.push(names.indexOf(bytes, wordStart, cursor))
      else if (kind === 2) roles.push(names.indexOf(bytes, wordStart, cursor))
      else won.push(bytes[wordStart] === 0x31 ? 1 : 0)
      word += 1
      wordStart = cursor + 1
    }
    if (word % 4 !== 0) throw new Error(`a rated game's seats have ${word} words`)
    at = end
  }
  seatStart.push(userIds.length)
  return {
    ids: Int32Array.from(ids),
    seqs: Float64Array.from(seqs),
    endedAt: Float64Array.from(endedAt),
    flags: Uint8Array.from(flags),
    tournaments: Int32Array.from(tournaments),
    seatStart: Int32Array.from(seatStart),
    userIds: Int32Array.from(userIds),
    teams: Uint16Array.from(teams),
    roles: Uint16Array.from(roles),
    won: Uint8Array.from(won),
    names: names.list,
  }
}

/** A whole number written in ASCII digits. */
function digits(bytes: Uint8Array, from: number, to: number): number {
  let value = 0
  for (let at = from; at < to; at += 1) value = value * 10 + ((bytes[at] as number) - 0x30)
  return value
}

/** The team and role names met so far, found by their bytes (a handful: a linear search). */
class ByteNames {
  readonly list: string[] = []
  private readonly encoded: Uint8Array[] = []
  private readonly decoder = new TextDecoder()

  indexOf(bytes: Uint8Array, from: number, to: number): number {
    const length = to - from
    search: for (let index = 0; index < this.encoded.length; index += 1) {
      const known = this.encoded[index] as Uint8Array
      if (known.length !== length) continue
      for (let at = 0; at < length; at += 1) if (known[at] !== bytes[from + at]) continue search
      return index
    }
    this.encoded.push(bytes.slice(from, to))
    return this.list.push(this.decoder.decode(bytes.subarray(from, to))) - 1
  }
}
