import { BinaryCopyWriter } from '../../../db/copy'
import type { PackedHistory } from './packed'

/** The history's columns in the order `historyCopyRows` writes them. */
export const historyCopyColumns = 'user_id, ladder_id, lobby_id, seq, mu_before, sigma_before, mu_after, sigma_after, rating_before, rating_after, won, ended_at'

const fieldCount = 12
/** A row's bytes besides its ladder id's: the field count, each field's length, 2 int4, 1 int8, 6 float8, 1 bool, 1 timestamptz. */
const fixedRowBytes = 2 + fieldCount * 4 + 2 * 4 + 8 + 6 * 8 + 1 + 8

/** History rows `from` to `to` as one binary COPY stream. */
export function historyCopyRows(rows: PackedHistory, from: number, to: number): Uint8Array {
  const encoder = new TextEncoder()
  const ladders = rows.ladders.map((ladder) => encoder.encode(ladder))
  const copy = new BinaryCopyWriter((to - from) * (fixedRowBytes + 16))
  for (let row = from; row < to; row += 1) {
    copy.row(fieldCount)
    copy.int4(rows.userIds[row] as number)
    copy.text(ladders[rows.ladderIndexes[row] as number] as Uint8Array)
    copy.int4(rows.gameIds[row] as number)
    copy.int8(rows.seqs[row] as number)
    copy.float8(rows.muBefore[row] as number)
    copy.float8(rows.sigmaBefore[row] as number)
    copy.float8(rows.muAfter[row] as number)
    copy.float8(rows.sigmaAfter[row] as number)
    copy.float8(rows.ratingBefore[row] as number)
    copy.float8(rows.ratingAfter[row] as number)
    copy.bool(rows.won[row] === 1)
    copy.timestamptz(rows.endedAt[row] as number)
  }
  return copy.finish()
}
