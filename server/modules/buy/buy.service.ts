import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../../db/schema'
import type { BuyBody, BuyStarted, PremiumCatalogue, PremiumTransaction, ProcessorId, Revenue, TransactionList, TransactionStatus } from '../../contract/http/buy'
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import { createBuyRepository, extendPremium, shortenPremium, type BuyRepository, type TransactionRow, type TransactionWithPeople } from './buy.repository'
import { withBuyTables, type BuyDatabase } from './buy.tables'
import type { PaymentNotice, PaymentProcessor } from './processors/processor'

/** The currency shown to a user of each interface language, when the product has a price in it. */
const currencyOfLanguage: Record<string, string> = { uk: 'UAH', de: 'EUR', he: 'ILS', en: 'USD' }
const fallbackCurrency = 'USD'

const unknownTransaction = () => new AppError(404, 'errors.buy.unknown_transaction')
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** A fresh transaction id: 128 random bits, URL-safe. */
const transactionId = () => `tx_${randomBytes(16).toString('base64url')}`

export interface BuyEvents {
  /** Premium was credited to `recipientId` (paid purchase or grant): caches forget them, their sockets hear it. */
  credited(transaction: TransactionRow, premiumUntil: Date | null): void
  /** A user's premium changed otherwise (a refund, an end): caches forget them. */
  changed(userIds: number[]): void
}

/**
 * Credits `days` of premium to a user for a reason (a referral reward, a competition prize), once per
 * `sourceId`: a second call with the same source credits nothing. Writes a `grant` row to the ledger
 * and extends the user's premium in one database transaction (the caller's, when `db` is one).
 */
export async function creditGrant(
  plain: Kysely<Database> | Transaction<Database>,
  grant: { userId: number; days: number; reason: string; sourceId: string },
  at: Date,
): Promise<{ granted: boolean; transaction: TransactionRow | undefined; premiumUntil: Date | null }> {
  if (!Number.isInteger(grant.days) || grant.days < 1 || grant.days > 3660) throw badRequest('errors.invalid_value', 'days')
  const work = async (trx: Kysely<BuyDatabase> | Transaction<BuyDatabase>) => {
    const row = await trx
      .insertInto('premium_transactions')
      .values({
        id: transactionId(),
        kind: 'grant',
        buyer_id: null,
        recipient_id: grant.userId,
        product_id: null,
        processor: 'grant',
        days: grant.days,
        amount: 0,
        currency: fallbackCurrency,
        status: 'paid',
        provider_session_id: null,
        provider_payment_id: null,
        reason: grant.reason.slice(0, 200),
        source_id: grant.sourceId,
        credited_days: grant.days,
        expires_at: at,
        paid_at: at,
        refunded_at: null,
      })
      .onConflict((conflictOn) => conflictOn.column('source_id').doNothing())
      .returningAll()
      .executeTakeFirst()
    if (!row) return { granted: false, transaction: undefined, premiumUntil: null }
    const premiumUntil = await extendPremium(trx, grant.userId, grant.days, at)
    return { granted: true, transaction: row, premiumUntil }
  }
  const db = withBuyTables(plain as Kysely<Database>) as Kysely<BuyDatabase>
  return plain.isTransaction ? work(db) : db.transaction().execute(work)
}

export function createBuyService(deps: {
  db: Kysely<Database>
  clock: Clock
  processors: ReadonlyMap<ProcessorId, PaymentProcessor>
  publicUrl: string
  pendingMinutes: number
  freePremiumUrl: string
  events: BuyEvents
  productName: (productId: string, language: string) => Promise<string>
}) {
  const repository: BuyRepository = createBuyRepository(deps.db)
  const { clock, processors, events } = deps

  const processorOf = (id: string): PaymentProcessor => {
    const processor = processors.get(id as ProcessorId)
    if (!processor) throw badRequest('errors.buy.unknown_processor', 'processorId')
    return processor
  }

  const priceFor = (prices: Record<string, number>, language: string) => {
    const wanted = currencyOfLanguage[language] ?? fallbackCurrency
    const currency = prices[wanted] !== undefined ? wanted : prices[fallbackCurrency] !== undefined ? fallbackCurrency : Object.keys(prices).sort()[0]
    if (currency === undefined) return undefined
    return { amount: prices[currency] as number, currency }
  }

  const view = (row: TransactionWithPeople, viewerId: number | null): PremiumTransaction => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    productId: row.product_id,
    processor: row.processor,
    testMode: processors.get(row.processor as ProcessorId)?.testMode ?? row.processor === 'sandbox',
    days: row.days,
    amount: row.amount,
    currency: row.currency,
    buyer: row.buyer_id !== null && row.buyer_nickname !== null ? { id: row.buyer_id, nickname: row.buyer_nickname } : null,
    recipient: row.recipient_id !== null && row.recipient_nickname !== null ? { id: row.recipient_id, nickname: row.recipient_nickname } : null,
    direction:
      row.kind === 'grant'
        ? 'grant'
        : viewerId === null || row.buyer_id === row.recipient_id
          ? 'own'
          : row.buyer_id === viewerId
            ? 'gift_sent'
            : 'gift_received',
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: iso(row.paid_at),
  })

  /**
   * The one place a transaction's status changes on a provider's word: the row is locked, the notice
   * recorded by its id (a repeat does nothing), the amount and currency checked, and a payment
   * credits the recipient's premium in the same database transaction as the status change. A paid
   * or refunded transaction never changes on a later notice; a payment after an expiry or a failure
   * still credits (the money was taken).
   */
  const settle = async (
    processorId: string,
    notice: Pick<PaymentNotice, 'outcome' | 'paymentId' | 'amount' | 'currency' | 'sessionId'> & { eventId: string | null; type: string; transactionId: string },
  ): Promise<{ transaction: TransactionRow; credited: boolean; duplicate: boolean }> => {
    const at = clock.now()
    const result = await repository.db.transaction().execute(async (trx) => {
      const row = await repository.locked(trx, notice.transactionId)
      if (!row || row.processor !== processorId || row.kind !== 'purchase') throw unknownTransaction()
      if (notice.sessionId && row.provider_session_id && notice.sessionId !== row.provider_session_id) throw unknownTransaction()
      if (notice.eventId !== null) {
        const fresh = await repository.recordEvent(trx, { processor: processorId, eventId: notice.eventId, transactionId: row.id, type: notice.type })
        if (!fresh) return { transaction: row, credited: false, duplicate: true, premiumUntil: null }
      }
      if (notice.outcome === 'paid') {
        if ((notice.amount !== undefined && notice.amount !== row.amount) || (notice.currency !== undefined && notice.currency.toUpperCase() !== row.currency)) {
          throw badRequest('errors.buy.amount_mismatch')
        }
        if (row.status === 'paid' || row.status === 'refunded') return { transaction: row, credited: false, duplicate: false, premiumUntil: null }
        const premiumUntil = row.recipient_id !== null ? await extendPremium(trx, row.recipient_id, row.days, at) : null
        const paid = await repository.setStatus(trx, row.id, 'paid', at, { ...(notice.paymentId ? { paymentId: notice.paymentId } : {}), creditedDays: row.recipient_id !== null ? row.days : 0 })
        return { transaction: paid, credited: true, duplicate: false, premiumUntil }
      }
      if ((notice.outcome === 'failed' || notice.outcome === 'expired') && row.status === 'pending') {
        return { transaction: await repository.setStatus(trx, row.id, notice.outcome, at), credited: false, duplicate: false, premiumUntil: null }
      }
      return { transaction: row, credited: false, duplicate: false, premiumUntil: null }
    })
    if (result.credited) events.credited(result.transaction, result.premiumUntil)
    return result
  }

  const withPeople = async (id: string) => {
    const row = await repository.withPeople(id)
    if (!row) throw unknownTransaction()
    return row
  }

  return {
    repository,

    async catalogue(user: { id: number; language: string }): Promise<PremiumCatalogue> {
      const [products, premiumUntil] = await Promise.all([repository.products(), repository.premiumUntil(user.id)])
      const on = [...processors.values()]
      return {
        items: products.flatMap((product) => {
          const price = priceFor(product.prices, user.language)
          if (!price) return []
          return [{ id: product.id, days: product.days, nameKey: `premium.products.${product.id}`, prices: product.prices, price, processors: product.processors.filter((id) => processors.has(id as ProcessorId)) }]
        }),
        processors: on.map((processor) => ({ id: processor.id, kind: processor.kind, testMode: processor.testMode })),
        premiumUntil: iso(premiumUntil),
        testMode: on.length > 0 && on.every((processor) => processor.testMode),
        freePremiumUrl: deps.freePremiumUrl,
      }
    },

    /** Starts a purchase: the ledger's pending row first, then the provider's page for it. */
    async buy(buyer: { id: number; language: string }, body: BuyBody): Promise<BuyStarted> {
      const product = await repository.product(body.productId)
      if (!product) throw badRequest('errors.buy.unknown_product', 'productId')
      const processor = processorOf(body.processorId)
      if (!product.processors.includes(processor.id)) throw badRequest('errors.buy.unknown_processor', 'processorId')
      const at = clock.now()
      const recipientId = body.recipientUserId ?? buyer.id
      if (recipientId !== buyer.id) {
        const recipient = await repository.recipient(recipientId, at)
        if (!recipient || recipient.delete_at !== null || recipient.role_id === 4) throw new AppError(404, 'errors.buy.recipient_not_found', { field: 'recipientUserId' })
        if (recipient.banned) throw badRequest('errors.buy.recipient_banned', 'recipientUserId')
      }
      const price = priceFor(product.prices, buyer.language)
      if (!price) throw badRequest('errors.buy.unknown_product', 'productId')
      const expiresAt = new Date(at.getTime() + deps.pendingMinutes * 60_000)
      const row = await repository.insertTransaction({
        id: transactionId(),
        kind: 'purchase',
        buyer_id: buyer.id,
        recipient_id: recipientId,
        product_id: product.id,
        processor: processor.id,
        days: product.days,
        amount: price.amount,
        currency: price.currency,
        status: 'pending',
        provider_session_id: null,
        provider_payment_id: null,
        reason: null,
        source_id: null,
        credited_days: null,
        expires_at: expiresAt,
        paid_at: null,
        refunded_at: null,
      })
      const back = processor.id === 'paypal' ? 'thankyou' : 'success'
      const started = await processor.startCheckout({
        transactionId: row.id,
        amount: row.amount,
        currency: row.currency,
        productName: await deps.productName(product.id, buyer.language),
        successUrl: `${deps.publicUrl}/${back}?tx=${row.id}`,
        cancelUrl: `${deps.publicUrl}/premium?cancelled=${row.id}`,
        expiresAt,
      })
      await repository.setProviderIds(row.id, { sessionId: started.sessionId })
      return { transactionId: row.id, redirectUrl: started.redirectUrl, testMode: processor.testMode }
    },

    /** A provider's notice (the webhook), already read and verified by its processor. */
    async notice(processorId: ProcessorId, notice: PaymentNotice): Promise<{ duplicate: boolean; status: TransactionStatus | null }> {
      if (notice.outcome === 'ignored') return { duplicate: false, status: null }
      let transactionIdOf = notice.transactionId
      if (!transactionIdOf && notice.sessionId) transactionIdOf = (await repository.bySession(processorId, notice.sessionId))?.id ?? null
      if (!transactionIdOf) throw unknownTransaction()
      if (notice.outcome === 'approved') {
        // The buyer approved at the provider but may never come back: capture now.
        const row = await repository.transaction(transactionIdOf)
        if (!row || row.processor !== processorId || row.provider_session_id !== notice.sessionId) throw unknownTransaction()
        if (row.status === 'paid' || row.status === 'refunded') return { duplicate: true, status: row.status }
        const settled = await captureAndSettle(row)
        return { duplicate: !settled.credited, status: settled.transaction.status }
      }
      const settled = await settle(processorId, { ...notice, transactionId: transactionIdOf })
      return { duplicate: settled.duplicate, status: settled.transaction.status }
    },

    /** The buyer's return from PayPal: captures their approved order, once. */
    async confirmPaypal(buyerId: number, orderId: string): Promise<PremiumTransaction> {
      const row = await repository.bySession('paypal', orderId)
      if (!row) throw unknownTransaction()
      if (row.buyer_id !== buyerId) throw forbidden('errors.buy.not_your_order')
      if (row.status === 'paid' || row.status === 'refunded') throw conflict('errors.buy.already_paid')
      const settled = await captureAndSettle(row)
      if (!settled.credited) throw conflict('errors.buy.already_paid')
      return view(await withPeople(row.id), buyerId)
    },

    /** The sandbox's pay button: a payment with no provider, only where the sandbox is on. */
    async paySandbox(id: string): Promise<TransactionRow> {
      if (!processors.has('sandbox')) throw unknownTransaction()
      const row = await repository.transaction(id)
      if (!row || row.processor !== 'sandbox') throw unknownTransaction()
      const settled = await settle('sandbox', { eventId: `pay-${id}`, type: 'sandbox.paid', transactionId: id, outcome: 'paid', sessionId: null, amount: row.amount, currency: row.currency })
      return settled.transaction
    },

    async sandboxTransaction(id: string) {
      if (!processors.has('sandbox')) return undefined
      const row = await repository.withPeople(id)
      return row && row.processor === 'sandbox' ? row : undefined
    },

    async transactions(userId: number, query: { page?: number; limit?: number }): Promise<TransactionList> {
      const limit = query.limit ?? 20
      const { items, total } = await repository.listFor(userId, { offset: ((query.page ?? 1) - 1) * limit, limit })
      return { items: items.map((row) => view(row, userId)), total }
    },

    /** One transaction, for its buyer or recipient only (the success page follows it until paid). */
    async transaction(userId: number, id: string): Promise<PremiumTransaction> {
      const row = await repository.withPeople(id)
      if (!row || (row.buyer_id !== userId && row.recipient_id !== userId)) throw unknownTransaction()
      return view(row, userId)
    },

    async adminTransactions(query: { page?: number; limit?: number; status?: TransactionStatus }): Promise<TransactionList> {
      const limit = query.limit ?? 20
      const { items, total } = await repository.listAll({ ...(query.status ? { status: query.status } : {}) }, { offset: ((query.page ?? 1) - 1) * limit, limit })
      return { items: items.map((row) => view(row, null)), total }
    },

    async revenue(days: number): Promise<Revenue> {
      const from = new Date(clock.now().getTime() - days * 86_400_000)
      return { items: await repository.revenue(from) }
    },

    /**
     * An admin's refund: the provider gives the money back, then the transaction is marked refunded
     * and the premium days it gave are taken from the recipient, in one database transaction.
     */
    async refund(id: string, audit: (trx: Transaction<Database>, before: TransactionRow, after: TransactionRow) => Promise<void>): Promise<PremiumTransaction> {
      const row = await repository.transaction(id)
      if (!row) throw unknownTransaction()
      if (row.status !== 'paid' || row.kind !== 'purchase') throw conflict('errors.buy.not_refundable')
      const processor = processors.get(row.processor as ProcessorId)
      if (!processor) throw conflict('errors.buy.not_refundable')
      await processor.refund({ id: row.id, paymentId: row.provider_payment_id, sessionId: row.provider_session_id, amount: row.amount, currency: row.currency })
      const at = clock.now()
      const refunded = await repository.db.transaction().execute(async (trx) => {
        const locked = await repository.locked(trx, id)
        if (!locked || locked.status !== 'paid') throw conflict('errors.buy.not_refundable')
        if (locked.recipient_id !== null && (locked.credited_days ?? 0) > 0) await shortenPremium(trx, locked.recipient_id, locked.credited_days ?? 0, at)
        const after = await repository.setStatus(trx, id, 'refunded', at)
        await audit(trx as unknown as Transaction<Database>, locked, after)
        return after
      })
      if (refunded.recipient_id !== null) events.changed([refunded.recipient_id])
      return view(await withPeople(id), null)
    },

    /** Pending purchases past their time expire; lapsed premium flags go off. */
    async sweep(): Promise<void> {
      const at = clock.now()
      await repository.expirePending(at)
      const lapsed = await repository.endLapsedPremium(at)
      if (lapsed.length > 0) events.changed(lapsed)
    },

    async grant(grant: { userId: number; days: number; reason: string; sourceId: string }) {
      const result = await creditGrant(deps.db, grant, clock.now())
      if (result.granted && result.transaction) events.credited(result.transaction, result.premiumUntil)
      return { granted: result.granted, premiumUntil: iso(result.premiumUntil) }
    },
  }

  /** Captures an approved order and settles the transaction by the capture's result. */
  async function captureAndSettle(row: TransactionRow) {
    const processor = processorOf(row.processor)
    if (!processor.capture || !row.provider_session_id) throw unknownTransaction()
    const capture = await processor.capture(row.provider_session_id, row.id)
    if (!capture.completed) throw conflict('errors.buy.not_approved')
    return settle(row.processor, {
      eventId: capture.paymentId ? `capture-${capture.paymentId}` : null,
      type: 'capture',
      transactionId: row.id,
      outcome: 'paid',
      sessionId: row.provider_session_id,
      ...(capture.paymentId ? { paymentId: capture.paymentId } : {}),
      ...(capture.amount !== null ? { amount: capture.amount } : {}),
      ...(capture.currency !== null ? { currency: capture.currency } : {}),
    })
  }
}

export type BuyService = ReturnType<typeof createBuyService>
