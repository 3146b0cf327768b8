import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database } from '../../../db/schema'

/** All SQL about sessions. */
export function createSessionsRepository(db: Kysely<Database>) {
  return {
    create(userId: number, tokenHash: string, userAgent: string | null) {
      return db.insertInto('sessions').values({ user_id: userId, token_hash: tokenHash, user_agent: userAgent }).returning('id').executeTakeFirstOrThrow()
    },

    /**
     * The live session of a token hash with its user, and the ban in force at `at` if any (the one that
     * ends last), in one round trip: this runs on every authenticated request.
     */
    findLive(tokenHash: string, at: Date) {
      const activeBan = (eb: ExpressionBuilder<Database, 'users'>) =>
        eb.selectFrom('bans').whereRef('bans.user_id', '=', 'users.id').where('bans.lifted_at', 'is', null).where('bans.until', '>', at).orderBy('bans.until', 'desc').limit(1)
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select((eb) => ['sessions.id as session_id', activeBan(eb).select('bans.reason').as('ban_reason'), activeBan(eb).select('bans.until').as('ban_until')])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .executeTakeFirst()
    },

    revoke(sessionId: number, at: Date) {
      return db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute()
    },

    /** Ends every session of a user, except one when given (the one that asked). */
    revokeAllOf(userId: number, at: Date, exceptSessionId?: number) {
      let query = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null)
      if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId)
      return query.execute()
    },
  }
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>
