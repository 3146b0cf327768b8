import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database, LobbyMemberRow, LobbyRow } from '../../../db/schema'

/** A waiting user as seating reads them: their place, and the table they are at now, if any. */
export interface QueueEntry {
  userId: number
  position: number
  language: string
  table: { role: LobbyMemberRow['role']; status: LobbyRow['status'] } | null
}

/** The queue inside a seating's transaction: its rows stay locked until the seating is done. */
export interface SeatingQueue {
  /** Up to `limit` waiting users after `afterPosition`, in queue order, locked. */
  next(afterPosition: number, limit: number): Promise<QueueEntry[]>
  remove(userIds: readonly number[]): Promise<void>
}

/** The key of the advisory lock that lets one seating run at a time across every app server. */
const seatingLock = sql<unknown>`hashtext('ladder_queue.seating')`

function queueQueries(db: Kysely<Database> | Transaction<Database>) {
  return {
    async remove(userIds: readonly number[]): Promise<number[]> {
      if (userIds.length === 0) return []
      const rows = await db.deleteFrom('ladder_queue').where('user_id', 'in', [...userIds]).returning('user_id').execute()
      return rows.map((row) => row.user_id)
    },
  }
}

/** All SQL of the ladder queue (table `ladder_queue`, shared by every app server). */
export function createMatchmakingRepository(db: Kysely<Database>) {
  const queries = queueQueries(db)

  return {
    /** Adds a waiting user at the end of the queue; false when they already wait (the primary key decides). */
    async add(userId: number, language: string): Promise<boolean> {
      const row = await db.insertInto('ladder_queue').values({ user_id: userId, language }).onConflict((conflict) => conflict.doNothing()).returning('user_id').executeTakeFirst()
      return row !== undefined
    },

    /** Takes users out of the queue; returns those who were in it. */
    remove: (userIds: readonly number[]) => queries.remove(userIds),

    async isWaiting(userId: number): Promise<boolean> {
      return (await db.selectFrom('ladder_queue').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('ladder_queue').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
      return row.n
    },

    /**
     * Puts users back at the places they had (a table could not be made for them). Someone who
     * searched again meanwhile keeps their new place.
     */
    async restore(entries: ReadonlyArray<Pick<QueueEntry, 'userId' | 'position' | 'language'>>): Promise<void> {
      if (entries.length === 0) return
      await db
        .insertInto('ladder_queue')
        .values(entries.map((entry) => ({ user_id: entry.userId, position: entry.position, language: entry.language })))
        .onConflict((conflict) => conflict.doNothing())
        .execute()
    },

    /**
     * Runs one seating in a transaction that holds the seating lock: two app servers never read the
     * same waiting users, and a user who cancels meanwhile waits for the seating to finish.
     */
    seating<T>(work: (queue: SeatingQueue) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${seatingLock})`.execute(trx)
        const inTransaction = queueQueries(trx)
        return work({
          async next(afterPosition, limit) {
            const rows = await trx
              .selectFrom('ladder_queue as q')
              .leftJoin('lobby_members as m', 'm.user_id', 'q.user_id')
              .leftJoin('lobbies as l', 'l.id', 'm.lobby_id')
              .select(['q.user_id', 'q.position', 'q.language', 'm.role', 'l.status'])
              .where('q.position', '>', afterPosition)
              .orderBy('q.position')
              .limit(limit)
              .forUpdate(['q'])
              .execute()
            return rows.map((row) => ({
              userId: row.user_id,
              position: row.position,
              language: row.language,
              table: row.role && row.status ? { role: row.role, status: row.status } : null,
            }))
          },
          async remove(userIds) {
            await inTransaction.remove(userIds)
          },
        })
      })
    },
  }
}

export type MatchmakingRepository = ReturnType<typeof createMatchmakingRepository>
