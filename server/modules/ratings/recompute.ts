import { Worker } from 'node:worker_threads'
import type { FastifyBaseLogger } from 'fastify'
import type { RecomputeProgress } from '../../contract/http/ratings'
import { conflict } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import type { RatingsRepository } from './ratings.repository'
import type { RatingsService } from './ratings.service'
import type { PassReply, PassRequest } from './recompute-pass'

export interface RecomputeOptions {
  repository: RatingsRepository
  service: RatingsService
  clock: Clock
  logger: FastifyBaseLogger
  /** Games read, rated and written per step (each step a few short statements). */
  batchSize?: number
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
        worker.postMessage(request)
      })
    },
    stop: () => worker.terminate(),
  }
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
  const staleMs = options.staleMs ?? 60_000
  const progress: RecomputeProgress = { running: false, done: 0, total: 0 }
  let finished: Promise<void> = Promise.resolve()

  async function run(order: readonly { id: number; seq: number }[]): Promise<void> {
    const worker = createPassWorker()
    try {
      const db = repository.db
      for (let start = 0; start < order.length; start += batchSize) {
        const batch = order.slice(start, start + batchSize)
        await rateBatch(db, batch)
        progress.done = start + batch.length
        await repository.recomputeHeartbeat(clock.now(), progress.done, progress.total)
      }
      const lastSeq = order.at(-1)?.seq ?? 0
      await repository.locked(async (trx) => {
        // Games rated since the start, and any final one still waiting, join the pass here.
        const tail = await repository.ratedAfter(trx, lastSeq)
        let seq = tail.at(-1)?.seq ?? lastSeq
        const waiting = (await repository.pendingIds(trx, Number.MAX_SAFE_INTEGER)).map((id) => ({ id, seq: (seq += 1) }))
        await repository.markRated(trx, waiting)
        const rest = [...tail, ...waiting]
        progress.total += rest.length
        for (let start = 0; start < rest.length; start += batchSize) await rateBatch(trx, rest.slice(start, start + batchSize))
        const standings = await worker.ask({ type: 'finish' }, 'standings')
        await repository.clearStandings(trx)
        for (let start = 0; start < standings.entries.length; start += 5000) await repository.writeEntries(trx, standings.entries.slice(start, start + 5000))
        await repository.writeSides(trx, new Map(standings.sides))
        progress.done = progress.total
      })
    } finally {
      await worker.stop()
    }

    async function rateBatch(queries: RatingsRepository['db'], batch: readonly { id: number; seq: number }[]): Promise<void> {
      const games = await repository.games(queries, batch.map((game) => game.id))
      const seqOf = new Map(batch.map((game) => [game.id, game.seq]))
      const history = await worker.ask({ type: 'games', games, seqs: games.map((game) => seqOf.get(game.id) as number) }, 'history')
      for (let start = 0; start < history.rows.length; start += 10_000) await repository.writeHistory(queries, history.rows.slice(start, start + 10_000))
    }
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
        const order = await repository.ratedAfter(repository.db, 0)
        if (!(await repository.claimRecompute(clock.now(), staleMs, order.length))) throw conflict('errors.ratings.recompute_running')
        progress.done = 0
        progress.total = order.length
        finished = run(order)
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
