import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { signedInContext, text } from './support'

// The admin dashboard as an admin uses it: the figures and a chart, the premium page switch (its
// effect seen on a fresh page's menu), the audit trail that recorded it, and a rating recompute run
// to its end. The e2e tests share one server: the switch is put back as it was, whatever happens.

const admin = { email: 'admin@mafia-table.test', password: 'admin-password-1' }

async function premiumPageSetting(request: APIRequestContext): Promise<string> {
  const flags = (await (await request.get('/api/settings/load')).json()) as Array<{ name: string; value: string }>
  return flags.find((flag) => flag.name === 'premium_page')?.value ?? 'false'
}

/** Flips the premium page switch on the dashboard and confirms; the switch then shows the server's answer. */
async function flipPremiumPage(page: Page, on: boolean) {
  const premiumSwitch = page.getByRole('switch', { name: text('en', 'adminDashboard.switches.premiumPage') })
  await premiumSwitch.click()
  await page.getByTestId('confirm-dialog').getByRole('button', { name: text('en', on ? 'adminDashboard.switches.turnOn' : 'adminDashboard.switches.turnOff') }).click()
  await expect(page.getByTestId('confirm-dialog')).toBeHidden()
  if (on) await expect(premiumSwitch).toBeChecked()
  else await expect(premiumSwitch).not.toBeChecked()
}

test('the dashboard shows the figures and a chart, switches the premium page, lists the change in the audit trail, and re-calculates the ratings', async ({ browser, request, baseURL }) => {
  const signIn = await request.post('/api/auth/login/password', { data: admin })
  expect(signIn.status()).toBe(200)
  const { token } = (await signIn.json()) as { token: string }
  const original = await premiumPageSetting(request)
  const context = await signedInContext(browser, baseURL as string, token)
  try {
    const page = await context.newPage()
    await page.goto('/admin/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: text('en', 'adminNav.dashboard') })).toBeVisible()
    await expect(page.getByTestId('tile-online')).toContainText(text('en', 'adminDashboard.tiles.online'))
    await expect(page.getByTestId('tile-active').locator('dd').first()).toHaveText(/^[1-9]\d*$/)
    const activity = page.getByTestId('dashboard-activity-chart')
    await expect(activity.locator('svg.recharts-surface').first()).toBeVisible()
    await expect(activity.getByRole('img', { name: /sign-ups and \d+ games in all/ })).toBeVisible()

    // The premium page: on, then off; a fresh page's menu follows each time.
    const menu = await context.newPage()
    const premiumItemOf = async (expected: number) => {
      await menu.goto('/main')
      await expect(menu.getByTestId('nav-home')).toBeVisible()
      await expect(menu.getByTestId('nav-premium')).toHaveCount(expected)
    }
    if (original === 'true') await flipPremiumPage(page, false)
    await flipPremiumPage(page, true)
    await premiumItemOf(1)
    await flipPremiumPage(page, false)
    await premiumItemOf(0)

    // The audit trail lists the switch, also when filtered by its action.
    await page.getByTestId('dashboard-tab-audit').click()
    await expect(page).toHaveURL(/tab=audit/)
    const rows = page.getByTestId('audit-row')
    await expect(rows.first()).toBeVisible()
    await page.getByTestId('audit-action').fill('setting.update')
    await page.getByTestId('audit-apply').click()
    await expect(rows.first()).toHaveAttribute('data-action', 'setting.update')
    await expect(rows.first()).toContainText('setting #premium_page')
    await page.getByTestId('audit-action').fill('no.such_action')
    await page.getByTestId('audit-apply').click()
    await expect(page.getByText(text('en', 'adminDashboard.audit.empty'))).toBeVisible()

    // The rating recompute runs to its end.
    await page.getByTestId('dashboard-tab-overview').click()
    await page.getByTestId('recalc-start').click()
    await expect(page.getByTestId('recalc-done')).toBeVisible({ timeout: 20_000 })
  } finally {
    const restore = await request.post('/api/admin/settings', { headers: { authorization: `Bearer ${token}` }, data: { name: 'premium_page', value: original } })
    expect(restore.status()).toBe(200)
    await context.close()
  }
})
