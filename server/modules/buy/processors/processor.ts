import type { ProcessorId } from '../../../contract/http/buy'

/** What a processor needs to open its payment page for one transaction of the ledger. */
export interface CheckoutRequest {
  transactionId: string
  /** In the currency's minor unit (cents). */
  amount: number
  /** ISO code, upper case. */
  currency: string
  /** The product's name in the buyer's language, shown on the provider's page. */
  productName: string
  /** Where the provider sends the buyer after paying, and after giving up. */
  successUrl: string
  cancelUrl: string
  /** When the provider's page stops taking the payment. */
  expiresAt: Date
}

export interface CheckoutStarted {
  /** The provider's id of the page or order (Stripe: the Checkout Session; PayPal: the order). */
  sessionId: string
  redirectUrl: string
}

/** What a provider says happened to a payment, in the ledger's words. */
export interface PaymentNotice {
  /** The provider's own id of the notice: the ledger handles each once. */
  eventId: string
  /** The provider's event type, kept with the notice. */
  type: string
  /** The ledger's transaction id the provider carries back (client_reference_id, custom_id). */
  transactionId: string | null
  /** The provider's session or order id, checked against the one the ledger stored. */
  sessionId: string | null
  /**
   * paid: the money is taken; failed: it will not be; expired: the page closed unpaid;
   * approved: the buyer approved and the server must capture (PayPal); ignored: nothing to do.
   */
  outcome: 'paid' | 'failed' | 'expired' | 'approved' | 'ignored'
  /** The provider's payment id (PaymentIntent, capture). */
  paymentId?: string
  /** The amount and currency the provider took, checked against the transaction. */
  amount?: number
  currency?: string
}

/** The result of capturing an approved payment (PayPal orders). */
export interface Capture {
  completed: boolean
  paymentId: string | null
  amount: number | null
  currency: string | null
}

/**
 * One payment provider behind the ledger: opens a payment page, reads its signed notices, takes the
 * money back. The ledger (buy.service.ts) decides what each outcome does to a transaction.
 */
export interface PaymentProcessor {
  id: ProcessorId
  kind: 'card' | 'wallet' | 'test'
  testMode: boolean
  startCheckout(request: CheckoutRequest): Promise<CheckoutStarted>
  /** Verifies a notice by the provider's signature scheme and reads it; throws errors.buy.bad_signature. */
  readNotice(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentNotice>
  /** Captures an approved order (only processors with a separate capture step). */
  capture?(sessionId: string, transactionId: string): Promise<Capture>
  /** Gives the buyer's money back; `paymentId` is the provider's payment the transaction holds. */
  refund(transaction: { id: string; paymentId: string | null; sessionId: string | null; amount: number; currency: string }): Promise<void>
}

/** Minor units to the provider's decimal string: 499 USD is "4.99"; currencies without cents keep none. */
export function decimalAmount(amount: number, currency: string): string {
  return zeroDecimalCurrencies.has(currency.toUpperCase()) ? String(amount) : (amount / 100).toFixed(2)
}

/** The provider's decimal string back to minor units. */
export function minorUnits(value: string, currency: string): number {
  return zeroDecimalCurrencies.has(currency.toUpperCase()) ? Math.round(Number(value)) : Math.round(Number(value) * 100)
}

const zeroDecimalCurrencies = new Set(['JPY', 'KRW', 'HUF', 'TWD', 'CLP', 'VND'])
