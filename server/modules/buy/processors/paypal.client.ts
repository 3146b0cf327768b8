import ky, { HTTPError, type KyInstance } from 'ky'

/**
 * A small typed client of PayPal's REST API: an OAuth token (client credentials), Orders v2 (create,
 * capture), a capture's refund and the webhook signature check (verify-webhook-signature). Written on
 * ky with a configurable base URL because the official @paypal/paypal-server-sdk fixes its base URL
 * per environment (sandbox or production) and cannot be pointed at a local stand-in in tests.
 */
export interface PaypalSettings {
  clientId: string
  clientSecret: string
  /** The webhook's id at PayPal: part of every notice's signature. */
  webhookId: string
  /** https://api-m.sandbox.paypal.com, https://api-m.paypal.com, or a stand-in. */
  apiUrl: string
}

export interface PaypalAmount {
  currency_code: string
  value: string
}

export interface PaypalLink {
  href: string
  rel: string
  method?: string
}

export interface PaypalCapture {
  id: string
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED'
  amount: PaypalAmount
  custom_id?: string
  supplementary_data?: { related_ids?: { order_id?: string } }
}

export interface PaypalOrder {
  id: string
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED'
  links?: PaypalLink[]
  purchase_units?: Array<{ reference_id?: string; custom_id?: string; amount?: PaypalAmount; payments?: { captures?: PaypalCapture[] } }>
}

export interface PaypalWebhookEvent {
  id: string
  event_type: string
  resource_type?: string
  resource: Record<string, unknown>
}

export interface PaypalTransmission {
  authAlgo: string
  certUrl: string
  transmissionId: string
  transmissionSig: string
  transmissionTime: string
}

/** PayPal's answer named an error (422 ORDER_ALREADY_CAPTURED, ORDER_NOT_APPROVED, ...). */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string | null,
  ) {
    super(`PayPal answered ${status}${issue ? ` ${issue}` : ''}`)
  }
}

export function createPaypalClient(settings: PaypalSettings) {
  const base: KyInstance = ky.create({ prefixUrl: settings.apiUrl.replace(/\/+$/, ''), timeout: 20_000, retry: { limit: 2, methods: ['get', 'post'], statusCodes: [429, 500, 502, 503, 504] } })
  let token: { value: string; until: number } | undefined

  const accessToken = async (): Promise<string> => {
    if (token && token.until > Date.now()) return token.value
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')
    const answer = await base
      .post('v1/oauth2/token', { headers: { authorization: `Basic ${basic}` }, body: new URLSearchParams({ grant_type: 'client_credentials' }) })
      .json<{ access_token: string; expires_in: number }>()
    // Renewed a minute before PayPal says it ends.
    token = { value: answer.access_token, until: Date.now() + Math.max(0, answer.expires_in - 60) * 1000 }
    return token.value
  }

  const call = async <T>(path: string, json: unknown, requestId?: string): Promise<T> => {
    try {
      return await base
        .post(path, { json, headers: { authorization: `Bearer ${await accessToken()}`, ...(requestId ? { 'paypal-request-id': requestId } : {}), prefer: 'return=representation' } })
        .json<T>()
    } catch (error) {
      if (error instanceof HTTPError) {
        const body = (await error.response.json().catch(() => null)) as { details?: Array<{ issue?: string }>; name?: string } | null
        throw new PaypalError(error.response.status, body?.details?.[0]?.issue ?? body?.name ?? null)
      }
      throw error
    }
  }

  return {
    /** Creates an order of one purchase unit naming the ledger's transaction; `requestId` makes a retry return the same order. */
    createOrder(input: { transactionId: string; amount: PaypalAmount; description: string; returnUrl: string; cancelUrl: string }) {
      return call<PaypalOrder>(
        'v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [{ reference_id: input.transactionId, custom_id: input.transactionId, description: input.description.slice(0, 127), amount: input.amount }],
          payment_source: { paypal: { experience_context: { return_url: input.returnUrl, cancel_url: input.cancelUrl, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' } } },
        },
        `order-${input.transactionId}`,
      )
    },

    /** Captures an approved order; the same `requestId` never captures twice. */
    captureOrder(orderId: string, requestId: string) {
      return call<PaypalOrder>(`v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, requestId)
    },

    refundCapture(captureId: string, requestId: string) {
      return call<{ id: string; status: string }>(`v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {}, requestId)
    },

    /** Asks PayPal whether a notice carries its signature for our webhook id. */
    async verifyWebhook(transmission: PaypalTransmission, event: unknown): Promise<boolean> {
      const answer = await call<{ verification_status: 'SUCCESS' | 'FAILURE' }>('v1/notifications/verify-webhook-signature', {
        auth_algo: transmission.authAlgo,
        cert_url: transmission.certUrl,
        transmission_id: transmission.transmissionId,
        transmission_sig: transmission.transmissionSig,
        transmission_time: transmission.transmissionTime,
        webhook_id: settings.webhookId,
        webhook_event: event,
      })
      return answer.verification_status === 'SUCCESS'
    },
  }
}

export type PaypalClient = ReturnType<typeof createPaypalClient>
