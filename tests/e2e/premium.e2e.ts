import { expect, test, type Page } from '@playwright/test'
import { io, type Socket } from 'socket.io-client'
import { newAccount, signedInContext } from './support'

/** Asks over a socket of `token`, as the friends screen does, and waits for the answer. */
async function ask(baseURL: string, token: string, event: string, payload: unknown): Promise<any> {
  const socket: Socket = io(baseURL, { path: '/socket.io', auth: { token }, transports: ['websocket'] })
  try {
    return await socket.timeout(15_000).emitWithAck(event, payload)
  } finally {
    socket.disconnect()
  }
}

/** Buys the chosen product on /premium with the sandbox processor, pays on its test-mode page, and waits for "paid". */
async function buyInSandbox(page: Page) {
  await expect(page.getByTestId('premium-test-mode')).toBeVisible()
  await page.getByTestId('processor-sandbox').click()
  await page.getByTestId('premium-buy').click()
  await expect(page.getByTestId('sandbox-test-mode')).toHaveText('TEST MODE')
  await page.getByTestId('sandbox-pay').click()
  await expect(page).toHaveURL(/\/success\?tx=/)
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid')
}

test('premium in sandbox mode: a month for oneself shows at once, a month given to a friend shows in their browser, both are in /transactions', async ({ browser, request, baseURL }) => {
  const origin = baseURL as string
  const [alice, bob] = await Promise.all([newAccount(request, 'Buyer'), newAccount(request, 'Friend')])
  // Friends: each asks the other, so the second request accepts the first.
  await ask(origin, alice.token, 'friends:request:create', { id: bob.id })
  expect(await ask(origin, bob.token, 'friends:request:create', { id: alice.id })).toMatchObject({ status: 'accepted' })

  const aliceContext = await signedInContext(browser, origin, alice.token)
  const bobContext = await signedInContext(browser, origin, bob.token)
  const a = await aliceContext.newPage()
  const b = await bobContext.newPage()

  // Bob waits on the home screen, without premium.
  await b.goto('/main')
  await expect(b.getByTestId('user-menu')).toBeVisible()
  await expect(b.getByTestId('logo')).not.toHaveAttribute('data-premium', 'true')

  // Alice buys a month for herself: the premium logo and avatar show as soon as the payment is in.
  await a.goto('/premium')
  await expect(a.getByTestId('logo')).not.toHaveAttribute('data-premium', 'true')
  await expect(a.getByTestId('premium-until')).toHaveText('You have no premium yet.')
  await a.getByTestId('product-month').click()
  await a.getByTestId('for-me').click()
  await buyInSandbox(a)
  await expect(a.getByTestId('payment-status')).toHaveText('Payment received. Your premium is active.')
  await expect(a.getByTestId('logo')).toHaveAttribute('data-premium', 'true')
  await expect(a.getByTestId('user-menu')).toHaveAttribute('data-premium', 'true')

  // Then a month for Bob, picked among her friends.
  await a.getByRole('link', { name: 'Back to premium' }).click()
  await expect(a.getByTestId('premium-until')).toContainText('Your premium lasts until')
  await a.getByTestId('product-month').click()
  await a.getByTestId('as-gift').click()
  await a.getByTestId('gift-friend').click()
  await a.getByRole('option', { name: bob.nickname }).click()
  await buyInSandbox(a)
  await expect(a.getByTestId('payment-status')).toHaveText(`Payment received. ${bob.nickname} has premium now.`)

  // Bob's open page learns it at once, without a reload, and a notice says who gave it.
  // The toast's title (its text is also read out by the toaster's live region, which holds it for a moment).
  await expect(b.locator('.fui-ToastTitle').filter({ hasText: `${alice.nickname} gave you 30 days of premium!` })).toBeVisible()
  await expect(b.getByTestId('logo')).toHaveAttribute('data-premium', 'true')
  await expect(b.getByTestId('user-menu')).toHaveAttribute('data-premium', 'true')

  // Both purchases are in Alice's transactions; the gift is in Bob's.
  await a.getByRole('button', { name: 'My transactions' }).click()
  const rows = a.getByTestId('transaction')
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: `Gift to ${bob.nickname}` })).toHaveAttribute('data-status', 'paid')
  await expect(rows.filter({ hasText: 'For me' })).toContainText('One month of premium')
  await expect(rows.filter({ hasText: 'For me' })).toContainText('Paid')
  await b.goto('/transactions')
  await expect(b.getByTestId('transaction')).toHaveCount(1)
  await expect(b.getByTestId('transaction')).toContainText(`Gift from ${alice.nickname}`)

  await aliceContext.close()
  await bobContext.close()
})
