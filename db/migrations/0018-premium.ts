import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// Premium: the products on sale, the ledger of payments and grants, the providers' notices already
// handled, and each user's premium end date.
export async function up(db: Kysely<any>): Promise<void> {
  // The end of a user's premium; `is_premium` stays as its copy for the readers that show it.
  await db.schema.alterTable('users').addColumn('premium_until', 'timestamptz').execute()

  // What is on sale: days of premium at a price per currency (minor units), taken by some processors.
  await db.schema
    .createTable('premium_products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('days', 'integer', (c) => c.notNull().check(sql`days between 1 and 3660`))
    // {"USD": 499, "EUR": 499, ...}: the price in the currency's minor unit.
    .addColumn('prices', 'jsonb', (c) => c.notNull())
    // The processors that take this product ('card', 'wallet', 'sandbox' kinds by processor id).
    .addColumn('processors', 'jsonb', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute()
  const all = JSON.stringify(['stripe', 'paypal', 'sandbox'])
  await db
    .insertInto('premium_products')
    .values([
      { id: 'month', days: 30, prices: JSON.stringify({ USD: 499, EUR: 499, UAH: 19900, ILS: 1900 }), processors: all, position: 1 },
      { id: 'quarter', days: 90, prices: JSON.stringify({ USD: 1299, EUR: 1299, UAH: 49900, ILS: 4900 }), processors: all, position: 2 },
      { id: 'year', days: 365, prices: JSON.stringify({ USD: 3999, EUR: 3999, UAH: 159900, ILS: 14900 }), processors: all, position: 3 },
    ])
    .execute()

  // The ledger: one row per payment (a purchase) or per grant (referral days and the like).
  await db.schema
    .createTable('premium_transactions')
    // Random and unguessable: it names the transaction in the provider's records and in the sandbox's page.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('purchase', 'grant')`))
    .addColumn('buyer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recipient_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('product_id', 'text', (c) => c.references('premium_products.id'))
    .addColumn('processor', 'text', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'paid', 'failed', 'refunded', 'expired')`))
    // The provider's ids: Stripe's Checkout Session and PaymentIntent, PayPal's order and capture.
    .addColumn('provider_session_id', 'text')
    .addColumn('provider_payment_id', 'text')
    // Grants: what they are for and the id of what caused them (one grant per source).
    .addColumn('reason', 'text')
    .addColumn('source_id', 'text', (c) => c.unique())
    // The stretch of premium this transaction gave (set when it was credited), so a refund ends it.
    .addColumn('credited_days', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('premium_transactions_buyer').on('premium_transactions').columns(['buyer_id', 'created_at']).execute()
  await db.schema.createIndex('premium_transactions_recipient').on('premium_transactions').columns(['recipient_id', 'created_at']).execute()
  await db.schema.createIndex('premium_transactions_session').on('premium_transactions').columns(['processor', 'provider_session_id']).execute()
  await db.schema.createIndex('premium_transactions_pending').on('premium_transactions').column('expires_at').where(sql.ref('status'), '=', 'pending').execute()
  await db.schema.createIndex('premium_transactions_paid').on('premium_transactions').column('paid_at').where(sql.ref('status'), '=', 'paid').execute()

  // Each provider notice handled, by its own id: a repeated notice finds its id here and does nothing.
  await db.schema
    .createTable('premium_provider_events')
    .addColumn('processor', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.references('premium_transactions.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('premium_provider_events_pk', ['processor', 'event_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('premium_provider_events').execute()
  await db.schema.dropTable('premium_transactions').execute()
  await db.schema.dropTable('premium_products').execute()
  await db.schema.alterTable('users').dropColumn('premium_until').execute()
}
