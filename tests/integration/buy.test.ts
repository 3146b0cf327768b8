import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { startPaymentProviders, type PaymentProviders } from '../helpers/payment-providers'
import { requestResult } from '../helpers/requests'
import { closeOpenSockets, connectSocket, nextEvent } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

const day = 86_400_000

/**
 * Premium purchases end to end over HTTP: the card flow (Stripe Checkout) and the wallet flow (PayPal
 * Orders) against local stand-ins that sign their notices as the providers do, the sandbox, gifts,
 * refunds, expiry, grants, and every refusal. The ledger must credit each payment exactly once.
 */
describe('premium purchases', () => {
  let server: TestApp
  let providers: PaymentProviders
  const person = async (overrides: Parameters<typeof createUserWithSession>[1] = {}) => {
    const { user, token } = await createUserWithSession(server.database.db, overrides, server.clock)
    return { id: user.id, token, nickname: user.nickname }
  }
  const call = (token: string, method: string, path: string, body?: unknown) => request(server.url, method, path, { token, ...(body === undefined ? {} : { body }) })
  const buy = (token: string, body: Record<string, unknown>) => call(token, 'POST', '/api/buy', body)
  const premiumOf = async (userId: number) => {
    const row = await server.database.db.selectFrom('users').select(['is_premium']).select((eb) => eb.ref('premium_until' as never).as('until')).where('id', '=', userId).executeTakeFirstOrThrow()
    return { isPremium: row.is_premium, until: row.until === null ? null : new Date(row.until as unknown as string).getTime() }
  }
  const statusOf = async (token: string, id: string) => (await call(token, 'GET', `/api/buy/transactions/${id}`)).body.status
  const now = () => (server.clock as NonNullable<TestApp['clock']>).now().getTime()
  /** A Stripe purchase started by `buyer`: the transaction id and its Checkout Session at the stand-in. */
  const startCard = async (buyer: { token: string }, extra: Record<string, unknown> = {}) => {
    const started = await buy(buyer.token, { productId: 'month', processorId: 'stripe', ...extra })
    expect(started.status).toBe(200)
    const session = [...providers.stripe.sessions.values()].find((candidate) => candidate.client_reference_id === started.body.transactionId)
    if (!session) throw new Error('no session')
    return { id: started.body.transactionId as string, session, redirectUrl: started.body.redirectUrl as string }
  }
  const startWallet = async (buyer: { token: string }) => {
    const started = await buy(buyer.token, { productId: 'month', processorId: 'paypal' })
    expect(started.status).toBe(200)
    const order = [...providers.paypal.orders.values()].find((candidate) => candidate.customId === started.body.transactionId)
    if (!order) throw new Error('no order')
    return { id: started.body.transactionId as string, order }
  }

  beforeAll(async () => {
    providers = await startPaymentProviders()
    server = await startTestApp({ manualClock: true, env: { ...providers.env, BUY_SANDBOX: 'true', FREE_PREMIUM_URL: 'https://video.example.test/free-premium' } })
  })
  afterEach(closeOpenSockets)
  afterAll(async () => {
    await server.close()
    await providers.close()
  })

  it('lists the products with prices in the buyer\'s currency and the configured processors', async () => {
    const german = await person({ language: 'de' })
    const answer = await call(german.token, 'GET', '/api/buy/premiums')
    expect(answer.status).toBe(200)
    expect(answer.body.items.map((item: { id: string }) => item.id)).toEqual(['month', 'quarter', 'year'])
    expect(answer.body.items[0]).toMatchObject({ days: 30, nameKey: 'premium.products.month', price: { amount: 499, currency: 'EUR' }, processors: ['stripe', 'paypal', 'sandbox'] })
    expect(answer.body.processors).toEqual([
      { id: 'stripe', kind: 'card', testMode: true },
      { id: 'paypal', kind: 'wallet', testMode: false },
      { id: 'sandbox', kind: 'test', testMode: true },
    ])
    expect(answer.body.premiumUntil).toBeNull()
    expect(answer.body.freePremiumUrl).toBe('https://video.example.test/free-premium')
    const ukrainian = await person({ language: 'uk' })
    expect((await call(ukrainian.token, 'GET', '/api/buy/premiums')).body.items[0].price).toEqual({ amount: 19900, currency: 'UAH' })
  })

  it('card: a paid Checkout Session credits a month once, whatever the notices repeat, arrive late or out of order', async () => {
    const buyer = await person()
    const { id, session, redirectUrl } = await startCard(buyer)
    expect(redirectUrl).toBe(session.url)
    expect(session).toMatchObject({ amount_total: 499, currency: 'usd', success_url: `http://localhost:8080/success?tx=${id}` })
    expect(await statusOf(buyer.token, id)).toBe('pending')
    expect((await premiumOf(buyer.id)).isPremium).toBe(false)

    // The async method's success arrives before the completion that says "unpaid" (out of order).
    const succeeded = providers.stripe.event('checkout.session.async_payment_succeeded', session.id, { payment_status: 'paid', payment_intent: 'pi_card_1' })
    expect(await providers.stripe.deliver(server.url, succeeded)).toMatchObject({ status: 200, body: { received: true, duplicate: false } })
    const credited = await premiumOf(buyer.id)
    expect(credited.isPremium).toBe(true)
    expect(credited.until).toBe(now() + 30 * day)
    expect((await call(buyer.token, 'GET', '/api/auth')).body.isPremium).toBe(true)

    // The same notice again (Stripe retries), the late completion, a late expiry and failure: nothing more.
    expect(await providers.stripe.deliver(server.url, succeeded)).toMatchObject({ status: 200, body: { duplicate: true } })
    for (const late of [
      providers.stripe.event('checkout.session.completed', session.id, { payment_status: 'unpaid' }),
      providers.stripe.event('checkout.session.completed', session.id, { payment_status: 'paid', payment_intent: 'pi_card_1' }),
      providers.stripe.event('checkout.session.expired', session.id, { status: 'expired' }),
      providers.stripe.event('checkout.session.async_payment_failed', session.id),
    ]) {
      expect((await providers.stripe.deliver(server.url, late)).status).toBe(200)
    }
    expect(await premiumOf(buyer.id)).toEqual(credited)
    expect(await statusOf(buyer.token, id)).toBe('paid')

    // A second month extends from the current end, not from now.
    const again = await startCard(buyer)
    await providers.stripe.deliver(server.url, providers.stripe.event('checkout.session.completed', again.session.id, { payment_status: 'paid', payment_intent: 'pi_card_2' }))
    expect((await premiumOf(buyer.id)).until).toBe(now() + 60 * day)
    // One Checkout Session per purchase (the idempotency key), each naming its transaction.
    expect(providers.stripe.sessions.size).toBeGreaterThanOrEqual(2)
  })

  it('card: ten notices of one payment at once credit it once', async () => {
    const buyer = await person()
    const { id, session } = await startCard(buyer)
    const notices = Array.from({ length: 10 }, (_, index) =>
      providers.stripe.event(index % 2 ? 'checkout.session.completed' : 'checkout.session.async_payment_succeeded', session.id, { payment_status: 'paid', payment_intent: 'pi_many' }),
    )
    // Ten distinct notices and the first one ten times more, all at once.
    const answers = await Promise.all([...notices, ...Array.from({ length: 10 }, () => notices[0])].map((event) => providers.stripe.deliver(server.url, event)))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(answers.filter((answer) => answer.body.duplicate === false)).toHaveLength(10)
    expect((await premiumOf(buyer.id)).until).toBe(now() + 30 * day)
    expect(await statusOf(buyer.token, id)).toBe('paid')
  })

  it('card: an expired session, a declined async payment and a pending purchase past its time credit nothing', async () => {
    const buyer = await person()
    const expired = await startCard(buyer)
    await providers.stripe.deliver(server.url, providers.stripe.event('checkout.session.expired', expired.session.id, { status: 'expired' }))
    expect(await statusOf(buyer.token, expired.id)).toBe('expired')

    const declined = await startCard(buyer)
    await providers.stripe.deliver(server.url, providers.stripe.event('checkout.session.async_payment_failed', declined.session.id))
    expect(await statusOf(buyer.token, declined.id)).toBe('failed')

    const forgotten = await startCard(buyer)
    server.clock?.advance(61 * 60_000)
    await server.app.premium.service.sweep()
    expect(await statusOf(buyer.token, forgotten.id)).toBe('expired')
    expect(await premiumOf(buyer.id)).toEqual({ isPremium: false, until: null })
  })

  it('card: forged, replayed, unknown and mismatched notices are refused and credit nothing', async () => {
    const buyer = await person()
    const { id, session } = await startCard(buyer)
    const paid = providers.stripe.event('checkout.session.completed', session.id, { payment_status: 'paid', payment_intent: 'pi_bad' })

    const forged = await providers.stripe.deliver(server.url, paid, { secret: 'whsec_not_the_real_secret' })
    expect(forged).toMatchObject({ status: 400, body: { code: 'errors.buy.bad_signature' } })
    const unsigned = await providers.stripe.deliver(server.url, paid, { signature: 'nonsense' })
    expect(unsigned).toMatchObject({ status: 400, body: { code: 'errors.buy.bad_signature' } })
    // A notice signed ten minutes ago (replayed after Stripe's five-minute tolerance).
    const replayed = await providers.stripe.deliver(server.url, paid, { timestamp: Math.floor(Date.now() / 1000) - 600 })
    expect(replayed).toMatchObject({ status: 400, body: { code: 'errors.buy.bad_signature' } })

    const unknown = providers.stripe.event('checkout.session.completed', session.id, { payment_status: 'paid', client_reference_id: 'tx_no_such_transaction_000' })
    expect(await providers.stripe.deliver(server.url, unknown)).toMatchObject({ status: 404, body: { code: 'errors.buy.unknown_transaction' } })
    const otherSession = providers.stripe.event('checkout.session.completed', session.id, { payment_status: 'paid', id: 'cs_test_someone_else' })
    expect(await providers.stripe.deliver(server.url, otherSession)).toMatchObject({ status: 404, body: { code: 'errors.buy.unknown_transaction' } })

    const cheaper = providers.stripe.event('checkout.session.completed', session.id, { payment_status: 'paid', amount_total: 1 })
    expect(await providers.stripe.deliver(server.url, cheaper)).toMatchObject({ status: 400, body: { code: 'errors.buy.amount_mismatch' } })
    const otherCurrency = providers.stripe.event('checkout.session.completed', session.id, { payment_status: 'paid', currency: 'jpy' })
    expect(await providers.stripe.deliver(server.url, otherCurrency)).toMatchObject({ status: 400, body: { code: 'errors.buy.amount_mismatch' } })
    const noPayment = providers.stripe.event('checkout.session.completed', session.id, { payment_status: 'no_payment_required' })
    expect((await providers.stripe.deliver(server.url, noPayment)).status).toBe(200)

    expect(await statusOf(buyer.token, id)).toBe('pending')
    expect(await premiumOf(buyer.id)).toEqual({ isPremium: false, until: null })
    // The genuine notice still credits once afterwards: the refused ones left no trace.
    expect((await providers.stripe.deliver(server.url, paid)).status).toBe(200)
    expect((await premiumOf(buyer.id)).isPremium).toBe(true)
  })

  it('wallet: the buyer\'s return captures the approved order once; a second capture, another buyer and an unapproved order are refused', async () => {
    const buyer = await person()
    const stranger = await person()
    const { id, order } = await startWallet(buyer)
    expect(order.amount).toEqual({ currency_code: 'USD', value: '4.99' })

    expect(await call(buyer.token, 'POST', '/api/buy/paypal/confirm', { orderId: order.id })).toMatchObject({ status: 409, body: { code: 'errors.buy.not_approved' } })
    providers.paypal.approve(order.id)
    expect(await call(stranger.token, 'POST', '/api/buy/paypal/confirm', { orderId: order.id })).toMatchObject({ status: 403, body: { code: 'errors.buy.not_your_order' } })
    expect(await call(buyer.token, 'POST', '/api/buy/paypal/confirm', { orderId: 'ORDERNOSUCH' })).toMatchObject({ status: 404, body: { code: 'errors.buy.unknown_transaction' } })

    const confirmed = await call(buyer.token, 'POST', '/api/buy/paypal/confirm', { orderId: order.id })
    expect(confirmed).toMatchObject({ status: 200, body: { id, status: 'paid', processor: 'paypal', amount: 499, currency: 'USD' } })
    expect((await premiumOf(buyer.id)).until).toBe(now() + 30 * day)
    expect(await call(buyer.token, 'POST', '/api/buy/paypal/confirm', { orderId: order.id })).toMatchObject({ status: 409, body: { code: 'errors.buy.already_paid' } })

    // PayPal's own notices of the same capture, verified by its signature call, change nothing more.
    const completed = providers.paypal.event('PAYMENT.CAPTURE.COMPLETED', order.id)
    expect(await providers.paypal.deliver(server.url, completed)).toMatchObject({ status: 200, body: { received: true } })
    expect(await providers.paypal.deliver(server.url, completed)).toMatchObject({ status: 200, body: { duplicate: true } })
    expect(await providers.paypal.deliver(server.url, providers.paypal.event('CHECKOUT.ORDER.APPROVED', order.id))).toMatchObject({ status: 200 })
    expect((await premiumOf(buyer.id)).until).toBe(now() + 30 * day)
  })

  it('wallet: the approval notice captures for a buyer who never came back, concurrently with the return; forged notices and a wrong capture amount are refused', async () => {
    const buyer = await person()
    const { id, order } = await startWallet(buyer)
    providers.paypal.approve(order.id)
    const approved = providers.paypal.event('CHECKOUT.ORDER.APPROVED', order.id)
    expect(await providers.paypal.deliver(server.url, approved, { forge: true })).toMatchObject({ status: 400, body: { code: 'errors.buy.bad_signature' } })
    expect(await statusOf(buyer.token, id)).toBe('pending')

    const [byNotice, byReturn] = await Promise.all([providers.paypal.deliver(server.url, approved), call(buyer.token, 'POST', '/api/buy/paypal/confirm', { orderId: order.id })])
    expect(byNotice.status).toBe(200)
    expect([200, 409]).toContain(byReturn.status)
    expect(await statusOf(buyer.token, id)).toBe('paid')
    expect((await premiumOf(buyer.id)).until).toBe(now() + 30 * day)

    // A capture PayPal reports for another amount is refused and credits nothing.
    const other = await person()
    const cheap = await startWallet(other)
    providers.paypal.approve(cheap.order.id)
    providers.paypal.captureAmountOverride = { currency_code: 'USD', value: '0.01' }
    expect(await call(other.token, 'POST', '/api/buy/paypal/confirm', { orderId: cheap.order.id })).toMatchObject({ status: 400, body: { code: 'errors.buy.amount_mismatch' } })
    expect(await premiumOf(other.id)).toEqual({ isPremium: false, until: null })
  })

  it('gifts reach a friend, who is told at once; gifts to missing, deleted or banned players and unknown products or processors are refused', async () => {
    const buyer = await person()
    const friend = await person()
    const socket = await connectSocket(server.url, friend.token)
    const told = nextEvent(socket, 'premium:credited')
    const { id, session } = await startCard(buyer, { recipientUserId: friend.id })
    await providers.stripe.deliver(server.url, providers.stripe.event('checkout.session.completed', session.id, { payment_status: 'paid', payment_intent: 'pi_gift' }))
    expect(await told).toMatchObject({ transactionId: id, days: 30, kind: 'gift', from: { id: buyer.id, nickname: buyer.nickname } })
    expect((await premiumOf(friend.id)).isPremium).toBe(true)
    expect((await premiumOf(buyer.id)).isPremium).toBe(false)

    const mine = await call(buyer.token, 'GET', '/api/buy/transactions')
    expect(mine.body.items[0]).toMatchObject({ id, direction: 'gift_sent', status: 'paid', recipient: { id: friend.id } })
    const theirs = await call(friend.token, 'GET', '/api/buy/transactions')
    expect(theirs.body).toMatchObject({ total: 1, items: [{ id, direction: 'gift_received', buyer: { id: buyer.id, nickname: buyer.nickname } }] })
    // Nobody else reads it.
    expect((await call((await person()).token, 'GET', `/api/buy/transactions/${id}`)).status).toBe(404)

    const banned = await person()
    await server.database.db.insertInto('bans').values({ user_id: banned.id, reason: 'cheating', until: new Date(now() + day) }).execute()
    const deleted = await person()
    await server.database.db.updateTable('users').set({ delete_at: new Date(now() + day) }).where('id', '=', deleted.id).execute()
    const before = await call(buyer.token, 'GET', '/api/buy/transactions')
    expect(await buy(buyer.token, { productId: 'month', processorId: 'stripe', recipientUserId: 999_999_999 })).toMatchObject({ status: 404, body: { code: 'errors.buy.recipient_not_found', field: 'recipientUserId' } })
    expect(await buy(buyer.token, { productId: 'month', processorId: 'stripe', recipientUserId: deleted.id })).toMatchObject({ status: 404, body: { code: 'errors.buy.recipient_not_found' } })
    expect(await buy(buyer.token, { productId: 'month', processorId: 'stripe', recipientUserId: banned.id })).toMatchObject({ status: 400, body: { code: 'errors.buy.recipient_banned' } })
    expect(await buy(buyer.token, { productId: 'lifetime', processorId: 'stripe' })).toMatchObject({ status: 400, body: { code: 'errors.buy.unknown_product', field: 'productId' } })
    expect(await buy(buyer.token, { productId: 'month', processorId: 'bitcoin' })).toMatchObject({ status: 400, body: { code: 'errors.buy.unknown_processor', field: 'processorId' } })
    expect((await buy('no-such-token', { productId: 'month', processorId: 'stripe' })).status).toBe(401)
    expect((await call(buyer.token, 'GET', '/api/buy/transactions')).body.total).toBe(before.body.total)
  })

  it('an admin refunds a payment: the provider returns the money and the premium days it gave end; others may not', async () => {
    const admin = await person({ role_id: 3 })
    const buyer = await person()
    const first = await startCard(buyer)
    await providers.stripe.deliver(server.url, providers.stripe.event('checkout.session.completed', first.session.id, { payment_status: 'paid', payment_intent: 'pi_refund_1' }))
    const wallet = await startWallet(buyer)
    providers.paypal.approve(wallet.order.id)
    await call(buyer.token, 'POST', '/api/buy/paypal/confirm', { orderId: wallet.order.id })
    expect((await premiumOf(buyer.id)).until).toBe(now() + 60 * day)

    expect((await call(buyer.token, 'POST', `/api/admin/payments/transactions/${first.id}/refund`)).status).toBe(403)
    const refunded = await call(admin.token, 'POST', `/api/admin/payments/transactions/${first.id}/refund`)
    expect(refunded).toMatchObject({ status: 200, body: { id: first.id, status: 'refunded' } })
    expect(providers.stripe.refunds).toContainEqual({ payment_intent: 'pi_refund_1', idempotencyKey: `refund-${first.id}` })
    expect(await premiumOf(buyer.id)).toEqual({ isPremium: true, until: now() + 30 * day })
    expect(await call(admin.token, 'POST', `/api/admin/payments/transactions/${first.id}/refund`)).toMatchObject({ status: 409, body: { code: 'errors.buy.not_refundable' } })
    // A late "paid" notice of the refunded payment gives nothing back.
    await providers.stripe.deliver(server.url, providers.stripe.event('checkout.session.async_payment_succeeded', first.session.id, { payment_status: 'paid' }))
    expect((await premiumOf(buyer.id)).until).toBe(now() + 30 * day)

    await call(admin.token, 'POST', `/api/admin/payments/transactions/${wallet.id}/refund`)
    expect(providers.paypal.refunds.map((refund) => refund.requestId)).toContain(`refund-${wallet.id}`)
    expect(await premiumOf(buyer.id)).toEqual({ isPremium: false, until: now() })
    expect((await call(buyer.token, 'GET', '/api/auth')).body.isPremium).toBe(false)

    const revenue = await call(admin.token, 'GET', '/api/admin/payments/revenue?days=7')
    expect(revenue.status).toBe(200)
    expect(revenue.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'USD', amount: expect.any(Number), count: expect.any(Number) })]))
    expect((await call(buyer.token, 'GET', '/api/admin/payments/revenue')).status).toBe(403)
  })

  it('premium ends at its end date, not before: the owner\'s own view and their card in a friend\'s list turn plain', async () => {
    const owner = await person()
    const friend = await person()
    const [ownerSocket, friendSocket] = await Promise.all([connectSocket(server.url, owner.token), connectSocket(server.url, friend.token)])
    await requestResult(ownerSocket, 'friends:request:create', { id: friend.id })
    await requestResult(friendSocket, 'friends:request:create', { id: owner.id })
    const shown = async () => ({
      own: (await call(owner.token, 'GET', '/api/auth')).body.isPremium,
      card: (await requestResult(friendSocket, 'friends:list')).items.find((item) => item.id === owner.id)?.isPremium,
    })
    expect(await shown()).toEqual({ own: false, card: false })
    await server.app.premium.grantPremiumDays(owner.id, 1, 'referral', `end-date:${owner.id}`)
    expect(await shown()).toEqual({ own: true, card: true })

    // The minute's sweep runs on the app's clock: a second before the end nothing changes, a second after it ends.
    server.clock?.advance(day - 1000)
    await server.app.premium.service.sweep()
    expect(await shown()).toEqual({ own: true, card: true })
    server.clock?.advance(2000)
    await server.app.premium.service.sweep()
    expect(await shown()).toEqual({ own: false, card: false })
    expect((await premiumOf(owner.id)).until).toBe(now() - 1000)
  })

  it('the sandbox\'s own page pays in test mode; grants credit once per source', async () => {
    const buyer = await person()
    const started = await buy(buyer.token, { productId: 'quarter', processorId: 'sandbox' })
    expect(started.body).toMatchObject({ testMode: true, redirectUrl: `/api/buy/sandbox/${started.body.transactionId}` })
    const page = await fetch(`${server.url}${started.body.redirectUrl}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('TEST MODE')
    const paid = await fetch(`${server.url}${started.body.redirectUrl}/pay`, { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`/success?tx=${started.body.transactionId}`)
    await fetch(`${server.url}${started.body.redirectUrl}/pay`, { method: 'POST', redirect: 'manual' })
    expect((await premiumOf(buyer.id)).until).toBe(now() + 90 * day)
    expect((await fetch(`${server.url}/api/buy/sandbox/tx_nosuchtransaction`)).status).toBe(404)

    const first = await server.app.premium.grantPremiumDays(buyer.id, 7, 'referral', 'referral:42')
    const second = await server.app.premium.grantPremiumDays(buyer.id, 7, 'referral', 'referral:42')
    expect([first.granted, second.granted]).toEqual([true, false])
    expect((await premiumOf(buyer.id)).until).toBe(now() + 97 * day)
    const list = await call(buyer.token, 'GET', '/api/buy/transactions')
    expect(list.body.items.map((item: { direction: string }) => item.direction)).toEqual(['grant', 'own'])
  })
})
