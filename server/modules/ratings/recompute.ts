import { Worker } from 'node:worker_threads'
import type { FastifyBaseLogger } from 'fastify'
import type { RecomputeProgress } from '../../contract/http/ratings'
import { conflict } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import type { RatingsRepository } from './ratings.repository'
import type { RatingsService } from './ratings.service'
import { packGames, packedBuffers, type PackedGames, type PackedHistory } from './packed'
import type { PassReply, PassRequest } from './recompute-pass'

export interface RecomputeOptions {
  repository: RatingsRepository
  service: RatingsService
  clock: Clock
  logger: FastifyBaseLogger
  /** Games read, rated and written per step (each step a few short statements). */
  batchSize?: number
  /** Standings written per statement at the end, each slice asked of the worker as it is written. */
  standingsPerStatement?: number
  /** Another server's recompute whose heartbeat is older than this is taken as dead. */
  staleMs?: number
}

/** The rating pass in a worker thread, answering one reply per request, in order (the benchmark drives it too). */
export function createPassWorker() {
  const worker = new Worker(new URL('./recompute-worker.mjs', import.meta.url))
  const waiting: { resolve: (reply: PassReply) => void; reject: (error: Error) => void }[] = []
  const fail = (error: Error) => {
    for (const pending of waiting.splice(0)) pending.reject(error)
  }
  worker.on('message', (reply: PassReply) => waiting.shift()?.resolve(reply))
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`the recompute worker stopped (${code})`)))
  return {
    ask<T extends PassReply['type']>(request: PassRequest, type: T): Promise<Extract<PassReply, { type: T }>> {
      return new Promise((resolve, reject) => {
        waiting.push({ resolve: (reply) => (reply.type === type ? resolve(reply as Extract<PassReply, { type: T }>) : reject(new Error(`unexpected ${reply.type}`))), reject })
        // A batch's typed arrays are moved to the worker, not copied.
        worker.postMessage(request, request.type === 'games' ? packedBuffers(request.games) : [])
      })
    },
    stop: () => worker.terminate(),
  }
}

/** History rows per statement (each a few hundred kilobytes of array literals). */
const historyRowsPerStatement = 10_000

/** The promise, marked as handled: it is awaited later, and a failure meanwhile must not count as unhandled. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}

/**
 * Recomputes every ladder from the stored games, in the order they were rated (a game not rated
 * yet is rated first, as the update after a game would), so it gives exactly what the updates
 * gave. The rating runs in a worker thread; the server reads and writes in short steps of
 * `batchSize` games meanwhile, so it keeps answering. Games rated while it runs are taken in at the
 * end, under the ratings' lock, where the standings are replaced in one transaction.
 */
export function createRecompute(options: RecomputeOptions) {
  const { repository, service, clock, logger } = options
  const batchSize = options.batchSize ?? 2000
  const standingsPerStatement = options.standingsPerStatement ?? 5000
  const staleMs = options.staleMs ?? 60_000
  const progress: RecomputeProgress = { running: false, done: 0, total: 0 }
  let finished: Promise<void> = Promise.resolve()

  /**
   * Rates the `count` games rated up to `lastSeq`. Their order is read a batch at a time (a million
   * games' order held at once was a million objects, which each collection of the server's heap
   * went through again).
   */
  async function run(count: number, lastSeq: number): Promise<void> {
    const worker = createPassWorker()
    // On PostgreSQL the history is built afresh beside the one in use, and swapped in at the end.
    const rebuild = repository.canRebuildHistory
    try {
      await Promise.all([repository.refreshGameStatistics(), rebuild ? repository.startHistoryRebuild() : undefined])
      /** The next batch's games after `afterSeq`, and the place of its last. */
      const readNext = async (afterSeq: number) => {
        const games = await repository.ratedGamesAfter(afterSeq, lastSeq, batchSize)
        return { games, lastSeq: games.seqs.at(-1) ?? afterSeq }
      }
      // While the worker rates one batch, the server writes the history of the one before and reads
      // the one after (on PostgreSQL over two connections; PGlite takes them in turn).
      let reading = handled(readNext(0))
      let writing: Promise<void> = Promise.resolve()
      for (let start = 0; start < count; start += batchSize) {
        const batch = await reading
        const rating = worker.ask({ type: 'games', games: batch.games }, 'history')
        reading = handled(readNext(batch.lastSeq))
        const history = (await rating).rows
        await writing
        const done = start + Math.min(batchSize, count - start)
        writing = handled(
          storeHistory(history).then(async () => {
            progress.done = done
            await repository.recomputeHeartbeat(clock.now(), progress.done, progress.total)
          }),
        )
      }
      await writing
      await reading
      // The rebuilt history's indexes are built while the games rated meanwhile join the pass and
      // the standings are written (under the ratings' lock, which so holds some seconds longer).
      const indexing = rebuild ? handled(repository.indexHistoryRebuild()) : Promise.resolve()
      await repository.locked(async (trx) => {
        // Games rated since the start, and any final one still waiting, join the pass here.
        const tail = await repository.ratedAfter(trx, lastSeq)
        let seq = tail.at(-1)?.seq ?? lastSeq
        const waiting = (await repository.pendingIds(trx, Number.MAX_SAFE_INTEGER)).map((id) => ({ id, seq: (seq += 1) }))
        await repository.markRated(trx, waiting)
        const rest = [...tail, ...waiting]
        progress.total += rest.length
        // Their history goes in once the indexes are built (a row written first would hold up the
        // index's build until this transaction ends, which waits for the build).
        if (rest.length > 0) await indexing
        for (let start = 0; start < rest.length; start += batchSize) {
          const games = await readBatch(trx, rest.slice(start, start + batchSize))
          await writeHistory(trx, (await worker.ask({ type: 'games', games }, 'history')).rows, rebuild ? 'rebuild' : 'history')
        }
        const finished = await worker.ask({ type: 'finish' }, 'finished')
        if (rebuild) {
          await repository.rebuildStandings((await worker.ask({ type: 'standings-copy' }, 'standings-copy')).bytes)
          await indexing
          await repository.swapInHistoryRebuild(trx)
          await repository.swapInStandingsRebuild(trx)
        } else {
          await repository.clearStandings(trx)
          for (let from = 0; from < finished.standings; from += standingsPerStatement) {
            await repository.writeEntries(trx, (await worker.ask({ type: 'standings', from, count: standingsPerStatement }, 'standings')).entries)
          }
        }
        await repository.writeSides(trx, new Map(finished.sides))
        progress.done = progress.total
      })
    } catch (error) {
      if (rebuild) await repository.dropRebuilds().catch((dropError: unknown) => logger.error({ err: dropError }, 'dropping the ratings rebuilds failed'))
      throw error
    } finally {
      await worker.stop()
    }
  }

  /** A batch's games, packed for the worker, with their places in the rating order. */
  async function readBatch(queries: RatingsRepository['db'], batch: readonly { id: number; seq: number }[]): Promise<PackedGames> {
    const games = await repository.games(queries, batch.map((game) => game.id))
    const seqOf = new Map(batch.map((game) => [game.id, game.seq]))
    return packGames(games, games.map((game) => seqOf.get(game.id) as number))
  }

  async function writeHistory(queries: RatingsRepository['db'], rows: PackedHistory, into: 'history' | 'rebuild' = 'history'): Promise<void> {
    for (let start = 0; start < rows.length; start += historyRowsPerStatement) await repository.writeHistory(queries, rows, start, Math.min(rows.length, start + historyRowsPerStatement), into)
  }

  /** A batch's history outside any transaction: by COPY into the rebuild where the database takes one. */
  async function storeHistory(rows: PackedHistory): Promise<void> {
    if (repository.canRebuildHistory) await repository.copyRebuildHistory(rows)
    else await writeHistory(repository.db, rows)
  }

  return {
    /** This server's recompute, or another server's whose heartbeat is fresh. */
    async progress(): Promise<RecomputeProgress> {
      if (progress.running) return { ...progress }
      const elsewhere = await repository.recomputeState()
      if (elsewhere && clock.now().getTime() - elsewhere.heartbeat_at.getTime() < staleMs) return { running: true, done: elsewhere.done, total: elsewhere.total }
      return { ...progress }
    },

    /** When the recompute under way (if any) has ended: for tests and a graceful close. */
    settled(): Promise<void> {
      return finished
    },

    /**
     * Starts a recompute and answers its progress at once; refused (409) while one runs on this
     * or another app server.
     */
    async start(): Promise<RecomputeProgress> {
      if (progress.running) throw conflict('errors.ratings.recompute_running')
      progress.running = true
      try {
        // Final games not rated yet are rated first, so the order below holds every game.
        await service.rateWaiting()
        const { count, lastSeq } = await repository.ratedCount(repository.db)
        if (!(await repository.claimRecompute(clock.now(), staleMs, count))) throw conflict('errors.ratings.recompute_running')
        progress.done = 0
        progress.total = count
        finished = run(count, lastSeq)
          .catch((error: unknown) => logger.error({ err: error }, 'the ratings recompute failed'))
          .finally(async () => {
            await repository.releaseRecompute().catch((error: unknown) => logger.error({ err: error }, 'releasing the ratings recompute failed'))
            progress.running = false
          })
        return { ...progress }
      } catch (error) {
        progress.running = false
        throw error
      }
    },
  }
}

export type Recompute = ReturnType<typeof createRecompute>
