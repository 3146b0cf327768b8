import { applyGame, memoryStore, type RatedGame } from './ladders'
import type { Skill } from './rating-model'
import type { EntryRow, HistoryWrite } from './ratings.repository'

/** What the recompute's worker is sent: a batch of games with their places in the rating order. */
export type PassRequest = { type: 'games'; games: RatedGame[]; seqs: number[] } | { type: 'finish' }

/** What it answers: the batch's history rows, then at the end every standing and side. */
export type PassReply = { type: 'history'; rows: HistoryWrite[] } | { type: 'standings'; entries: EntryRow[]; sides: [string, Skill][] }

/**
 * Every ladder computed from nothing, game after game, all in memory: the recompute's pass (run in
 * a worker thread) and the benchmark's. The same `applyGame` as the update after each game.
 */
export function createRecomputePass() {
  const store = memoryStore()
  return {
    store,
    /** Applies a batch; answers its history rows. */
    apply(games: readonly RatedGame[], seqs: readonly number[]): HistoryWrite[] {
      const rows: HistoryWrite[] = []
      games.forEach((game, index) => {
        const seq = seqs[index] as number
        applyGame(store, game, (row) => rows.push({ ...row, seq }))
      })
      return rows
    },
    standings(): { entries: EntryRow[]; sides: [string, Skill][] } {
      const entries: EntryRow[] = []
      for (const [ladderId, ladder] of store.entries) for (const [userId, entry] of ladder) entries.push({ ladderId, userId, ...entry })
      return { entries, sides: [...store.sides] }
    },
    handle(request: PassRequest): PassReply {
      if (request.type === 'games') return { type: 'history', rows: this.apply(request.games, request.seqs) }
      return { type: 'standings', ...this.standings() }
    },
  }
}
