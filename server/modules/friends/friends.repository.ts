import { sql, type ExpressionBuilder, type Kysely } from 'kysely'
import type { Database } from '../../../db/schema'

/** Server accounts (role 4) are not people: nobody searches for or befriends them. */
const serverRole = 4

/** The columns of a user card. */
const cardColumns = ['users.id', 'users.nickname', 'users.official_nickname', 'users.avatar', 'users.is_premium'] as const

export interface UserCardRow {
  id: number
  nickname: string
  official_nickname: string | null
  avatar: string | null
  is_premium: boolean
}

/** `like` pattern for "starts with", the wildcards of the text itself escaped. */
export function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/** A block between the user and the row's user (`users.id`), whichever of the two blocked the other. */
function blockBetween(eb: ExpressionBuilder<Database, 'users'>, userId: number) {
  return eb
    .selectFrom('user_blocks')
    .select(sql.lit(1).as('one'))
    .where((inner) =>
      inner.or([
        inner.and([inner('user_blocks.blocker_id', '=', userId), inner('user_blocks.blocked_id', '=', inner.ref('users.id'))]),
        inner.and([inner('user_blocks.blocked_id', '=', userId), inner('user_blocks.blocker_id', '=', inner.ref('users.id'))]),
      ]),
    )
}

/**
 * Whether either user blocked the other, asked on the database or inside a transaction. Blocks are
 * this module's; the chats module asks through the module's index in its own transactions.
 */
export async function blockedEitherWay(db: Kysely<Database>, userId: number, otherId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', userId), eb('blocked_id', '=', otherId)]),
        eb.and([eb('blocker_id', '=', otherId), eb('blocked_id', '=', userId)]),
      ]),
    )
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Holds the user's row until the transaction ends, so one user's friend requests or party invites are
 * counted and sent one at a time. NO KEY UPDATE, not UPDATE: rows inserted meanwhile that reference this
 * user take a KEY SHARE lock on it, and two users writing to each other at once would otherwise deadlock.
 */
export function lockUser(db: Kysely<Database>, userId: number): Promise<unknown> {
  return db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute()
}

/** All SQL about friendships, friend requests and blocks. */
function friendsQueries(db: Kysely<Database>) {
  return {

    card(userId: number): Promise<UserCardRow | undefined> {
      return db.selectFrom('users').select(cardColumns).where('users.id', '=', userId).where('users.role_id', '<>', serverRole).executeTakeFirst()
    },

    cards(userIds: number[]): Promise<UserCardRow[]> {
      if (userIds.length === 0) return Promise.resolve([])
      return db.selectFrom('users').select(cardColumns).where('users.id', 'in', userIds).execute()
    },

    /** Users whose nickname or official nickname starts with the text, with how the viewer stands with each. */
    async search(viewerId: number, text: string, limit: number, offset: number) {
      const pattern = prefixPattern(text)
      const base = db
        .selectFrom('users')
        .where('users.id', '<>', viewerId)
        .where('users.role_id', '<>', serverRole)
        .where((eb) => eb.or([eb(sql`lower(users.nickname)`, 'like', pattern), eb(sql`lower(users.official_nickname)`, 'like', pattern)]))
      const [rows, total] = await Promise.all([
        base
          .select(cardColumns)
          .select((eb) => [
            eb
              .exists(eb.selectFrom('friendships').select(sql.lit(1).as('one')).where('friendships.user_id', '=', viewerId).whereRef('friendships.friend_id', '=', 'users.id'))
              .as('is_friend'),
            eb
              .selectFrom('friend_requests')
              .select('friend_requests.from_user_id')
              .where((inner) =>
                inner.or([
                  inner.and([inner('friend_requests.from_user_id', '=', viewerId), inner('friend_requests.to_user_id', '=', inner.ref('users.id'))]),
                  inner.and([inner('friend_requests.to_user_id', '=', viewerId), inner('friend_requests.from_user_id', '=', inner.ref('users.id'))]),
                ]),
              )
              .as('request_from'),
          ])
          .orderBy(sql`lower(users.nickname)`)
          .orderBy('users.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ])
      return { rows, total: total.total }
    },

    friendIds(userId: number): Promise<number[]> {
      return db
        .selectFrom('friendships')
        .select('friend_id')
        .where('user_id', '=', userId)
        .execute()
        .then((rows) => rows.map((row) => row.friend_id))
    },

    /** The friends of a user, by nickname. */
    friends(userId: number): Promise<UserCardRow[]> {
      return db
        .selectFrom('friendships')
        .innerJoin('users', 'users.id', 'friendships.friend_id')
        .select(cardColumns)
        .where('friendships.user_id', '=', userId)
        .orderBy(sql`lower(users.nickname)`)
        .orderBy('users.id')
        .execute()
    },

    async areFriends(userId: number, otherId: number): Promise<boolean> {
      const row = await db.selectFrom('friendships').select('user_id').where('user_id', '=', userId).where('friend_id', '=', otherId).executeTakeFirst()
      return row !== undefined
    },

    /** Adds a friendship both ways; false when it already existed. */
    async addFriendship(userId: number, otherId: number): Promise<boolean> {
      const rows = await db
        .insertInto('friendships')
        .values([
          { user_id: userId, friend_id: otherId },
          { user_id: otherId, friend_id: userId },
        ])
        .onConflict((conflict) => conflict.columns(['user_id', 'friend_id']).doNothing())
        .returning('user_id')
        .execute()
      return rows.length > 0
    },

    /** Removes a friendship both ways; false when there was none. */
    async removeFriendship(userId: number, otherId: number): Promise<boolean> {
      const rows = await db
        .deleteFrom('friendships')
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', userId), eb('friend_id', '=', otherId)]),
            eb.and([eb('user_id', '=', otherId), eb('friend_id', '=', userId)]),
          ]),
        )
        .returning('user_id')
        .execute()
      return rows.length > 0
    },

    /** The pending request between two users, whichever way it points, locked until the transaction ends. */
    requestBetween(userId: number, otherId: number) {
      return db
        .selectFrom('friend_requests')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('from_user_id', '=', userId), eb('to_user_id', '=', otherId)]),
            eb.and([eb('from_user_id', '=', otherId), eb('to_user_id', '=', userId)]),
          ]),
        )
        .forUpdate()
        .executeTakeFirst()
    },

    /** Inserts a request; undefined when the pair already has one (the pair index refuses a second). */
    insertRequest(fromUserId: number, toUserId: number) {
      return db
        .insertInto('friend_requests')
        .values({ from_user_id: fromUserId, to_user_id: toUserId })
        .onConflict((conflict) => conflict.expression(sql`least(from_user_id, to_user_id), greatest(from_user_id, to_user_id)`).doNothing())
        .returningAll()
        .executeTakeFirst()
    },

    findRequest(requestId: number) {
      return db.selectFrom('friend_requests').selectAll().where('id', '=', requestId).forUpdate().executeTakeFirst()
    },

    deleteRequest(requestId: number) {
      return db.deleteFrom('friend_requests').where('id', '=', requestId).execute()
    },

    /**
     * Both directions of a user's waiting requests in one statement (every connect asks for them),
     * newest first, each with the other side's card: `incoming` when the other side sent it.
     */
    pendingRequestsBothWays(userId: number) {
      return db
        .selectFrom('friend_requests')
        .innerJoin('users', (join) =>
          join.on(sql<boolean>`users.id = case when friend_requests.to_user_id = ${userId} then friend_requests.from_user_id else friend_requests.to_user_id end`),
        )
        .select(cardColumns)
        .select(['friend_requests.id as request_id', 'friend_requests.created_at', sql<boolean>`friend_requests.to_user_id = ${userId}`.as('incoming')])
        .where((eb) => eb.or([eb('friend_requests.to_user_id', '=', userId), eb('friend_requests.from_user_id', '=', userId)]))
        .orderBy('friend_requests.id', 'desc')
        .execute()
    },

    /** See `lockUser`: one user's friend requests go one at a time. */
    lockUser: (userId: number) => lockUser(db, userId),

    async countOutgoing(userId: number): Promise<number> {
      const row = await db.selectFrom('friend_requests').select(sql<number>`count(*)::int`.as('count')).where('from_user_id', '=', userId).executeTakeFirstOrThrow()
      return row.count
    },

    /** Whether either user blocked the other. */
    blockedEitherWay: (userId: number, otherId: number) => blockedEitherWay(db, userId, otherId),

    /** Adds a block; false when it already stood. */
    async insertBlock(blockerId: number, blockedId: number): Promise<boolean> {
      const row = await db
        .insertInto('user_blocks')
        .values({ blocker_id: blockerId, blocked_id: blockedId })
        .onConflict((conflict) => conflict.columns(['blocker_id', 'blocked_id']).doNothing())
        .returning('blocker_id')
        .executeTakeFirst()
      return row !== undefined
    },

    /** Removes a block; false when there was none. */
    async deleteBlock(blockerId: number, blockedId: number): Promise<boolean> {
      const row = await db.deleteFrom('user_blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).returning('blocker_id').executeTakeFirst()
      return row !== undefined
    },

    /** Removes the pending request between two users, whichever way it points; false when there was none. */
    async deleteRequestBetween(userId: number, otherId: number): Promise<boolean> {
      const rows = await db
        .deleteFrom('friend_requests')
        .where((eb) =>
          eb.or([
            eb.and([eb('from_user_id', '=', userId), eb('to_user_id', '=', otherId)]),
            eb.and([eb('from_user_id', '=', otherId), eb('to_user_id', '=', userId)]),
          ]),
        )
        .returning('id')
        .execute()
      return rows.length > 0
    },

    /** The users the user blocked, by nickname. */
    blocked(userId: number): Promise<UserCardRow[]> {
      return db
        .selectFrom('user_blocks')
        .innerJoin('users', 'users.id', 'user_blocks.blocked_id')
        .select(cardColumns)
        .where('user_blocks.blocker_id', '=', userId)
        .orderBy(sql`lower(users.nickname)`)
        .orderBy('users.id')
        .execute()
    },

    /** Friends of the user's friends who are neither the user nor already friends; most mutual friends first. */
    friendsOfFriends(userId: number, limit: number) {
      return db
        .selectFrom('friendships as mine')
        .innerJoin('friendships as theirs', 'theirs.user_id', 'mine.friend_id')
        .innerJoin('users', 'users.id', 'theirs.friend_id')
        .select(['theirs.friend_id as user_id', sql<number>`count(*)::int`.as('mutual')])
        .where('mine.user_id', '=', userId)
        .where('theirs.friend_id', '<>', userId)
        .where('users.role_id', '<>', serverRole)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('friendships as known').select(sql.lit(1).as('one')).where('known.user_id', '=', userId).whereRef('known.friend_id', '=', 'theirs.friend_id'))),
        )
        .groupBy('theirs.friend_id')
        .orderBy('mutual', 'desc')
        .orderBy('theirs.friend_id')
        .limit(limit)
        .execute()
    },

    /** Of the candidates, those the user may be suggested: not themselves, not friends, no pending request either way, not a server. */
    async suggestable(userId: number, candidateIds: number[]): Promise<Set<number>> {
      const ids = candidateIds.filter((id) => id !== userId)
      if (ids.length === 0) return new Set()
      const rows = await db
        .selectFrom('users')
        .select('users.id')
        .where('users.id', 'in', ids)
        .where('users.role_id', '<>', serverRole)
        .where((eb) =>
          eb.and([
            eb.not(eb.exists(eb.selectFrom('friendships').select(sql.lit(1).as('one')).where('friendships.user_id', '=', userId).whereRef('friendships.friend_id', '=', 'users.id'))),
            eb.not(eb.exists(blockBetween(eb, userId))),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('friend_requests')
                  .select(sql.lit(1).as('one'))
                  .where((inner) =>
                    inner.or([
                      inner.and([inner('friend_requests.from_user_id', '=', userId), inner('friend_requests.to_user_id', '=', inner.ref('users.id'))]),
                      inner.and([inner('friend_requests.to_user_id', '=', userId), inner('friend_requests.from_user_id', '=', inner.ref('users.id'))]),
                    ]),
                  ),
              ),
            ),
          ]),
        )
        .execute()
      return new Set(rows.map((row) => row.id))
    },

    /** How many friends the user has in common with each of the others. */
    async mutualCounts(userId: number, otherIds: number[]): Promise<Map<number, number>> {
      if (otherIds.length === 0) return new Map()
      const rows = await db
        .selectFrom('friendships as mine')
        .innerJoin('friendships as theirs', 'theirs.friend_id', 'mine.friend_id')
        .select(['theirs.user_id', sql<number>`count(*)::int`.as('mutual')])
        .where('mine.user_id', '=', userId)
        .where('theirs.user_id', 'in', otherIds)
        .groupBy('theirs.user_id')
        .execute()
      return new Map(rows.map((row) => [row.user_id, row.mutual]))
    },
  }
}

/** The queries, bound to the database or to one transaction. */
export type FriendsQueries = ReturnType<typeof friendsQueries>

export function createFriendsRepository(db: Kysely<Database>) {
  return {
    ...friendsQueries(db),
    /** Runs `work` in one transaction; every query in it goes through the queries it is given. */
    transaction<T>(work: (queries: FriendsQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(friendsQueries(trx)))
    },
  }
}

export type FriendsRepository = ReturnType<typeof createFriendsRepository>
