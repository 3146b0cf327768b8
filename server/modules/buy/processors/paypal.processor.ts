import { AppError, badRequest, conflict } from '../../../lib/app-error'
import { createPaypalClient, PaypalError, type PaypalCapture, type PaypalOrder, type PaypalSettings, type PaypalWebhookEvent } from './paypal.client'
import { decimalAmount, minorUnits, type Capture, type PaymentNotice, type PaymentProcessor } from './processor'

const unavailable = () => new AppError(502, 'errors.buy.provider_unavailable')

/** The header of a PayPal notice, one value. */
const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = headers[name]
  return typeof value === 'string' ? value : undefined
}

/** The capture of a captured order, when it has one. */
const captureOf = (order: PaypalOrder): PaypalCapture | undefined => order.purchase_units?.[0]?.payments?.captures?.[0]

/**
 * The wallet processor: PayPal Orders v2. A purchase creates an order naming the ledger's transaction
 * (`custom_id`); the buyer approves it at PayPal, then either the buyer's return
 * (`POST /api/buy/paypal/confirm`) or the CHECKOUT.ORDER.APPROVED notice captures it, with one request
 * id per transaction so PayPal never captures twice. Notices are verified by PayPal's
 * verify-webhook-signature call.
 */
export function createPaypalProcessor(settings: PaypalSettings): PaymentProcessor {
  const client = createPaypalClient(settings)
  return {
    id: 'paypal',
    kind: 'wallet',
    testMode: /sandbox/.test(settings.apiUrl),

    async startCheckout(request) {
      const order = await client
        .createOrder({
          transactionId: request.transactionId,
          amount: { currency_code: request.currency, value: decimalAmount(request.amount, request.currency) },
          description: request.productName,
          returnUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
        })
        .catch(() => {
          throw unavailable()
        })
      const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')
      if (!approve) throw unavailable()
      return { sessionId: order.id, redirectUrl: approve.href }
    },

    async readNotice(rawBody, headers) {
      const authAlgo = header(headers, 'paypal-auth-algo')
      const certUrl = header(headers, 'paypal-cert-url')
      const transmissionId = header(headers, 'paypal-transmission-id')
      const transmissionSig = header(headers, 'paypal-transmission-sig')
      const transmissionTime = header(headers, 'paypal-transmission-time')
      if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) throw badRequest('errors.buy.bad_signature')
      const transmission = { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime }
      let event: PaypalWebhookEvent
      try {
        event = JSON.parse(rawBody.toString('utf8')) as PaypalWebhookEvent
      } catch {
        throw badRequest('errors.buy.bad_signature')
      }
      if (typeof event?.id !== 'string' || typeof event.event_type !== 'string' || typeof event.resource !== 'object' || event.resource === null) throw badRequest('errors.buy.bad_signature')
      const verified = await client.verifyWebhook(transmission, event).catch(() => {
        throw unavailable()
      })
      if (!verified) throw badRequest('errors.buy.bad_signature')
      return noticeOf(event)
    },

    async capture(orderId, transactionId): Promise<Capture> {
      let order: PaypalOrder
      try {
        order = await client.captureOrder(orderId, `capture-${transactionId}`)
      } catch (error) {
        if (error instanceof PaypalError && error.issue === 'ORDER_ALREADY_CAPTURED') throw conflict('errors.buy.already_paid')
        if (error instanceof PaypalError && (error.issue === 'ORDER_NOT_APPROVED' || error.issue === 'PAYER_ACTION_REQUIRED')) throw conflict('errors.buy.not_approved')
        throw unavailable()
      }
      const capture = captureOf(order)
      return {
        completed: order.status === 'COMPLETED' && capture?.status === 'COMPLETED',
        paymentId: capture?.id ?? null,
        amount: capture ? minorUnits(capture.amount.value, capture.amount.currency_code) : null,
        currency: capture?.amount.currency_code.toUpperCase() ?? null,
      }
    },

    async refund(transaction) {
      if (!transaction.paymentId) throw conflict('errors.buy.not_refundable')
      await client.refundCapture(transaction.paymentId, `refund-${transaction.id}`).catch(() => {
        throw unavailable()
      })
    },
  }
}

/** A PayPal notice in the ledger's words. */
export function noticeOf(event: PaypalWebhookEvent): PaymentNotice {
  const base = { eventId: event.id, type: event.event_type }
  const resource = event.resource
  if (event.event_type === 'CHECKOUT.ORDER.APPROVED') {
    const order = resource as unknown as PaypalOrder
    const unit = order.purchase_units?.[0]
    return { ...base, outcome: 'approved', sessionId: order.id, transactionId: unit?.custom_id ?? unit?.reference_id ?? null }
  }
  if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED' || event.event_type === 'PAYMENT.CAPTURE.DENIED' || event.event_type === 'PAYMENT.CAPTURE.DECLINED') {
    const capture = resource as unknown as PaypalCapture
    return {
      ...base,
      outcome: event.event_type === 'PAYMENT.CAPTURE.COMPLETED' ? 'paid' : 'failed',
      transactionId: capture.custom_id ?? null,
      sessionId: capture.supplementary_data?.related_ids?.order_id ?? null,
      paymentId: capture.id,
      amount: minorUnits(capture.amount.value, capture.amount.currency_code),
      currency: capture.amount.currency_code.toUpperCase(),
    }
  }
  return { ...base, outcome: 'ignored', transactionId: null, sessionId: null }
}
