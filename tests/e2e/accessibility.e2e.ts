import { expect, test } from '@playwright/test'
import { requestResult } from '../helpers/requests'
import { closeOpenSockets, connectSocket } from '../helpers/sockets'
import { chooseLanguage, expectNoSeriousViolations } from './accessibility'
import { newAccount, signedInContext, text, uniqueSuffix } from './support'

test.afterEach(() => closeOpenSockets())

/*
 * The home screen (with a judged table in its list, so that a table's card and its badges are
 * scanned too) and the settings, as a signed-in user opens them, in English and in Hebrew (right to
 * left): axe finds no serious or critical violation. The table is scanned during the
 * whole-game test (game.e2e.ts), while a game runs.
 */
test('home and settings have no serious or critical accessibility violation, in English and Hebrew', async ({ browser, request, baseURL }, testInfo) => {
  const [account, judgeAccount] = await Promise.all([newAccount(request, 'Reader'), newAccount(request, 'Judge')])
  const judge = await connectSocket(baseURL as string, judgeAccount.token)
  const tableName = `Readable ${uniqueSuffix()}`
  await requestResult(judge, 'mafia:create:lobby', { name: tableName, language: 'en', settings: {}, as: 'judge' })
  const context = await signedInContext(browser, baseURL as string, account.token)
  const page = await context.newPage()
  try {
    for (const locale of ['en', 'he'] as const) {
      await page.goto('/main')
      await chooseLanguage(page, locale)
      await expect(page.getByRole('heading', { name: text(locale, 'home.title'), exact: true })).toBeVisible()
      await expect(page.getByTestId('lobby-card').filter({ hasText: tableName })).toBeVisible()
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
