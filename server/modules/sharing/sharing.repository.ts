import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema'

/** All SQL about share keys: one row per user, keyed by the user, found by the key's hash. */
export function createSharingRepository(db: Kysely<Database>) {
  return {
    /** The user's key row (its hash and age), if they have one. */
    find(userId: number) {
      return db.selectFrom('share_keys').select(['user_id', 'created_at']).where('user_id', '=', userId).executeTakeFirst()
    },

    /** Puts a new key hash in place of the old one (the old key stops working in the same statement). */
    replace(userId: number, keyHash: string, at: Date) {
      return db
        .insertInto('share_keys')
        .values({ user_id: userId, key_hash: keyHash, created_at: at })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ key_hash: keyHash, created_at: at }))
        .returning(['created_at'])
        .executeTakeFirstOrThrow()
    },

    /** Deletes the user's key; true when there was one. */
    async remove(userId: number): Promise<boolean> {
      const result = await db.deleteFrom('share_keys').where('user_id', '=', userId).executeTakeFirst()
      return result.numDeletedRows > 0n
    },

    /**
     * The streamer a key hash belongs to, with their public card fields, unless a ban is in force
     * at `at`: a banned streamer's page goes dark with their sessions.
     */
    ownerOf(keyHash: string, at: Date) {
      return db
        .selectFrom('share_keys')
        .innerJoin('users', 'users.id', 'share_keys.user_id')
        .select(['users.id', 'users.nickname', 'users.official_nickname', 'users.avatar', 'users.is_premium'])
        .where('share_keys.key_hash', '=', keyHash)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('bans').select('bans.id').whereRef('bans.user_id', '=', 'users.id').where('bans.lifted_at', 'is', null).where('bans.until', '>', at))),
        )
        .executeTakeFirst()
    },
  }
}

export type SharingRepository = ReturnType<typeof createSharingRepository>
