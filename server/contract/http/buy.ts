import { Type, type Static } from 'typebox'
import { ErrorBody, route } from './common'

/**
 * Premium: the products on sale, a purchase (for oneself or as a gift) through a processor, the
 * ledger of the buyer's and recipient's transactions. Amounts are in the currency's minor unit
 * (cents). Processors: `stripe` (the card provider), `paypal` (the online wallet) and `sandbox`
 * (test mode, on when neither provider has keys: no money moves).
 */
export const processorIds = ['stripe', 'paypal', 'sandbox'] as const
export type ProcessorId = (typeof processorIds)[number]

export const buyLimits = {
  /** Purchases a user may start per 10 minutes (each one creates a provider session). */
  buysPer10Minutes: 20,
  /** Status reads per user per minute (the success page asks every few seconds until paid). */
  readsPerMinute: 120,
  /** Captures a user may ask for per 10 minutes. */
  confirmsPer10Minutes: 20,
} as const

export const Processor = Type.Object({
  id: Type.Union([Type.Literal('stripe'), Type.Literal('paypal'), Type.Literal('sandbox')]),
  /** card, wallet, or test (the sandbox). */
  kind: Type.Union([Type.Literal('card'), Type.Literal('wallet'), Type.Literal('test')]),
  testMode: Type.Boolean(),
})
export type Processor = Static<typeof Processor>

export const PremiumProduct = Type.Object({
  id: Type.String(),
  days: Type.Integer(),
  /** The translation key of the product's name. */
  nameKey: Type.String(),
  /** Every price, in minor units by ISO currency code. */
  prices: Type.Record(Type.String(), Type.Integer()),
  /** The price the caller pays (their currency when the product has it, else USD). */
  price: Type.Object({ amount: Type.Integer(), currency: Type.String() }),
  /** The processors that take it (only those configured on this server). */
  processors: Type.Array(Type.String()),
})
export type PremiumProduct = Static<typeof PremiumProduct>

export const PremiumCatalogue = Type.Object({
  items: Type.Array(PremiumProduct),
  processors: Type.Array(Processor),
  /** The caller's premium end, ISO; null when they never had premium. */
  premiumUntil: Type.Union([Type.String(), Type.Null()]),
  /** True when the sandbox is the only processor: no money moves. */
  testMode: Type.Boolean(),
  /** The external video page of free premium (FREE_PREMIUM_URL). */
  freePremiumUrl: Type.String(),
})
export type PremiumCatalogue = Static<typeof PremiumCatalogue>

/** The spec's buy payload; no recipient (or the buyer) buys for oneself. */
export const BuyBody = Type.Object(
  {
    productId: Type.String({ minLength: 1, maxLength: 64 }),
    processorId: Type.String({ minLength: 1, maxLength: 64 }),
    recipientUserId: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.Null()])),
  },
  { additionalProperties: false },
)
export type BuyBody = Static<typeof BuyBody>

/** Where to send the buyer next: the provider's page (or the sandbox's). */
export const BuyStarted = Type.Object({ transactionId: Type.String(), redirectUrl: Type.String(), testMode: Type.Boolean() })
export type BuyStarted = Static<typeof BuyStarted>

export const transactionStatuses = ['pending', 'paid', 'failed', 'refunded', 'expired'] as const
export type TransactionStatus = (typeof transactionStatuses)[number]
const Status = Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('failed'), Type.Literal('refunded'), Type.Literal('expired')])

export const PersonRef = Type.Object({ id: Type.Integer(), nickname: Type.String() })

export const PremiumTransaction = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('purchase'), Type.Literal('grant')]),
  status: Status,
  productId: Type.Union([Type.String(), Type.Null()]),
  processor: Type.String(),
  testMode: Type.Boolean(),
  days: Type.Integer(),
  amount: Type.Integer(),
  currency: Type.String(),
  buyer: Type.Union([PersonRef, Type.Null()]),
  recipient: Type.Union([PersonRef, Type.Null()]),
  /** From the caller's side: bought for oneself, a gift they gave, one they received, a grant. */
  direction: Type.Union([Type.Literal('own'), Type.Literal('gift_sent'), Type.Literal('gift_received'), Type.Literal('grant')]),
  reason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
})
export type PremiumTransaction = Static<typeof PremiumTransaction>

export const TransactionsQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
)
export type TransactionsQuery = Static<typeof TransactionsQuery>

export const TransactionList = Type.Object({ items: Type.Array(PremiumTransaction), total: Type.Integer({ minimum: 0 }) })
export type TransactionList = Static<typeof TransactionList>

export const TransactionParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }) }, { additionalProperties: false })

/** PayPal sends the buyer back with `?token=<order id>`; the renderer passes it on to capture. */
export const PaypalConfirmBody = Type.Object({ orderId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }, { additionalProperties: false })
export type PaypalConfirmBody = Static<typeof PaypalConfirmBody>

/** Admin: revenue per day and currency (paid, not refunded), over a range of days. */
export const RevenueQuery = Type.Object(
  { days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, default: 30 })) },
  { additionalProperties: false },
)
export const RevenueDay = Type.Object({ day: Type.String(), currency: Type.String(), amount: Type.Integer(), count: Type.Integer() })
export const Revenue = Type.Object({ items: Type.Array(RevenueDay) })
export type Revenue = Static<typeof Revenue>

export const AdminTransactionsQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    status: Type.Optional(Status),
  },
  { additionalProperties: false },
)

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody, 502: ErrorBody }

export const buyRoutes = {
  premiums: route({ method: 'GET', url: '/api/buy/premiums', schema: { response: { 200: PremiumCatalogue, ...errors } } }),
  buy: route({ method: 'POST', url: '/api/buy', schema: { body: BuyBody, response: { 200: BuyStarted, ...errors } } }),
  paypalConfirm: route({ method: 'POST', url: '/api/buy/paypal/confirm', schema: { body: PaypalConfirmBody, response: { 200: PremiumTransaction, ...errors } } }),
  transactions: route({ method: 'GET', url: '/api/buy/transactions', schema: { querystring: TransactionsQuery, response: { 200: TransactionList, ...errors } } }),
  transaction: route({ method: 'GET', url: '/api/buy/transactions/:id', schema: { params: TransactionParams, response: { 200: PremiumTransaction, ...errors } } }),
  adminRevenue: route({ method: 'GET', url: '/api/admin/payments/revenue', schema: { querystring: RevenueQuery, response: { 200: Revenue, ...errors } } }),
  adminTransactions: route({ method: 'GET', url: '/api/admin/payments/transactions', schema: { querystring: AdminTransactionsQuery, response: { 200: TransactionList, ...errors } } }),
  adminRefund: route({ method: 'POST', url: '/api/admin/payments/transactions/:id/refund', schema: { params: TransactionParams, response: { 200: PremiumTransaction, ...errors } } }),
} as const
