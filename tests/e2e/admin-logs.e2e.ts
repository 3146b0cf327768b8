import { expect, test } from '@playwright/test'
import { signedInContext, text } from './support'

// The log service's screens as an admin uses them: the app server's log in the list, its entries
// filtered, and a new entry appearing live. The e2e server logs at `warn`: a call to the log service
// by someone who is no admin is one such line.

test('the logs screen shows the app server entries, filters them, and a new entry appears live', async ({ browser, request, baseURL }) => {
  const signIn = await request.post('/api/auth/login/password', { data: { email: 'admin@mafia-table.test', password: 'admin-password-1' } })
  expect(signIn.status()).toBe(200)
  const { token } = (await signIn.json()) as { token: string }
  const refusal = 'log service: a caller who is no admin was refused'
  // An anonymous caller is refused, and the refusal is logged.
  expect((await request.get('/api/log/list')).status()).toBe(401)

  const context = await signedInContext(browser, baseURL as string, token)
  const page = await context.newPage()
  await page.goto('/admin/logs')
  await expect(page.getByRole('heading', { name: text('en', 'logsAdmin.title') })).toBeVisible()
  const appLog = page.getByTestId('log-file').filter({ hasText: /^app\.\d+\.log/ })
  await expect(appLog.first()).toBeVisible()
  await appLog.first().getByRole('link').click()
  await expect(page).toHaveURL(/\/admin\/logs\/app\.\d+\.log$/)

  const entries = page.getByTestId('log-entries').getByTestId('log-entry')
  await expect(entries.filter({ hasText: refusal }).first()).toBeVisible()
  // Filters: a message nothing has empties the list; the refusal's own words bring it back.
  await page.getByTestId('log-filter-message').fill('no line says this')
  await expect(page.getByText(text('en', 'logsAdmin.noEntries'))).toBeVisible()
  await page.getByTestId('log-filter-message').fill('no admin was refused')
  await expect(entries.first()).toContainText(refusal)
  await page.getByTestId('log-filter-type').click()
  await page.getByRole('option', { name: 'error' }).click()
  await expect(page.getByText(text('en', 'logsAdmin.noEntries'))).toBeVisible()
  await page.getByTestId('log-filter-type').click()
  await page.getByRole('option', { name: 'warn' }).click()
  await expect(entries.first()).toContainText(refusal)

  // Live: a new refusal appears in the live tail without a reload (asked again until the tail has it).
  const live = page.getByTestId('log-live').getByTestId('log-entry')
  await expect
    .poll(
      async () => {
        await request.get('/api/log', { headers: { 'x-log-name': 'app.1.log' } })
        return live.count()
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0)
  await expect(live.first()).toContainText(refusal)
  await expect(live.first()).toContainText('/api/log')

  // The tail can be paused.
  const liveSwitch = page.getByTestId('log-live-switch')
  await liveSwitch.click()
  await expect(page.getByText(text('en', 'logsAdmin.paused'))).toBeVisible()
  await context.close()
})
