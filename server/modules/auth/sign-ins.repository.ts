import { sql, type Kysely } from 'kysely'
import type { Database } from '../../../db/schema'

/** A failure count as stored: how many in a row, and when the last one was. */
export interface FailureRow {
  key_hash: string
  failures: number
  last_failure_at: Date
}

/** All SQL about failed sign-ins and the addresses users signed in from. */
export function createSignInsRepository(db: Kysely<Database>) {
  return {
    failures(keys: string[]): Promise<FailureRow[]> {
      return db.selectFrom('sign_in_failures').select(['key_hash', 'failures', 'last_failure_at']).where('key_hash', 'in', keys).execute()
    },

    /** Counts one more failure under each key, atomically; a count whose last failure is `forgetBefore` or older starts again at one. */
    async countFailure(keys: string[], at: Date, forgetBefore: Date): Promise<void> {
      if (keys.length === 0) return
      await db
        .insertInto('sign_in_failures')
        .values(keys.map((key) => ({ key_hash: key, failures: 1, last_failure_at: at })))
        .onConflict((conflict) =>
          conflict.column('key_hash').doUpdateSet({
            failures: sql<number>`case when sign_in_failures.last_failure_at <= ${forgetBefore} then 1 else sign_in_failures.failures + 1 end`,
            last_failure_at: at,
          }),
        )
        .execute()
    },

    clearFailures(keys: string[]): Promise<unknown> {
      return db.deleteFrom('sign_in_failures').where('key_hash', 'in', keys).execute()
    },

    /** Forgets counts whose last failure is older than `before`. */
    async purgeFailures(before: Date): Promise<number> {
      const result = await db.deleteFrom('sign_in_failures').where('last_failure_at', '<', before).executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    async isKnownAddress(userId: number, addressHash: string): Promise<boolean> {
      const row = await db.selectFrom('sign_in_addresses').select('user_id').where('user_id', '=', userId).where('address_hash', '=', addressHash).executeTakeFirst()
      return row !== undefined
    },

    rememberAddress(userId: number, addressHash: string, at: Date): Promise<unknown> {
      return db
        .insertInto('sign_in_addresses')
        .values({ user_id: userId, address_hash: addressHash, last_used_at: at })
        .onConflict((conflict) => conflict.columns(['user_id', 'address_hash']).doUpdateSet({ last_used_at: at }))
        .execute()
    },
  }
}

export type SignInsRepository = ReturnType<typeof createSignInsRepository>
