import { applyGame, memoryStore } from './ladders'
import { historyCollector, packedGameCount, unpackGame, type PackedGames, type PackedHistory } from './packed'
import type { Skill } from './rating-model'
import type { EntryRow } from './ratings.repository'

/**
 * What the recompute's worker is sent: a batch of games with their places in the rating order
 * (packed.ts); at the end, `finish`, then the standings a slice at a time (a million games leave
 * some 300,000 standings, which in one message would hold the server's thread while it reads them).
 */
export type PassRequest = { type: 'games'; games: PackedGames } | { type: 'finish' } | { type: 'standings'; from: number; count: number }

/** What it answers: the batch's history rows; at the end the number of standings and every side; then each slice. */
export type PassReply =
  | { type: 'history'; rows: PackedHistory }
  | { type: 'finished'; standings: number; sides: [string, Skill][] }
  | { type: 'standings'; entries: EntryRow[] }

/**
 * Every ladder computed from nothing, game after game, all in memory: the recompute's pass (run in
 * a worker thread) and the benchmark's. The same `applyGame` as the update after each game.
 */
export function createRecomputePass() {
  const store = memoryStore()
  let finished: EntryRow[] = []
  return {
    store,
    /** Applies a batch; answers its history rows. */
    apply(games: PackedGames): PackedHistory {
      const count = packedGameCount(games)
      const rows = historyCollector(count * 10)
      for (let index = 0; index < count; index += 1) {
        const seq = games.seqs[index] as number
        applyGame(store, unpackGame(games, index), (row) => rows.add(row, seq))
      }
      return rows.finish()
    },
    /** Every standing, ladder after ladder. */
    standings(): EntryRow[] {
      const entries: EntryRow[] = []
      for (const [ladderId, ladder] of store.entries) for (const [userId, entry] of ladder) entries.push({ ladderId, userId, ...entry })
      return entries
    },
    handle(request: PassRequest): PassReply {
      if (request.type === 'games') return { type: 'history', rows: this.apply(request.games) }
      if (request.type === 'finish') {
        finished = this.standings()
        return { type: 'finished', standings: finished.length, sides: [...store.sides] }
      }
      return { type: 'standings', entries: finished.slice(request.from, request.from + request.count) }
    },
  }
}
