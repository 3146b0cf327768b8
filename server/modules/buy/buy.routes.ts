import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { buyLimits, buyRoutes, type ProcessorId } from '../../contract/http/buy'
import { AppError } from '../../lib/app-error'
import { viewerOf } from '../../plugins/auth'
import { perUserRateLimit } from '../../plugins/rate-limit'
import { adminGuard, recordAudit } from '../admin'
import type { I18nService } from '../i18n'
import type { BuyService } from './buy.service'
import type { PaymentProcessor } from './processors/processor'
import { sandboxPage } from './sandbox.page'

/** Largest provider notice taken (Stripe's and PayPal's are a few kilobytes). */
const noticeBodyLimit = 256 * 1024
const idPattern = /^[A-Za-z0-9_-]{8,64}$/

/**
 * /api/buy: the catalogue, a purchase, PayPal's capture, the caller's transactions; the providers'
 * webhooks (raw bodies, verified by each processor); the sandbox's approval page; the admin's
 * payments (revenue, all transactions, refunds).
 */
export async function registerBuyRoutes(
  app: FastifyInstance,
  options: { service: BuyService; processors: ReadonlyMap<ProcessorId, PaymentProcessor>; i18n: I18nService },
): Promise<void> {
  const { service, processors, i18n } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  const reads = perUserRateLimit(app, 'buy-read', { max: buyLimits.readsPerMinute, windowMs: 60_000 })

  typed.route({
    ...buyRoutes.premiums,
    preHandler: [app.requireUser, reads],
    handler: (request) => {
      const { user } = viewerOf(request)
      return service.catalogue({ id: user.id, language: user.language })
    },
  })

  typed.route({
    ...buyRoutes.buy,
    preHandler: [app.requireUser, perUserRateLimit(app, 'buy-start', { max: buyLimits.buysPer10Minutes, windowMs: 600_000 })],
    handler: (request) => {
      const { user } = viewerOf(request)
      return service.buy({ id: user.id, language: user.language }, request.body)
    },
  })

  typed.route({
    ...buyRoutes.paypalConfirm,
    preHandler: [app.requireUser, perUserRateLimit(app, 'buy-confirm', { max: buyLimits.confirmsPer10Minutes, windowMs: 600_000 })],
    handler: (request) => {
      if (!processors.has('paypal')) throw new AppError(404, 'errors.buy.unknown_transaction')
      return service.confirmPaypal(viewerOf(request).user.id, request.body.orderId)
    },
  })

  typed.route({
    ...buyRoutes.transactions,
    preHandler: [app.requireUser, reads],
    handler: (request) => service.transactions(viewerOf(request).user.id, request.query),
  })

  typed.route({
    ...buyRoutes.transaction,
    preHandler: [app.requireUser, reads],
    handler: (request) => service.transaction(viewerOf(request).user.id, request.params.id),
  })

  // Admin: revenue per day for the dashboard, every transaction, refunds (each written to the audit trail).
  typed.route({ ...buyRoutes.adminRevenue, preHandler: [adminGuard(app, 'admin')], handler: (request) => service.revenue(request.query.days ?? 30) })
  typed.route({ ...buyRoutes.adminTransactions, preHandler: [adminGuard(app, 'admin')], handler: (request) => service.adminTransactions(request.query) })
  typed.route({
    ...buyRoutes.adminRefund,
    preHandler: [adminGuard(app, 'admin')],
    handler: (request) =>
      service.refund(request.params.id, (trx, before, after) =>
        recordAudit(trx, {
          actorId: viewerOf(request).user.id,
          action: 'payment.refund',
          target: { type: 'premium_transaction', id: before.id },
          before: { status: before.status, amount: before.amount, currency: before.currency, recipientId: before.recipient_id, days: before.credited_days },
          after: { status: after.status },
        }),
      ),
  })

  // The providers' notices: raw bytes, as signed; each processor verifies its own scheme.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: noticeBodyLimit }, (_request, body, done) => done(null, body))
    for (const processor of processors.values()) {
      if (processor.id === 'sandbox') continue
      scope.post(`/api/buy/webhooks/${processor.id}`, async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const notice = await processor.readNotice(body, request.headers)
        const result = await service.notice(processor.id, notice)
        return { received: true, duplicate: result.duplicate }
      })
    }
  })

  // The sandbox's own "provider page", only where the sandbox is on. The id is the secret that names it.
  if (processors.has('sandbox')) {
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 }, (_request, _body, done) => done(null, null))
      scope.get<{ Params: { id: string }; Querystring: { lang?: string } }>('/api/buy/sandbox/:id', async (request, reply) => {
        const row = idPattern.test(request.params.id) ? await service.sandboxTransaction(request.params.id) : undefined
        if (!row) throw new AppError(404, 'errors.buy.unknown_transaction')
        const language = typeof request.query.lang === 'string' && ['uk', 'en', 'de', 'he'].includes(request.query.lang) ? request.query.lang : 'en'
        const text = async (key: string, values: Record<string, string | number> = {}) => i18n.translate(language, `premium.sandbox.${key}`, values)
        const html = sandboxPage({
          language,
          id: row.id,
          status: row.status,
          title: await text('title'),
          testMode: await text('testMode'),
          explain: await text('explain'),
          product: await i18n.translate(language, `premium.products.${row.product_id ?? 'month'}`),
          amount: `${(row.amount / 100).toFixed(2)} ${row.currency}`,
          recipient: row.buyer_id !== row.recipient_id && row.recipient_nickname ? await text('giftTo', { nickname: row.recipient_nickname }) : null,
          pay: await text('pay'),
          cancel: await text('cancel'),
          done: await text('done'),
        })
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
      })
      scope.post<{ Params: { id: string } }>('/api/buy/sandbox/:id/pay', async (request, reply) => {
        if (!idPattern.test(request.params.id)) throw new AppError(404, 'errors.buy.unknown_transaction')
        const row = await service.paySandbox(request.params.id)
        return reply.redirect(`/success?tx=${encodeURIComponent(row.id)}`, 303)
      })
    })
  }
}
