import { describe, expect, it } from 'vitest'
import { BinaryCopyWriter } from '../../../../db/copy'
import { ratedGamesFromCopy } from '../../../../server/modules/ratings/games-copy'
import type { RatedGame } from '../../../../server/modules/ratings/ladders'
import { packGames } from '../../../../server/modules/ratings/packed'
import { sampleGames } from './rated-games'

const games = sampleGames
const seqs = [2 ** 40 + 1, 2 ** 40 + 5, 2 ** 40 + 6]

/** The games as the server's binary COPY of the recompute's read sends them. */
function copyOf(list: readonly RatedGame[], places: readonly number[]): Uint8Array {
  const encoder = new TextEncoder()
  const copy = new BinaryCopyWriter()
  list.forEach((game, index) => {
    copy.row(7)
    copy.int8(places[index] as number)
    copy.int4(game.id)
    copy.float8(game.endedAt)
    copy.bool(game.countsForRatings)
    copy.bool(game.judged)
    copy.int4(game.tournamentId ?? 0)
    // string_agg over no seats is null.
    if (game.players.length === 0) copy.null()
    else copy.text(encoder.encode(game.players.map((seat) => `${seat.userId ?? ''} ${seat.team} ${seat.role} ${seat.won ? 1 : 0}`).join(' ')))
  })
  return copy.finish()
}

describe('the recompute’s games read by a binary COPY', () => {
  it('packs them exactly as the games read as rows: deleted accounts, tournaments, names beyond ASCII, a game without seats', () => {
    expect(ratedGamesFromCopy(copyOf(games, seqs))).toEqual(packGames(games, seqs))
  })

  it('packs an empty read', () => {
    expect(ratedGamesFromCopy(copyOf([], []))).toEqual(packGames([], []))
  })

  it('refuses a stream whose rows are not the read’s', () => {
    const copy = new BinaryCopyWriter()
    copy.row(7)
    copy.int4(1)
    expect(() => ratedGamesFromCopy(copy.finish())).toThrow(/not 8 bytes long/)
  })
})
