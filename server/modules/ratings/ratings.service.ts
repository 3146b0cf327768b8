import type { FastifyBaseLogger } from 'fastify'
import type { RatingRow, RatingTab, RatingPage } from '../../contract/http/ratings'
import { AppError, badRequest } from '../../lib/app-error'
import { applyGame, fixedLadderIds, laddersOf, memoryStore, ruleOf, trendOf, type LadderEntry, type RatedGame } from './ladders'
import type { Skill } from './rating-model'
import { historyCollector } from './packed'
import type { EntryRow, RankedRow, RatingsRepository } from './ratings.repository'

/** What one rating round writes. */
type Round = Parameters<RatingsRepository['writeRound']>[1]

/** A player appears on a ladder after this many rated games there. */
export const defaultMinGames = 5

/** Games rated per transaction by a call of `rateWaiting` itself (a recompute rates the games that waited meanwhile). */
const updateBatch = 200

/**
 * Games rated per transaction after finished games' notices (and the start's, for games missed),
 * while tables are being played. A round's write holds a connection of the database until it
 * commits; on the embedded database that is the only one, and every table's moves wait behind it.
 * A round of the ten or so games a busy club ends in a second held it 15 to 30 ms (`bench:game`,
 * 200 tables), so the moves waiting behind it were the slowest of the run; rounds of a few games,
 * one after the other, let the moves in between them, for a few more statements.
 */
const noticeBatch = 4

/**
 * How long a finished game's notice waits before its rounds start, so that the games of a busy club
 * that end close together share them (`noticeBatch` games each) instead of a round per game: each
 * round reads the waiting games and the standings afresh, in statements of its own.
 */
const defaultNoticeGatherMs = 1000

export interface RatingsServiceOptions {
  repository: RatingsRepository
  logger: FastifyBaseLogger
  minGames?: number
  /** How long a notice waits for the notices of other games that end (default `defaultNoticeGatherMs`). */
  noticeGatherMs?: number
}

const rowOf = (row: RankedRow): RatingRow => ({
  rank: Number(row.rank),
  userId: row.user_id,
  nickname: row.nickname,
  avatar: row.avatar,
  rating: row.rating,
  games: row.games,
  winRate: row.games > 0 ? Math.round((row.wins / row.games) * 1000) / 10 : 0,
  trend: trendOf({ mu: row.mu, sigma: row.sigma, recent: row.recent.map(Number) }),
})

/**
 * The ladders: each final rated game applied once (the games applied are stored, so a repeated
 * notice or a restart rates nothing twice), and the tabs and pages users read.
 */
export function createRatingsService(options: RatingsServiceOptions) {
  const { repository, logger } = options
  const minGames = options.minGames ?? defaultMinGames
  const noticeGatherMs = options.noticeGatherMs ?? defaultNoticeGatherMs

  /**
   * Rates up to one batch of waiting games; answers how many, or null when another writer (another
   * server's round, a recompute) rated games meanwhile, and then nothing was written. The games and
   * standings are read and the round worked out outside the ratings' lock: only its one write holds
   * the lock, and a transaction of a database connection, and only once it has checked that the
   * ratings are still as read (the latest rated game's position, which every writer of ratings moves
   * on). On the embedded database every table's moves wait for the one connection while it is held:
   * a round that held it from its first read to its write held it 24 to 56 ms (`bench:game`, 200
   * tables, 21 rounds while playing), 5 to 22 ms of it before the write.
   */
  async function rateWaitingBatch(batch: number): Promise<number | null> {
    const db = repository.db
    const seq = await repository.maxSeq(db)
    const ids = await repository.pendingIds(db, batch)
    if (ids.length === 0) return 0
    const games = await repository.games(db, ids)
    const round = await roundOf(games, seq)
    return repository.locked(async (trx) => {
      if ((await repository.maxSeq(trx)) !== seq) return null
      await repository.writeRound(trx, round)
      return games.length
    })
  }

  /**
   * What one round writes: `games` applied in order, numbered on from `seq`, to the standings and
   * sides of their players and ladders as stored now.
   */
  async function roundOf(games: readonly RatedGame[], seq: number): Promise<Round> {
    const db = repository.db
    const ladders = new Set<string>(['overall'])
    const users = new Set<number>()
    for (const game of games) {
      for (const ladder of laddersOf(game)) ladders.add(ladder)
      for (const seat of game.players) if (seat.userId !== null) users.add(seat.userId)
    }
    const store = memoryStore()
    for (const row of await repository.entries(db, [...ladders], [...users])) store.setEntry(row.ladderId, row.userId, row)
    for (const [ladderId, side] of await repository.sides(db, [...ladders])) store.setSide(ladderId, side)
    const changed = new Map<string, EntryRow>()
    const sides = new Map<string, Skill>()
    const tracking = {
      ...store,
      changed(ladderId: string, userId: number, entry: LadderEntry) {
        changed.set(`${ladderId}\u0000${userId}`, { ladderId, userId, ...entry })
      },
      setSide(ladderId: string, side: Skill) {
        store.setSide(ladderId, side)
        sides.set(ladderId, side)
      },
    }
    const history = historyCollector(games.length * 10)
    const rated: { id: number; seq: number }[] = []
    let next = seq
    for (const game of games) {
      next += 1
      const gameSeq = next
      rated.push({ id: game.id, seq: gameSeq })
      applyGame(tracking, game, (row) => history.add(row, gameSeq))
    }
    return { rated, entries: [...changed.values()], sides, history: history.finish() }
  }

  /** Rounds in a row that found the ratings changed by another writer before the round gives up (the next notice or start tries again). */
  const attemptsPerRound = 5

  /** Rates one batch of up to `batch` games, read again while another writer gets in first; answers how many. */
  async function rateOneBatch(batch: number): Promise<number> {
    for (let attempt = 0; attempt < attemptsPerRound; attempt++) {
      const rated = await rateWaitingBatch(batch)
      if (rated !== null) return rated
    }
    throw new Error(`the ratings changed under ${attemptsPerRound} rounds in a row`)
  }

  let running: Promise<void> | null = null
  let again = false
  /** A notice's round waiting for others to join it; null when none waits. */
  let gathering: NodeJS.Timeout | null = null

  /**
   * Rates every final game not rated yet, oldest end first. Calls while one runs are folded into one
   * more round after it, so a burst of finished games costs a few rounds, not one per call. `batch`:
   * the most games one transaction rates (the rounds go on until none wait).
   */
  function rateWaiting(batch = updateBatch): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        do {
          again = false
          while ((await rateOneBatch(batch)) === batch);
        } while (again)
      } finally {
        running = null
      }
    })()
    return running
  }

  return {
    minGames,
    rateWaiting,

    /**
     * Rates waiting games in the background (a finished game's notice), after `noticeGatherMs` so
     * that the notices of that time share their rounds, of `noticeBatch` games each. A failure is
     * logged, and the next notice or start retries.
     */
    noticeFinished(): void {
      if (gathering) return
      gathering = setTimeout(() => {
        gathering = null
        rateWaiting(noticeBatch).catch((error: unknown) => logger.error({ err: error }, 'rating the finished games failed'))
      }, noticeGatherMs)
    },

    /** Drops a notice still waiting and lets a round in progress end (the server closes; the next start rates what waits). */
    async close(): Promise<void> {
      if (gathering) clearTimeout(gathering)
      gathering = null
      await running?.catch(() => undefined)
    },

    /** The ladders' tabs: the fixed five, then the seasons (newest first), then the tournaments. */
    async tabs(): Promise<RatingTab[]> {
      const sizes = await repository.ladderSizes(minGames)
      const tabs: RatingTab[] = fixedLadderIds.map((id) => ({ id, kind: id, players: sizes.get(id) ?? 0 }))
      const seasons = [...sizes.keys()].filter((id) => id.startsWith('season-')).sort().reverse()
      for (const id of seasons) tabs.push({ id, kind: 'season', season: id.slice('season-'.length), players: sizes.get(id) ?? 0 })
      const tournaments = [...sizes.keys()].filter((id) => id.startsWith('tournament-')).sort((a, b) => Number(b.slice(11)) - Number(a.slice(11)))
      for (const id of tournaments) tabs.push({ id, kind: 'tournament', tournamentId: Number(id.slice(11)), players: sizes.get(id) ?? 0 })
      return tabs
    },

    /** One page of a ladder, with the caller's own row for pinning (null until they have played enough there). */
    async ladder(ladderId: string, query: { page: number; itemsPerPage: number; search: string | null }, userId: number): Promise<RatingPage> {
      const known = ruleOf(ladderId) !== null && ((fixedLadderIds as string[]).includes(ladderId) || (await repository.ladderHasEntries(ladderId)))
      if (!known) throw new AppError(404, 'errors.ratings.unknown_ladder', { field: 'id' })
      const result = await repository.page({
        ladderId,
        minGames,
        search: query.search,
        limit: query.itemsPerPage,
        offset: (query.page - 1) * query.itemsPerPage,
        userId,
      })
      const pages = Math.max(1, Math.ceil(result.total / query.itemsPerPage))
      if (query.page > pages) throw badRequest('errors.ratings.page_out_of_range', 'page')
      return { items: result.rows.map(rowOf), total: result.total, me: result.me ? rowOf(result.me) : null, minGames }
    },
  }
}

export type RatingsService = ReturnType<typeof createRatingsService>
