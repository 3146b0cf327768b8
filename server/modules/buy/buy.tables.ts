import type { ColumnType, Generated, Kysely } from 'kysely'
import type { Database } from '../../../db/schema'
import type { TransactionStatus } from '../../contract/http/buy'

type Timestamp = ColumnType<Date, Date | string, Date | string>

/** The premium tables (migration 0018), as Kysely sees them; other modules reach them through this module's index. */
// A type, not an interface: Kysely's withTables wants an index-compatible record.
export type BuyTables = {
  premium_products: {
    id: string
    days: number
    prices: ColumnType<Record<string, number>, string, string>
    processors: ColumnType<string[], string, string>
    position: Generated<number>
    active: Generated<boolean>
  }
  premium_transactions: {
    id: string
    kind: 'purchase' | 'grant'
    buyer_id: number | null
    recipient_id: number | null
    product_id: string | null
    processor: string
    days: number
    amount: number
    currency: string
    status: TransactionStatus
    provider_session_id: string | null
    provider_payment_id: string | null
    reason: string | null
    source_id: string | null
    credited_days: number | null
    created_at: Generated<Date>
    expires_at: Timestamp
    paid_at: Timestamp | null
    refunded_at: Timestamp | null
    updated_at: Generated<Date>
  }
  premium_provider_events: {
    processor: string
    event_id: string
    transaction_id: string | null
    type: string
    received_at: Generated<Date>
  }
}

export type BuyDatabase = Database & BuyTables

export const withBuyTables = (db: Kysely<Database>): Kysely<BuyDatabase> => db.withTables<BuyTables>()
