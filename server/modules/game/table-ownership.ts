import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { ErrorCode } from '../../contract/errors'
import { AppError } from '../../lib/app-error'
import type { AppServer } from '../../plugins/socket-io'
import type { GameRepository } from './game.repository'

/** What one app server asks of a table's owner on another: the table host's calls, as plain data. */
export type TableCall =
  | { op: 'command'; lobbyId: number; by: number | 'host'; payload: { type: string } & Record<string, unknown> }
  | { op: 'snapshot'; lobbyId: number; userId: number }
  | { op: 'spectatorSnapshot'; lobbyId: number }
  | { op: 'sync'; lobbyId: number; userId: number; from: { stream?: string; seq?: number } }
  | { op: 'spectatorSync'; lobbyId: number; from: { stream?: string; seq?: number } }
  | { op: 'state'; lobbyId: number }
  | { op: 'stage'; lobbyId: number }
  | { op: 'close'; lobbyId: number }

/** The owner's answer: a result, the error it threw, or "not mine" (the lease moved meanwhile). */
export type CallAnswer = { ok: unknown } | { error: { statusCode: number; code: ErrorCode; field?: string } } | { notOwner: true }

const callEvent = 'table:call'

export interface OwnershipTimings {
  /** How long a lease lives without renewal: how soon another server takes over a dead owner's tables. */
  ttlMs?: number
  /** How often the owner renews its leases and looks for tables nobody runs. */
  renewMs?: number
}

/**
 * One owner per table across app servers. A lease row in PostgreSQL names the server that runs a
 * table's queue and timers; the owner renews all its leases in one statement every `renewMs`.
 * A call reaching another server is forwarded to the owner over the Socket.IO adapter's
 * server-side emit (through Redis). When an owner dies, its leases expire and the next server
 * to look (a call, or the periodic search for tables nobody runs) takes the table and resumes it
 * from its stored events. The owner's writes are fenced by its lease (see the repository), so two
 * servers never write the same table.
 */
export function createTableOwnership(options: { io: AppServer; repository: GameRepository; logger: FastifyBaseLogger } & OwnershipTimings) {
  const { io, repository, logger } = options
  const ttlMs = options.ttlMs ?? 6_000
  const renewMs = options.renewMs ?? 2_000
  const node = `${process.pid}-${randomBytes(6).toString('base64url')}`
  let timer: NodeJS.Timeout | null = null
  let stopped = false
  /**
   * Leases this server is giving up, until the row is gone. Meanwhile the row still names this
   * server: a call forwarded here is answered "not mine" only once the release is done, so the
   * caller's next claim finds the lease free instead of this server's name again (three quick
   * retries used to end in errors.internal on a loaded machine).
   */
  const releasing = new Map<number, Promise<void>>()
  const releaseDone = (lobbyId: number): Promise<void> => releasing.get(lobbyId) ?? Promise.resolve()
  // Set as the app server starts closing: from then on nothing is forwarded to another server.
  let closing = false
  // A little longer than the adapter's own 5 s request timeout, which normally answers first.
  const askTimeoutMs = 6_000
  // The adapter's server-side events are not part of the typed client events.
  const server = io as unknown as {
    serverSideEmit(event: string, message: unknown, ack: (error: Error | null, answers: CallAnswer[]) => void): void
    on(event: string, listener: (message: { to: string; call: TableCall }, ack: (answer: CallAnswer) => void) => void): void
  }

  function answerToResult(answer: CallAnswer): unknown {
    if ('ok' in answer) return answer.ok
    if ('error' in answer) throw new AppError(answer.error.statusCode, answer.error.code, answer.error.field ? { field: answer.error.field } : {})
    return undefined
  }

  /**
   * Sends a call to the named owner; null when it did not answer as the owner (dead, or the lease
   * moved). The adapter answers a timeout itself, except when its Redis client fails before the
   * request is sent (it swallows that error and never calls back), so the wait has a bound of its own.
   */
  function ask(owner: string, call: TableCall): Promise<CallAnswer | null> {
    if (closing) return Promise.resolve(null)
    return new Promise((resolve) => {
      const unanswered = setTimeout(() => resolve(null), askTimeoutMs)
      server.serverSideEmit(callEvent, { to: owner, call }, (_error, answers) => {
        clearTimeout(unanswered)
        resolve((answers ?? []).find((answer) => answer && !('notOwner' in answer)) ?? null)
      })
    })
  }

  return {
    node,

    /** Who runs this table: this server when it holds (or just took) the lease, else the other's name; null for no such table. */
    async ownerOf(lobbyId: number): Promise<string | null> {
      await releaseDone(lobbyId)
      return repository.claimLease(lobbyId, node, ttlMs)
    },

    /**
     * Runs a call on the table's owner elsewhere and answers its result (its error is thrown as
     * the owner threw it). `retry` is asked again when the owner did not answer as the owner.
     */
    async forward(owner: string, call: TableCall, retry: () => Promise<unknown>): Promise<unknown> {
      // A closing server forwards nothing: its adapter is going, and the caller is told to try again.
      if (closing) throw new AppError(503, 'errors.internal')
      const answer = await ask(owner, call)
      if (answer === null) return retry()
      return answerToResult(answer)
    },

    /** Answers the calls addressed to this server with `handle` (null from it: not this server's table). */
    listen(handle: (call: TableCall) => Promise<{ result: unknown } | null>): void {
      server.on(callEvent, (message, ack) => {
        if (message.to !== node) return ack({ notOwner: true })
        handle(message.call).then(
          async (handled) => {
            if (handled !== null) return ack({ ok: handled.result ?? null })
            await releaseDone(message.call.lobbyId)
            ack({ notOwner: true })
          },
          (error: unknown) => {
            if (error instanceof AppError) ack({ error: { statusCode: error.statusCode, code: error.code, ...(error.details.field ? { field: error.details.field } : {}) } })
            else {
              logger.error({ err: error, call: message.call.op }, 'forwarded table call failed')
              ack({ error: { statusCode: 500, code: 'errors.internal' } })
            }
          },
        )
      })
    },

    /**
     * Renews this server's leases now and then, tells `lost` of tables another server took, and
     * hands `orphaned` the running tables nobody runs (the host tries to take them).
     */
    start(handlers: { lost(lobbyIds: number[]): void; held(): number[]; orphaned(lobbyId: number): Promise<void> }): void {
      const round = async () => {
        // What this server held before the renewal: a lease taken while it runs is not lost.
        const heldBefore = handlers.held()
        const renewed = new Set(await repository.renewLeases(node, ttlMs))
        const lost = heldBefore.filter((lobbyId) => !renewed.has(lobbyId))
        if (lost.length > 0) handlers.lost(lost)
        for (const lobbyId of await repository.orphanedTables(50)) {
          if (stopped) return
          await handlers.orphaned(lobbyId)
        }
      }
      const loop = () => {
        timer = setTimeout(() => {
          round()
            .catch((error: unknown) => {
              if (!stopped) logger.error({ err: error }, 'table lease round failed')
            })
            .finally(() => {
              if (!stopped) loop()
            })
        }, renewMs)
      }
      void round()
        .catch((error: unknown) => logger.error({ err: error }, 'table lease round failed'))
        .finally(() => {
          if (!stopped) loop()
        })
    },

    release(lobbyId: number): void {
      const released = releaseDone(lobbyId)
        .then(() => repository.releaseLease(lobbyId, node))
        .catch((error: unknown) => logger.warn({ err: error, lobbyId }, 'table lease release failed'))
        .finally(() => {
          if (releasing.get(lobbyId) === released) releasing.delete(lobbyId)
        })
      releasing.set(lobbyId, released)
    },

    /** The app server is closing: calls for other servers' tables are refused at once instead of forwarded. */
    stopForwarding(): void {
      closing = true
    },

    /** On close: no more rounds; every lease is given up so another server takes the tables at once. */
    async stop(): Promise<void> {
      stopped = true
      closing = true
      if (timer) clearTimeout(timer)
      await repository.releaseLeases(node).catch((error: unknown) => logger.warn({ err: error }, 'table leases release failed'))
    },
  }
}

export type TableOwnership = ReturnType<typeof createTableOwnership>
