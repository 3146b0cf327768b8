import { sql, type Kysely, type Transaction } from 'kysely'
import type { AdminUserSort } from '../../contract/http/admin'
import type { Database, UserRow } from '../../../db/schema'

export interface UserFilter {
  search: string | null
  role?: number
  banned?: boolean
  premium?: boolean
  unconfirmed?: boolean
}

export type AdminUserRow = UserRow & { last_seen_at: Date | null }

type Db = Kysely<Database> | Transaction<Database>

const sortColumns: Record<AdminUserSort, string> = {
  id: 'users.id',
  nickname: 'lower(users.nickname)',
  email: 'users.email',
  role: 'users.role_id',
  createdAt: 'users.created_at',
  lastSeenAt: 'last_seen_at',
}

/** All SQL of the admin panel's core: users as staff see them, bans, the dashboard's counts, settings. */
export function createAdminRepository(db: Kysely<Database>) {
  const lastSeen = sql<Date | null>`(select max(s.last_seen_at) from sessions s where s.user_id = users.id)`
  const activeBan = (at: Date) => sql<boolean>`exists (select 1 from bans b where b.user_id = users.id and b.lifted_at is null and b.until > ${at})`

  const filtered = (filter: UserFilter, at: Date) => {
    let query = db.selectFrom('users')
    if (filter.search !== null) {
      // Taken literally: no pattern characters, case-insensitive substring of the nickname or the email.
      const needle = filter.search.toLowerCase()
      query = query.where(sql<boolean>`(strpos(lower(users.nickname), ${needle}) > 0 or strpos(lower(users.email), ${needle}) > 0)`)
    }
    if (filter.role !== undefined) query = query.where('users.role_id', '=', filter.role)
    if (filter.premium !== undefined) query = query.where('users.is_premium', '=', filter.premium)
    if (filter.banned !== undefined) query = query.where(filter.banned ? activeBan(at) : sql<boolean>`not ${activeBan(at)}`)
    if (filter.unconfirmed !== undefined) {
      query = query.where(filter.unconfirmed ? sql<boolean>`not (users.email_confirmation and users.admin_confirmation)` : sql<boolean>`(users.email_confirmation and users.admin_confirmation)`)
    }
    return query
  }

  return {
    async users(filter: UserFilter, order: { sort: AdminUserSort; direction: 'asc' | 'desc' }, page: { offset: number; limit: number }, at: Date): Promise<{ rows: AdminUserRow[]; total: number }> {
      const direction = order.direction === 'asc' ? sql`asc` : sql`desc`
      const [rows, count] = await Promise.all([
        filtered(filter, at)
          .selectAll('users')
          .select(lastSeen.as('last_seen_at'))
          .orderBy(sql`${sql.raw(sortColumns[order.sort])} ${direction} nulls last`)
          .orderBy('users.id', order.direction)
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        filtered(filter, at).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      ])
      return { rows: rows as AdminUserRow[], total: Number(count.total) }
    },

    user(id: number, trx: Db = db): Promise<AdminUserRow | undefined> {
      return trx.selectFrom('users').selectAll('users').select(lastSeen.as('last_seen_at')).where('users.id', '=', id).executeTakeFirst() as Promise<AdminUserRow | undefined>
    },

    lockUser(trx: Transaction<Database>, id: number): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
    },

    async updateUser(trx: Transaction<Database>, id: number, changes: { nickname?: string; email_confirmation?: boolean; admin_confirmation?: boolean; role_id?: number }, at: Date): Promise<void> {
      await trx.updateTable('users').set({ ...changes, updated_at: at }).where('id', '=', id).execute()
    },

    /** The bans in force at `at` of these users, the one that ends last first. */
    activeBans(userIds: readonly number[], at: Date, trx: Db = db): Promise<Array<{ user_id: number; reason: string; until: Date }>> {
      if (userIds.length === 0) return Promise.resolve([])
      return trx
        .selectFrom('bans')
        .select(['user_id', 'reason', 'until'])
        .where('user_id', 'in', [...userIds])
        .where('lifted_at', 'is', null)
        .where('until', '>', at)
        .orderBy('until', 'desc')
        .execute()
    },

    async liftBans(trx: Transaction<Database>, userId: number, at: Date): Promise<number> {
      const result = await trx.updateTable('bans').set({ lifted_at: at }).where('user_id', '=', userId).where('lifted_at', 'is', null).where('until', '>', at).executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /** Admins (role 3) other than `exceptId` with no ban in force, taking a lock on them so two demotions or bans cannot race past the last admin. */
    async otherFreeAdmins(trx: Transaction<Database>, exceptId: number, at: Date): Promise<number> {
      const rows = await trx
        .selectFrom('users')
        .select('users.id')
        .where('users.role_id', '=', 3)
        .where('users.id', '<>', exceptId)
        .where(sql<boolean>`not ${activeBan(at)}`)
        .forUpdate()
        .execute()
      return rows.length
    },

    async activeUsersSince(since: Date): Promise<number> {
      const row = await db.selectFrom('sessions').select(sql<string>`count(distinct user_id)`.as('count')).where('last_seen_at', '>', since).executeTakeFirstOrThrow()
      return Number(row.count)
    },

    signupsPerDay(since: Date): Promise<Array<{ day: string; count: string }>> {
      return db
        .selectFrom('users')
        .select([sql<string>`to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD')`.as('day'), sql<string>`count(*)`.as('count')])
        .where('created_at', '>=', since)
        .where('role_id', '<>', 4)
        .groupBy(sql`1`)
        .execute()
    },

    gamesPerDay(since: Date): Promise<Array<{ day: string; count: string }>> {
      return db
        .selectFrom('lobbies')
        .select([sql<string>`to_char(date_trunc('day', started_at at time zone 'UTC'), 'YYYY-MM-DD')`.as('day'), sql<string>`count(*)`.as('count')])
        .where('started_at', '>=', since)
        .groupBy(sql`1`)
        .execute()
    },

    async runningTables(): Promise<number[]> {
      const rows = await db.selectFrom('lobbies').select('id').where('status', '=', 'running').execute()
      return rows.map((row) => row.id)
    },

    /** Unsolved bug reports; null while the bug reports table does not exist. */
    async openBugReports(): Promise<number | null> {
      const exists = await sql<{ name: string | null }>`select to_regclass('public.bug_reports')::text as name`.execute(db)
      if (!exists.rows[0]?.name) return null
      const row = await sql<{ count: string }>`select count(*) as count from bug_reports where not is_solved`.execute(db)
      return Number(row.rows[0]?.count ?? 0)
    },

    settings(trx: Db = db): Promise<Array<{ name: string; value: string }>> {
      return trx.selectFrom('settings').select(['name', 'value']).orderBy('name').execute()
    },

    async setSetting(trx: Transaction<Database>, name: string, value: string): Promise<void> {
      await trx.insertInto('settings').values({ name, value }).onConflict((conflict) => conflict.column('name').doUpdateSet({ value })).execute()
    },
  }
}
export type AdminRepository = ReturnType<typeof createAdminRepository>
