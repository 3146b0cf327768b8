import { binaryCopyHeader, binaryCopyTrailer, postgresEpochMs } from '../../../db/copy'
import type { PackedHistory } from './packed'

/** The history's columns in the order `historyCopyRows` writes them. */
export const historyCopyColumns = 'user_id, ladder_id, lobby_id, seq, mu_before, sigma_before, mu_after, sigma_after, rating_before, rating_after, won, ended_at'

const fieldCount = 12
/** A row's bytes besides its ladder id's: the field count, each field's length, 2 int4, 1 int8, 6 float8, 1 bool, 1 timestamptz. */
const fixedRowBytes = 2 + fieldCount * 4 + 2 * 4 + 8 + 6 * 8 + 1 + 8
const twoTo32 = 4_294_967_296

/**
 * History rows `from` to `to` as one binary COPY stream (header, rows, trailer). Numbers go as their
 * bytes: what is stored is what was computed, bit for bit, and nothing is printed or parsed as text.
 */
export function historyCopyRows(rows: PackedHistory, from: number, to: number): Uint8Array {
  const encoder = new TextEncoder()
  const ladders = rows.ladders.map((ladder) => encoder.encode(ladder))
  let size = binaryCopyHeader.length + binaryCopyTrailer.length
  for (let row = from; row < to; row += 1) size += fixedRowBytes + (ladders[rows.ladderIndexes[row] as number] as Uint8Array).length
  const bytes = new Uint8Array(size)
  const view = new DataView(bytes.buffer)
  bytes.set(binaryCopyHeader, 0)
  let at = binaryCopyHeader.length
  const int4 = (value: number) => {
    view.setInt32(at, 4)
    view.setInt32(at + 4, value)
    at += 8
  }
  // An int8 (a seq, or a time in microseconds) from a double holding a whole number below 2^53.
  const int8 = (value: number) => {
    const high = Math.floor(value / twoTo32)
    view.setInt32(at, 8)
    view.setInt32(at + 4, high)
    view.setUint32(at + 8, value - high * twoTo32)
    at += 12
  }
  const float8 = (value: number) => {
    view.setInt32(at, 8)
    view.setFloat64(at + 4, value)
    at += 12
  }
  for (let row = from; row < to; row += 1) {
    view.setInt16(at, fieldCount)
    at += 2
    int4(rows.userIds[row] as number)
    const ladder = ladders[rows.ladderIndexes[row] as number] as Uint8Array
    view.setInt32(at, ladder.length)
    bytes.set(ladder, at + 4)
    at += 4 + ladder.length
    int4(rows.gameIds[row] as number)
    int8(rows.seqs[row] as number)
    float8(rows.muBefore[row] as number)
    float8(rows.sigmaBefore[row] as number)
    float8(rows.muAfter[row] as number)
    float8(rows.sigmaAfter[row] as number)
    float8(rows.ratingBefore[row] as number)
    float8(rows.ratingAfter[row] as number)
    view.setInt32(at, 1)
    view.setUint8(at + 4, rows.won[row] as number)
    at += 5
    int8(((rows.endedAt[row] as number) - postgresEpochMs) * 1000)
  }
  bytes.set(binaryCopyTrailer, at)
  return bytes
}
