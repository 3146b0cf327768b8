import { createSign, createVerify, generateKeyPairSync, randomUUID } from 'node:crypto'
import { crc32 } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import Stripe from 'stripe'

/**
 * Local stand-ins for the payment providers, speaking the parts of their HTTP APIs the app uses and
 * signing their notices as the providers do: Stripe's `Stripe-Signature` (HMAC-SHA256 of
 * `timestamp.body`, made by the SDK's own generateTestHeaderString) and PayPal's transmission
 * signature (RSA-SHA256 of `id|time|webhookId|crc32(body)`, checked by its verify-webhook-signature
 * call). Each test file starts one (`startPaymentProviders`) and points the app at it.
 */
export const stripeKeys = { secretKey: 'sk_test_standin_0123456789abcdef', webhookSecret: 'whsec_standin_0123456789abcdef' }
export const paypalKeys = { clientId: 'paypal-client-standin', clientSecret: 'paypal-secret-standin', webhookId: 'WH-STANDIN-1' }

export interface StandInSession {
  id: string
  object: 'checkout.session'
  url: string
  client_reference_id: string | null
  amount_total: number
  currency: string
  payment_status: 'unpaid' | 'paid' | 'no_payment_required'
  status: 'open' | 'complete' | 'expired'
  payment_intent: string | null
  success_url: string
}

export interface StandInOrder {
  id: string
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED'
  customId: string
  amount: { currency_code: string; value: string }
  captureId: string | null
  captureRequestId: string | null
}

export interface PaymentProviders {
  url: string
  /** The app's environment for these stand-ins (keys and API addresses). */
  env: Record<string, string>
  stripe: {
    sessions: Map<string, StandInSession>
    /** How many sessions were created (a repeated idempotency key creates none). */
    creations: number
    refunds: Array<{ payment_intent: string; idempotencyKey: string | undefined }>
    /** A Stripe event about a session, as Stripe sends it. */
    event(type: string, sessionId: string, changes?: Partial<StandInSession>): Stripe.Event
    /** Posts an event to the app's webhook, signed with the webhook secret (or `secret`), at `timestamp` (seconds). */
    deliver(appUrl: string, event: unknown, options?: { secret?: string; timestamp?: number; signature?: string }): Promise<{ status: number; body: any }>
  }
  paypal: {
    orders: Map<string, StandInOrder>
    refunds: Array<{ captureId: string; requestId: string | undefined }>
    /** The buyer approves the order at PayPal. */
    approve(orderId: string): void
    /** The next capture reports this amount instead of the order's (a provider-side mismatch). */
    captureAmountOverride: { currency_code: string; value: string } | null
    event(type: 'CHECKOUT.ORDER.APPROVED' | 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED', orderId: string, changes?: Record<string, unknown>): { id: string; event_type: string; resource_type: string; resource: Record<string, unknown> }
    /** Posts a notice to the app's webhook with PayPal's transmission headers, signed by its key (or a forged key). */
    deliver(appUrl: string, event: unknown, options?: { forge?: boolean }): Promise<{ status: number; body: any }>
  }
  close(): Promise<void>
}

const post = async (url: string, body: string, headers: Record<string, string>) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // keep the text
  }
  return { status: response.status, body: parsed as any }
}

export async function startPaymentProviders(): Promise<PaymentProviders> {
  const server: FastifyInstance = Fastify({ logger: false })
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, new URLSearchParams(body as string)))
  // Known once listening (below); the handlers read it when they answer.
  let url = ''
  let counter = 0
  const next = (prefix: string) => `${prefix}${(counter += 1).toString().padStart(6, '0')}${randomUUID().slice(0, 8)}`

  // ---- Stripe ----
  const sessions = new Map<string, StandInSession>()
  const stripeByKey = new Map<string, StandInSession>()
  const stripeRefunds: PaymentProviders['stripe']['refunds'] = []
  let creations = 0
  const stripeAuth = (authorization: string | undefined) => authorization === `Bearer ${stripeKeys.secretKey}`
  server.post('/v1/checkout/sessions', async (request, reply) => {
    if (!stripeAuth(request.headers.authorization)) return reply.code(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key' } })
    const key = request.headers['idempotency-key'] as string | undefined
    if (key && stripeByKey.has(key)) return stripeByKey.get(key)
    const form = request.body as URLSearchParams
    const id = next('cs_test_')
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      url: `${url}/checkout/${id}`,
      client_reference_id: form.get('client_reference_id'),
      amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
      currency: form.get('line_items[0][price_data][currency]') ?? '',
      payment_status: 'unpaid',
      status: 'open',
      payment_intent: null,
      success_url: form.get('success_url') ?? '',
    }
    creations += 1
    sessions.set(id, session)
    if (key) stripeByKey.set(key, session)
    return session
  })
  server.post('/v1/refunds', async (request, reply) => {
    if (!stripeAuth(request.headers.authorization)) return reply.code(401).send({ error: { type: 'invalid_request_error' } })
    const form = request.body as URLSearchParams
    const paymentIntent = form.get('payment_intent') ?? ''
    stripeRefunds.push({ payment_intent: paymentIntent, idempotencyKey: request.headers['idempotency-key'] as string | undefined })
    return { id: next('re_'), object: 'refund', payment_intent: paymentIntent, status: 'succeeded' }
  })

  // ---- PayPal ----
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const forgedKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
  const certUrl = () => `${url}/v1/notifications/certs/CERT-standin`
  const orders = new Map<string, StandInOrder>()
  const ordersByRequest = new Map<string, unknown>()
  const capturesByRequest = new Map<string, unknown>()
  const paypalRefunds: PaymentProviders['paypal']['refunds'] = []
  const tokens = new Set<string>()
  const paypalAuth = (authorization: string | undefined) => authorization !== undefined && tokens.has(authorization.replace(/^Bearer /, ''))
  const orderView = (order: StandInOrder) => ({
    id: order.id,
    status: order.status,
    links: [{ href: `${url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }],
    purchase_units: [
      {
        reference_id: order.customId,
        custom_id: order.customId,
        amount: order.amount,
        ...(order.captureId
          ? { payments: { captures: [{ id: order.captureId, status: 'COMPLETED', amount: order.amount, custom_id: order.customId, supplementary_data: { related_ids: { order_id: order.id } } }] } }
          : {}),
      },
    ],
  })
  const providers: PaymentProviders['paypal'] = {
    orders,
    refunds: paypalRefunds,
    captureAmountOverride: null,
    approve(orderId) {
      const order = orders.get(orderId)
      if (!order) throw new Error(`no order ${orderId}`)
      if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED'
    },
    event(type, orderId, changes = {}) {
      const order = orders.get(orderId)
      if (!order) throw new Error(`no order ${orderId}`)
      if (type === 'CHECKOUT.ORDER.APPROVED') return { id: next('WH-'), event_type: type, resource_type: 'checkout-order', resource: { ...orderView({ ...order, status: 'APPROVED' }), ...changes } }
      return {
        id: next('WH-'),
        event_type: type,
        resource_type: 'capture',
        resource: {
          id: order.captureId ?? next('CAP'),
          status: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : 'DECLINED',
          amount: order.amount,
          custom_id: order.customId,
          supplementary_data: { related_ids: { order_id: order.id } },
          ...changes,
        },
      }
    },
    async deliver(appUrl, event, options = {}) {
      const body = JSON.stringify(event)
      const transmissionId = randomUUID()
      const transmissionTime = new Date().toISOString()
      const signed = `${transmissionId}|${transmissionTime}|${paypalKeys.webhookId}|${crc32(body) >>> 0}`
      const signature = createSign('RSA-SHA256').update(signed).sign(options.forge ? forgedKey : privateKey, 'base64')
      return post(`${appUrl}/api/buy/webhooks/paypal`, body, {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': certUrl(),
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': transmissionTime,
      })
    },
  }
  server.post('/v1/oauth2/token', async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${paypalKeys.clientId}:${paypalKeys.clientSecret}`).toString('base64')}`
    if (request.headers.authorization !== expected) return reply.code(401).send({ error: 'invalid_client' })
    const token = next('A21AA')
    tokens.add(token)
    return { access_token: token, token_type: 'Bearer', expires_in: 32400 }
  })
  server.post('/v2/checkout/orders', async (request, reply) => {
    if (!paypalAuth(request.headers.authorization)) return reply.code(401).send({ name: 'AUTHENTICATION_FAILURE' })
    const requestId = request.headers['paypal-request-id'] as string | undefined
    if (requestId && ordersByRequest.has(requestId)) return ordersByRequest.get(requestId)
    const body = request.body as { intent: string; purchase_units: Array<{ custom_id: string; amount: { currency_code: string; value: string } }> }
    const unit = body.purchase_units[0]
    if (body.intent !== 'CAPTURE' || !unit) return reply.code(400).send({ name: 'INVALID_REQUEST' })
    const order: StandInOrder = { id: next('ORDER'), status: 'PAYER_ACTION_REQUIRED', customId: unit.custom_id, amount: unit.amount, captureId: null, captureRequestId: null }
    orders.set(order.id, order)
    const view = orderView(order)
    if (requestId) ordersByRequest.set(requestId, view)
    return reply.code(201).send(view)
  })
  server.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (request, reply) => {
    if (!paypalAuth(request.headers.authorization)) return reply.code(401).send({ name: 'AUTHENTICATION_FAILURE' })
    const requestId = request.headers['paypal-request-id'] as string | undefined
    if (requestId && capturesByRequest.has(requestId)) return capturesByRequest.get(requestId)
    const order = orders.get(request.params.id)
    if (!order) return reply.code(404).send({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] })
    if (order.status === 'COMPLETED') return reply.code(422).send({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] })
    if (order.status !== 'APPROVED') return reply.code(422).send({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] })
    order.status = 'COMPLETED'
    order.captureId = next('CAP')
    order.captureRequestId = requestId ?? null
    const view = orderView(order)
    if (providers.captureAmountOverride) {
      const capture = (view.purchase_units[0] as { payments?: { captures: Array<{ amount: unknown }> } }).payments?.captures[0]
      if (capture) capture.amount = providers.captureAmountOverride
      providers.captureAmountOverride = null
    }
    if (requestId) capturesByRequest.set(requestId, view)
    return reply.code(201).send(view)
  })
  server.post<{ Params: { id: string } }>('/v2/payments/captures/:id/refund', async (request, reply) => {
    if (!paypalAuth(request.headers.authorization)) return reply.code(401).send({ name: 'AUTHENTICATION_FAILURE' })
    paypalRefunds.push({ captureId: request.params.id, requestId: request.headers['paypal-request-id'] as string | undefined })
    return reply.code(201).send({ id: next('REF'), status: 'COMPLETED' })
  })
  server.post('/v1/notifications/verify-webhook-signature', async (request, reply) => {
    if (!paypalAuth(request.headers.authorization)) return reply.code(401).send({ name: 'AUTHENTICATION_FAILURE' })
    const body = request.body as { auth_algo: string; cert_url: string; transmission_id: string; transmission_sig: string; transmission_time: string; webhook_id: string; webhook_event: unknown }
    const signed = `${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${crc32(JSON.stringify(body.webhook_event)) >>> 0}`
    let ok = false
    try {
      ok = body.auth_algo === 'SHA256withRSA' && body.cert_url === certUrl() && createVerify('RSA-SHA256').update(signed).verify(publicKey, body.transmission_sig, 'base64')
    } catch {
      ok = false
    }
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' }
  })

  const stripeSide: PaymentProviders['stripe'] = {
    sessions,
    get creations() {
      return creations
    },
    refunds: stripeRefunds,
    event(type, sessionId, changes = {}) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no session ${sessionId}`)
      return {
        id: next('evt_'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: { ...session, ...changes } },
      } as unknown as Stripe.Event
    },
    async deliver(appUrl, event, options = {}) {
      const payload = JSON.stringify(event)
      const signature =
        options.signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? stripeKeys.webhookSecret, ...(options.timestamp ? { timestamp: options.timestamp } : {}) })
      return post(`${appUrl}/api/buy/webhooks/stripe`, payload, { 'stripe-signature': signature })
    },
  }

  await server.listen({ port: 0, host: '127.0.0.1' })
  const address = server.server.address()
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return {
    url,
    env: {
      STRIPE_SECRET_KEY: stripeKeys.secretKey,
      STRIPE_WEBHOOK_SECRET: stripeKeys.webhookSecret,
      STRIPE_API_URL: url,
      PAYPAL_CLIENT_ID: paypalKeys.clientId,
      PAYPAL_CLIENT_SECRET: paypalKeys.clientSecret,
      PAYPAL_WEBHOOK_ID: paypalKeys.webhookId,
      PAYPAL_API_URL: url,
    },
    stripe: stripeSide,
    paypal: providers,
    close: () => server.close(),
  }
}
