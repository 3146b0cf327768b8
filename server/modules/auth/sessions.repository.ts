import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema'

/** All SQL about sessions. */
export function createSessionsRepository(db: Kysely<Database>) {
  return {
    create(userId: number, tokenHash: string, userAgent: string | null) {
      return db.insertInto('sessions').values({ user_id: userId, token_hash: tokenHash, user_agent: userAgent }).returning('id').executeTakeFirstOrThrow()
    },

    /** The live session of a token hash with its user. */
    findLive(tokenHash: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select(['sessions.id as session_id'])
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

    /** The ban in force for a user at a time, if any (the one that ends last). */
    activeBan(userId: number, at: Date) {
      return db
        .selectFrom('bans')
        .select(['reason', 'until'])
        .where('user_id', '=', userId)
        .where('lifted_at', 'is', null)
        .where('until', '>', at)
        .orderBy('until', 'desc')
        .executeTakeFirst()
    },
  }
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>
