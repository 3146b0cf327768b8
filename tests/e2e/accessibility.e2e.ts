import { expect, test } from '@playwright/test'
import { chooseLanguage, expectNoSeriousViolations } from './accessibility'
import { newAccount, signedInContext, text } from './support'

/*
 * The home screen and the settings, as a signed-in user opens them, in English and in Hebrew
 * (right to left): axe finds no serious or critical violation. The table is scanned during the
 * whole-game test (game.e2e.ts), while a game runs.
 */
test('home and settings have no serious or critical accessibility violation, in English and Hebrew', async ({ browser, request, baseURL }, testInfo) => {
  const account = await newAccount(request, 'Reader')
  const context = await signedInContext(browser, baseURL as string, account.token)
  const page = await context.newPage()
  try {
    for (const locale of ['en', 'he'] as const) {
      await page.goto('/main')
      await chooseLanguage(page, locale)
      await expect(page.getByRole('heading', { name: text(locale, 'home.title'), exact: true })).toBeVisible()
      await expectNoSeriousViolations(page, `/main (${locale})`, testInfo)
      await page.goto('/settings')
      // The context starts every page load in English: choose the language again, as on a fresh visit.
      await chooseLanguage(page, locale)
      await expect(page.getByRole('heading', { name: text(locale, 'settings.title'), exact: true })).toBeVisible()
      // The sections load their data: scan what the user reads, not the spinners.
      await expect(page.getByTestId('device-session').first()).toBeVisible()
      await expectNoSeriousViolations(page, `/settings (${locale})`, testInfo)
    }
  } finally {
    await context.close()
  }
})
