import { sql, type Insertable, type Kysely, type Selectable, type SelectQueryBuilder, type Transaction } from 'kysely'
import type { Database } from '../../../db/schema'
import type { TransactionStatus } from '../../contract/http/buy'
import { withBuyTables, type BuyDatabase, type BuyTables } from './buy.tables'

export type TransactionRow = Selectable<BuyTables['premium_transactions']>
export type ProductRow = { id: string; days: number; prices: Record<string, number>; processors: string[]; position: number; active: boolean }
type Db = Kysely<BuyDatabase> | Transaction<BuyDatabase>

/** `prices`/`processors` come back parsed from jsonb on PostgreSQL and PGlite alike; a string is parsed here to be sure. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

/**
 * Adds `days` of premium to a user, from their current end or from now when it has passed, and sets
 * the shown flag from the new end date. Part of the caller's database transaction.
 */
export async function extendPremium(db: Db, userId: number, days: number, at: Date): Promise<Date | null> {
  const row = await sql<{ premium_until: Date }>`
    update users
       set premium_until = greatest(coalesce(premium_until, ${at}::timestamptz), ${at}::timestamptz) + make_interval(days => ${days}::integer),
           is_premium = true,
           updated_at = ${at}::timestamptz
     where id = ${userId}
     returning premium_until`.execute(db)
  return row.rows[0]?.premium_until ?? null
}

/** Takes `days` of premium back from a user (a refund), and sets the shown flag from what is left. */
export async function shortenPremium(db: Db, userId: number, days: number, at: Date): Promise<void> {
  await sql`
    update users
       set premium_until = premium_until - make_interval(days => ${days}::integer),
           is_premium = coalesce(premium_until - make_interval(days => ${days}::integer) > ${at}::timestamptz, false),
           updated_at = ${at}::timestamptz
     where id = ${userId} and premium_until is not null`.execute(db)
}

/** All SQL of premium: the products, the ledger, the providers' notices, the users' premium end. */
export function createBuyRepository(plain: Kysely<Database>) {
  const db = withBuyTables(plain)
  const toProduct = (row: { id: string; days: number; prices: unknown; processors: unknown; position: number; active: boolean }): ProductRow => ({
    ...row,
    prices: parsed(row.prices as Record<string, number>),
    processors: parsed(row.processors as string[]),
  })
  return {
    db,

    async products(): Promise<ProductRow[]> {
      const rows = await db.selectFrom('premium_products').selectAll().where('active', '=', true).orderBy('position').orderBy('id').execute()
      return rows.map(toProduct)
    },

    async product(id: string): Promise<ProductRow | undefined> {
      const row = await db.selectFrom('premium_products').selectAll().where('id', '=', id).where('active', '=', true).executeTakeFirst()
      return row ? toProduct(row) : undefined
    },

    /** A possible gift recipient: exists, is no server account; with their bans in force and deletion state. */
    async recipient(userId: number, at: Date) {
      return plain
        .selectFrom('users')
        .select(['users.id', 'users.delete_at', 'users.role_id'])
        .select((eb) =>
          eb
            .exists(eb.selectFrom('bans').select('bans.id').whereRef('bans.user_id', '=', 'users.id').where('bans.until', '>', at).where('bans.lifted_at', 'is', null))
            .as('banned'),
        )
        .where('users.id', '=', userId)
        .executeTakeFirst()
    },

    async premiumUntil(userId: number): Promise<Date | null> {
      const row = await sql<{ premium_until: Date | null }>`select premium_until from users where id = ${userId}`.execute(plain)
      return row.rows[0]?.premium_until ?? null
    },

    insertTransaction(values: Insertable<BuyTables['premium_transactions']>) {
      return db.insertInto('premium_transactions').values(values).returningAll().executeTakeFirstOrThrow()
    },

    async setProviderIds(id: string, ids: { sessionId?: string; paymentId?: string }): Promise<void> {
      await db
        .updateTable('premium_transactions')
        .set({ ...(ids.sessionId ? { provider_session_id: ids.sessionId } : {}), ...(ids.paymentId ? { provider_payment_id: ids.paymentId } : {}), updated_at: sql`now()` })
        .where('id', '=', id)
        .execute()
    },

    transaction(id: string) {
      return db.selectFrom('premium_transactions').selectAll().where('id', '=', id).executeTakeFirst()
    },

    bySession(processor: string, sessionId: string) {
      return db.selectFrom('premium_transactions').selectAll().where('processor', '=', processor).where('provider_session_id', '=', sessionId).executeTakeFirst()
    },

    /** The row, locked until the end of the database transaction `trx`. */
    locked(trx: Transaction<BuyDatabase>, id: string) {
      return trx.selectFrom('premium_transactions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
    },

    /** Records a provider's notice; false when it was recorded before (a repeat). */
    async recordEvent(trx: Transaction<BuyDatabase>, event: { processor: string; eventId: string; transactionId: string; type: string }): Promise<boolean> {
      const row = await trx
        .insertInto('premium_provider_events')
        .values({ processor: event.processor, event_id: event.eventId, transaction_id: event.transactionId, type: event.type })
        .onConflict((conflict) => conflict.columns(['processor', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst()
      return row !== undefined
    },

    async setStatus(trx: Transaction<BuyDatabase>, id: string, status: TransactionStatus, at: Date, extra: { paymentId?: string; creditedDays?: number } = {}) {
      return trx
        .updateTable('premium_transactions')
        .set({
          status,
          updated_at: at,
          ...(status === 'paid' ? { paid_at: at } : {}),
          ...(status === 'refunded' ? { refunded_at: at } : {}),
          ...(extra.paymentId ? { provider_payment_id: extra.paymentId } : {}),
          ...(extra.creditedDays !== undefined ? { credited_days: extra.creditedDays } : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    /** Pending purchases past their end become expired; their ids. */
    async expirePending(at: Date): Promise<string[]> {
      const rows = await db
        .updateTable('premium_transactions')
        .set({ status: 'expired', updated_at: at })
        .where('status', '=', 'pending')
        .where('expires_at', '<=', at)
        .returning('id')
        .execute()
      return rows.map((row) => row.id)
    },

    /** Users whose premium ended: their shown flag goes off; their ids. */
    async endLapsedPremium(at: Date): Promise<number[]> {
      const rows = await sql<{ id: number }>`
        update users set is_premium = false, updated_at = ${at}::timestamptz
         where is_premium and premium_until is not null and premium_until <= ${at}::timestamptz
         returning id`.execute(plain)
      return rows.rows.map((row) => row.id)
    },

    /** The user's transactions: bought by them or given to them, newest first, with both people's nicknames. */
    async listFor(userId: number, page: { offset: number; limit: number }) {
      const mine = (query: SelectQueryBuilder<BuyDatabase, 'premium_transactions', object>) =>
        query.where((eb) => eb.or([eb('premium_transactions.buyer_id', '=', userId), eb('premium_transactions.recipient_id', '=', userId)]))
      const [items, count] = await Promise.all([
        withPeople(db, mine).orderBy('premium_transactions.created_at', 'desc').orderBy('premium_transactions.id').offset(page.offset).limit(page.limit).execute(),
        mine(db.selectFrom('premium_transactions')).select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ])
      return { items, total: Number(count.total) }
    },

    async withPeople(id: string) {
      return withPeople(db, (query) => query.where('premium_transactions.id', '=', id)).executeTakeFirst()
    },

    async listAll(filter: { status?: TransactionStatus }, page: { offset: number; limit: number }) {
      const all = (query: SelectQueryBuilder<BuyDatabase, 'premium_transactions', object>) => (filter.status ? query.where('premium_transactions.status', '=', filter.status) : query)
      const [items, count] = await Promise.all([
        withPeople(db, all).orderBy('premium_transactions.created_at', 'desc').orderBy('premium_transactions.id').offset(page.offset).limit(page.limit).execute(),
        all(db.selectFrom('premium_transactions')).select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ])
      return { items, total: Number(count.total) }
    },

    /** Paid purchases (not refunded) per day and currency since `from`. */
    async revenue(from: Date) {
      const rows = await sql<{ day: string; currency: string; amount: string; count: string }>`
        select to_char(date_trunc('day', paid_at at time zone 'UTC'), 'YYYY-MM-DD') as day, currency,
               sum(amount)::bigint as amount, count(*)::bigint as count
          from premium_transactions
         where kind = 'purchase' and status = 'paid' and paid_at >= ${from}::timestamptz
         group by 1, 2 order by 1, 2`.execute(plain)
      return rows.rows.map((row) => ({ day: row.day, currency: row.currency, amount: Number(row.amount), count: Number(row.count) }))
    },
  }
}

/** Transactions chosen by `where`, with their buyer's and recipient's nicknames. */
function withPeople(db: Kysely<BuyDatabase>, where: (query: SelectQueryBuilder<BuyDatabase, 'premium_transactions', object>) => SelectQueryBuilder<BuyDatabase, 'premium_transactions', object>) {
  return where(db.selectFrom('premium_transactions'))
    .leftJoin('users as buyer', 'buyer.id', 'premium_transactions.buyer_id')
    .leftJoin('users as recipient', 'recipient.id', 'premium_transactions.recipient_id')
    .selectAll('premium_transactions')
    .select(['buyer.nickname as buyer_nickname', 'recipient.nickname as recipient_nickname'])
}

export type BuyRepository = ReturnType<typeof createBuyRepository>
export type TransactionWithPeople = TransactionRow & { buyer_nickname: string | null; recipient_nickname: string | null }
