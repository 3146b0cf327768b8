import Stripe from 'stripe'
import { AppError, badRequest } from '../../../lib/app-error'
import type { PaymentNotice, PaymentProcessor } from './processor'

export interface StripeSettings {
  secretKey: string
  webhookSecret: string
  /** The API's address; unset: Stripe's own. Tests point it at a local stand-in. */
  apiUrl?: string
}

/** Stripe's client for these settings: the official SDK, pointed at `apiUrl` when one is given. */
function stripeClient(settings: StripeSettings): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : undefined
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target
      ? { host: target.hostname, port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)), protocol: target.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  })
}

const unavailable = () => new AppError(502, 'errors.buy.provider_unavailable')

/**
 * The card processor: Stripe Checkout. A purchase opens a Checkout Session that names the ledger's
 * transaction (`client_reference_id`), created once per transaction (the idempotency key). Notices
 * come to the webhook, verified by `stripe.webhooks.constructEvent` over the raw body.
 */
export function createStripeProcessor(settings: StripeSettings): PaymentProcessor {
  const stripe = stripeClient(settings)
  return {
    id: 'stripe',
    kind: 'card',
    testMode: settings.secretKey.startsWith('sk_test_'),

    async startCheckout(request) {
      const session = await stripe.checkout.sessions
        .create(
          {
            mode: 'payment',
            client_reference_id: request.transactionId,
            metadata: { transactionId: request.transactionId },
            line_items: [{ quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amount, product_data: { name: request.productName } } }],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          },
          { idempotencyKey: `checkout-${request.transactionId}` },
        )
        .catch(() => {
          throw unavailable()
        })
      if (!session.url) throw unavailable()
      return { sessionId: session.id, redirectUrl: session.url }
    },

    async readNotice(rawBody, headers) {
      const signature = headers['stripe-signature']
      if (typeof signature !== 'string') throw badRequest('errors.buy.bad_signature')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret)
      } catch {
        throw badRequest('errors.buy.bad_signature')
      }
      return noticeOf(event)
    },

    async refund(transaction) {
      if (!transaction.paymentId) throw new AppError(409, 'errors.buy.not_refundable')
      await stripe.refunds.create({ payment_intent: transaction.paymentId }, { idempotencyKey: `refund-${transaction.id}` }).catch(() => {
        throw unavailable()
      })
    },
  }
}

/** A Stripe event in the ledger's words: the Checkout Session's outcome. */
export function noticeOf(event: Stripe.Event): PaymentNotice {
  const base = { eventId: event.id, type: event.type }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? undefined)
      const common = {
        ...base,
        transactionId: session.client_reference_id ?? null,
        sessionId: session.id,
        ...(paymentIntent ? { paymentId: paymentIntent } : {}),
        ...(session.amount_total !== null ? { amount: session.amount_total } : {}),
        ...(session.currency ? { currency: session.currency.toUpperCase() } : {}),
      }
      if (event.type === 'checkout.session.expired') return { ...common, outcome: 'expired' }
      if (event.type === 'checkout.session.async_payment_failed') return { ...common, outcome: 'failed' }
      // completed: paid now (cards), or later by an async method (then the async events follow);
      // only 'paid' credits ('unpaid' waits, 'no_payment_required' never credits premium).
      if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') return { ...common, outcome: 'ignored' }
      return { ...common, outcome: 'paid' }
    }
    default:
      return { ...base, transactionId: null, sessionId: null, outcome: 'ignored' }
  }
}
