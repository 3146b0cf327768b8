import { BinaryCopyWriter } from '../../../db/copy'
import type { LadderStandings } from './ladder-standings'
import { displayRating } from './rating-model'

/** The standings' columns in the order `standingsCopyRows` writes them. */
export const standingsCopyColumns = 'ladder_id, user_id, mu, sigma, rating, games, wins, recent, last_game_at'

/** A row's bytes besides its ladder id's and its recent ratings': the field count, each field's length, 3 int4, 3 float8, the array's header, 1 timestamptz. */
const fixedRowBytes = 2 + 9 * 4 + 3 * 4 + 3 * 8 + 20 + 8

/**
 * Every standing of every ladder as one binary COPY stream, built where the standings are (the
 * recompute's worker): some 300,000 rows for a million games, which as objects sent over to the
 * server would be as many objects to copy and to collect.
 */
export function standingsCopyRows(ladders: ReadonlyMap<string, LadderStandings>): Uint8Array {
  const encoder = new TextEncoder()
  let count = 0
  for (const standings of ladders.values()) count += standings.size
  const copy = new BinaryCopyWriter(count * (fixedRowBytes + 16 + 10 * 12))
  for (const [ladderId, standings] of ladders) {
    const ladder = encoder.encode(ladderId)
    for (let index = 0; index < standings.size; index += 1) {
      const entry = standings.entry(index)
      copy.row(9)
      copy.text(ladder)
      copy.int4(standings.userAt(index))
      copy.float8(entry.mu)
      copy.float8(entry.sigma)
      copy.float8(displayRating(entry))
      copy.int4(entry.games)
      copy.int4(entry.wins)
      copy.float8Array(entry.recent)
      copy.timestamptz(entry.lastGameAt)
    }
  }
  return copy.finish()
}
