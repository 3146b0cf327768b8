import { applyGame, memoryStore } from './ladders'
import { historyCollector, packedGameCount, unpackGame, type PackedGames, type PackedHistory } from './packed'
import type { Skill } from './rating-model'
import type { EntryRow } from './ratings.repository'
import { standingsCopyRows } from './standings-copy'

/**
 * What the recompute's worker is sent: a batch of games with their places in the rating order
 * (packed.ts); at the end, `finish`, then the standings: as one binary COPY stream for a PostgreSQL
 * server (`standings-copy`), or a slice at a time for PGlite (a million games leave some 300,000
 * standings, which in one message would hold the server's thread while it reads them).
 */
export type PassRequest = { type: 'games'; games: PackedGames } | { type: 'finish' } | { type: 'standings'; from: number; count: number } | { type: 'standings-copy' }

/** What it answers: the batch's history rows; at the end the number of standings and every side; then each slice. */
export type PassReply =
  | { type: 'history'; rows: PackedHistory }
  | { type: 'finished'; standings: number; sides: [string, Skill][] }
  | { type: 'standings'; entries: EntryRow[] }
  | { type: 'standings-copy'; bytes: Uint8Array }

/**
 * Every ladder computed from nothing, game after game, all in memory: the recompute's pass (run in
 * a worker thread) and the benchmark's. The same `applyGame` as the update after each game.
 */
export function createRecomputePass() {
  const store = memoryStore()
  /** The standings as a list, made at the first slice asked for. */
  let listed: EntryRow[] | null = null
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
      for (const [ladderId, ladder] of store.entries) for (let index = 0; index < ladder.size; index += 1) entries.push({ ladderId, userId: ladder.userAt(index), ...ladder.entry(index) })
      return entries
    },
    handle(request: PassRequest): PassReply {
      if (request.type === 'games') return { type: 'history', rows: this.apply(request.games) }
      if (request.type === 'finish') {
        let standings = 0
        for (const ladder of store.entries.values()) standings += ladder.size
        return { type: 'finished', standings, sides: [...store.sides] }
      }
      if (request.type === 'standings-copy') return { type: 'standings-copy', bytes: standingsCopyRows(store.entries) }
      listed ??= this.standings()
      return { type: 'standings', entries: listed.slice(request.from, request.from + request.count) }
    },
  }
}
