import { sql, type Kysely } from 'kysely'
import type { Database, UserRow } from '../../../db/schema'

/** All SQL of the table-media module: the media nodes' server account. */
export function createTableMediaRepository(db: Kysely<Database>) {
  return {
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst()
    },

    async nicknameTaken(nickname: string): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where(sql<string>`lower(nickname)`, '=', nickname.toLowerCase()).executeTakeFirst()) !== undefined
    },

    async insertServerAccount(account: { nickname: string; email: string; passwordHash: string; referralToken: string; role: number }): Promise<void> {
      await db
        .insertInto('users')
        .values({
          nickname: account.nickname,
          email: account.email,
          password_hash: account.passwordHash,
          role_id: account.role,
          email_confirmation: true,
          admin_confirmation: true,
          referral_token: account.referralToken,
        })
        .execute()
    },

    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: new Date() }).where('id', '=', userId).execute()
    },
  }
}

export type TableMediaRepository = ReturnType<typeof createTableMediaRepository>
