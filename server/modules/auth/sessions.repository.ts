import { sql, type ExpressionBuilder, type Kysely } from 'kysely'
import type { Database } from '../../../db/schema'

/** Where a session is used from: recorded at sign-in and refreshed with last_seen_at. */
export interface SessionClient {
  userAgent: string | null
  address: string | null
}

/** The windows a session lives in: it must have started after `createdAfter` and been used after `seenAfter`. */
export interface LiveWindow {
  createdAfter: Date
  seenAfter: Date
}

/** A session used at `at` from `address`, to be written unless its last use is later than `staleBefore`. */
export interface SessionMark {
  sessionId: number
  at: Date
  staleBefore: Date
  address: string | null
}

/** All SQL about sessions. */
export function createSessionsRepository(db: Kysely<Database>) {
  return {
    /** A new session; its times come from the app's clock, so lifetimes are measured on one clock. */
    create(userId: number, tokenHash: string, client: SessionClient, at: Date) {
      return db
        .insertInto('sessions')
        .values({ user_id: userId, token_hash: tokenHash, user_agent: client.userAgent, address: client.address, created_at: at, last_seen_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    },

    /**
     * The live session of a token hash with its user, and the ban in force at `at` if any (the one that
     * ends last), in one round trip: this runs on every authenticated request. A session past its
     * lifetime or idle timeout is not live; it is refused without being written.
     */
    findLive(tokenHash: string, at: Date, window: LiveWindow) {
      const activeBan = (eb: ExpressionBuilder<Database, 'users'>) =>
        eb.selectFrom('bans').whereRef('bans.user_id', '=', 'users.id').where('bans.lifted_at', 'is', null).where('bans.until', '>', at).orderBy('bans.until', 'desc').limit(1)
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select((eb) => [
          'sessions.id as session_id',
          'sessions.created_at as session_created_at',
          'sessions.last_seen_at as session_last_seen_at',
          'sessions.address as session_address',
          activeBan(eb).select('bans.reason').as('ban_reason'),
          activeBan(eb).select('bans.until').as('ban_until'),
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.created_at', '>', window.createdAfter)
        .where('sessions.last_seen_at', '>', window.seenAfter)
        .executeTakeFirst()
    },

    /**
     * Marks sessions used, each at its time and from its address, in one statement. Only a session
     * whose last mark is no later than its `staleBefore` is written, so several servers (or requests)
     * seeing the same session in one minute write once; a session listed twice is written once.
     */
    async touchMany(marks: readonly SessionMark[]): Promise<void> {
      if (marks.length === 0) return
      await sql`
        update sessions set last_seen_at = mark.at, address = coalesce(mark.address, sessions.address)
        from unnest(${marks.map((mark) => mark.sessionId)}::integer[], ${marks.map((mark) => mark.at)}::timestamptz[], ${marks.map((mark) => mark.staleBefore)}::timestamptz[], ${marks.map((mark) => mark.address)}::text[])
          as mark(id, at, stale_before, address)
        where sessions.id = mark.id and sessions.last_seen_at <= mark.stale_before`.execute(db)
    },

    /** The user's live sessions, most recently used first. */
    listLive(userId: number, window: LiveWindow) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'address', 'created_at', 'last_seen_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('created_at', '>', window.createdAfter)
        .where('last_seen_at', '>', window.seenAfter)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    },

    /** Deletes the sessions that ended (signed out, or past a lifetime) before `endedBefore`'s windows; returns how many. */
    async deleteEnded(endedBefore: Date, window: LiveWindow): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('revoked_at', '<', endedBefore), eb('created_at', '<=', window.createdAfter), eb('last_seen_at', '<=', window.seenAfter)]))
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    revoke(sessionId: number, at: Date) {
      return db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute()
    },

    /** Ends one session of this user; false when it is not theirs or already ended (nothing is written then). */
    async revokeOwn(userId: number, sessionId: number, at: Date): Promise<boolean> {
      const ended = await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .executeTakeFirst()
      return ended !== undefined
    },

    /** Ends every session of a user, except one when given (the one that asked); returns the ids it ended. */
    async revokeAllOf(userId: number, at: Date, exceptSessionId?: number): Promise<number[]> {
      let query = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null)
      if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId)
      const rows = await query.returning('id').execute()
      return rows.map((row) => row.id)
    },
  }
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>
