import type { FastifyInstance } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../../db/schema'
import type { Config } from '../../config'
import type { ProcessorId } from '../../contract/http/buy'
import type { Clock } from '../../lib/clock'
import { userRoom } from '../../plugins/socket-io'
import type { I18nService } from '../i18n'
import { registerBuyRoutes } from './buy.routes'
import { createBuyService, creditGrant, type BuyService } from './buy.service'
import { createPaypalProcessor } from './processors/paypal.processor'
import type { PaymentProcessor } from './processors/processor'
import { createSandboxProcessor } from './processors/sandbox.processor'
import { createStripeProcessor } from './processors/stripe.processor'

export type { BuyService } from './buy.service'

/** How often pending purchases past their time expire and lapsed premium flags go off. */
export const sweepIntervalMs = 60_000

export interface PremiumModule {
  /**
   * Credits `days` of premium to `userId` through the ledger (a `grant` row), once per `sourceId`: a
   * repeated call with the same source credits nothing and answers `granted: false`. The user's
   * caches on every node forget them and their sockets hear `premium:credited`.
   */
  grantPremiumDays(userId: number, days: number, reason: string, sourceId: string): Promise<{ granted: boolean; premiumUntil: string | null }>
  service: BuyService
}

/**
 * The same credit inside another module's own database transaction (so a reward and its premium are
 * stored together). The caller's readers see the new flag at once; other nodes' cached cards may show
 * the old one for the session cache's few seconds, which `app.premium.grantPremiumDays` avoids.
 */
export function grantPremiumDaysIn(db: Kysely<Database> | Transaction<Database>, userId: number, days: number, reason: string, sourceId: string, at: Date = new Date()) {
  return creditGrant(db, { userId, days, reason, sourceId }, at).then((result) => ({ granted: result.granted, premiumUntil: result.premiumUntil?.toISOString() ?? null }))
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Premium: grants through the ledger (referral rewards and the like). */
    premium: PremiumModule
  }
}

/** The processors this configuration turns on: Stripe, PayPal, and the sandbox when neither has keys. */
export function processorsOf(config: Config): Map<ProcessorId, PaymentProcessor> {
  const processors = new Map<ProcessorId, PaymentProcessor>()
  if (config.payments.stripe) processors.set('stripe', createStripeProcessor(config.payments.stripe))
  if (config.payments.paypal) processors.set('paypal', createPaypalProcessor(config.payments.paypal))
  if (config.payments.sandbox) processors.set('sandbox', createSandboxProcessor())
  return processors
}

/** Premium (`/api/buy`): products, purchases through a card or wallet provider, gifts, the ledger, grants. */
export async function registerBuyModule(app: FastifyInstance, options: { clock: Clock; config: Config; i18n: I18nService }): Promise<PremiumModule> {
  const processors = processorsOf(options.config)
  const forget = (userId: number) => app.invalidations.invalidate(`user:${userId}`)
  const service = createBuyService({
    db: app.db,
    clock: options.clock,
    processors,
    publicUrl: options.config.publicUrl,
    pendingMinutes: options.config.payments.pendingMinutes,
    freePremiumUrl: options.config.payments.freePremiumUrl,
    productName: (productId, language) => options.i18n.translate(language, `premium.products.${productId}`),
    events: {
      credited(transaction, premiumUntil) {
        if (transaction.recipient_id === null) return
        forget(transaction.recipient_id)
        const gift = transaction.kind === 'purchase' && transaction.buyer_id !== null && transaction.buyer_id !== transaction.recipient_id
        void (async () => {
          const from = gift && transaction.buyer_id !== null ? await app.accounts.cardOf(transaction.buyer_id) : undefined
          app.io.to(userRoom(transaction.recipient_id as number)).emit('premium:credited', {
            transactionId: transaction.id,
            days: transaction.days,
            premiumUntil: premiumUntil?.toISOString() ?? null,
            from: from ? { id: from.id, nickname: from.nickname } : null,
            kind: transaction.kind === 'grant' ? 'grant' : gift ? 'gift' : 'purchase',
          })
        })().catch((error: unknown) => app.log.error({ err: error }, 'premium notice failed'))
      },
      changed(userIds) {
        for (const userId of userIds) forget(userId)
      },
    },
  })
  await registerBuyRoutes(app, { service, processors, i18n: options.i18n })

  const premium: PremiumModule = {
    service,
    grantPremiumDays: (userId, days, reason, sourceId) => service.grant({ userId, days, reason, sourceId }),
  }
  app.decorate('premium', premium)

  let timer: NodeJS.Timeout | undefined
  const sweep = () => service.sweep().catch((error: unknown) => app.log.error({ err: error }, 'premium sweep failed'))
  app.addHook('onReady', async () => {
    await sweep()
    timer = setInterval(() => void sweep(), sweepIntervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
  })
  return premium
}
