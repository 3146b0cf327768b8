import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { hashToken, randomToken } from '../../server/lib/ids'

/** A signed-in account of a benchmark: its user id and its session's token. */
export interface BenchAccount {
  id: number
  token: string
}

/**
 * Confirmed users with one live session each, written straight to the database in batches of 500:
 * signing up thousands of users would spend the benchmark's time on password hashing.
 * `password_hash` is unusable on purpose.
 */
export async function createBenchAccounts(db: Kysely<Database>, count: number, prefix: string): Promise<BenchAccount[]> {
  const tag = `${prefix}${Math.random().toString(36).slice(2, 8)}`
  const accounts: BenchAccount[] = []
  for (let index = 0; index < count; index += 500) {
    const size = Math.min(500, count - index)
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: size }, (_, offset) => ({
          nickname: `${tag}${index + offset}`,
          email: `${tag}${index + offset}@example.test`,
          password_hash: '!',
          email_confirmation: true,
          referral_token: randomToken(12),
        })),
      )
      .returning('id')
      .execute()
    const tokens = users.map(() => randomToken())
    await db
      .insertInto('sessions')
      .values(users.map((user, offset) => ({ user_id: user.id, token_hash: hashToken(tokens[offset] as string), user_agent: 'bench' })))
      .execute()
    accounts.push(...users.map((user, offset) => ({ id: user.id, token: tokens[offset] as string })))
  }
  return accounts
}

/** Party chats of consecutive accounts, `size` members each (the last one may be smaller); returns each party's id and members. */
export async function createParties(db: Kysely<Database>, accounts: BenchAccount[], size: number): Promise<Array<{ chatId: number; members: BenchAccount[] }>> {
  const parties: Array<{ chatId: number; members: BenchAccount[] }> = []
  for (let index = 0; index < accounts.length; index += size) {
    const members = accounts.slice(index, index + size)
    const chat = await db
      .insertInto('chats')
      .values({ type: 3, owner_id: (members[0] as BenchAccount).id })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('chat_members')
      .values(members.map((member) => ({ chat_id: chat.id, user_id: member.id })))
      .execute()
    parties.push({ chatId: chat.id, members })
  }
  return parties
}

/** Friendships along the list: each account is friends with the next `each` accounts (stored both ways, as the app stores them). */
export async function createFriendships(db: Kysely<Database>, accounts: BenchAccount[], each: number): Promise<number> {
  const rows: Array<{ user_id: number; friend_id: number }> = []
  for (const [index, account] of accounts.entries()) {
    for (let step = 1; step <= each && index + step < accounts.length; step++) {
      const friend = accounts[index + step] as BenchAccount
      rows.push({ user_id: account.id, friend_id: friend.id }, { user_id: friend.id, friend_id: account.id })
    }
  }
  for (let index = 0; index < rows.length; index += 1000) await db.insertInto('friendships').values(rows.slice(index, index + 1000)).execute()
  return rows.length / 2
}
