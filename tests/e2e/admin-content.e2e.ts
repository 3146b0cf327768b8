import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test'
import { newAccount, signedInContext, solidPng, text, uniqueSuffix } from './support'

// The club's content as an admin and a Hebrew-speaking player live it: a text the admin edits in
// Hebrew reaches the player's page, and a bug the player reports with a screenshot reaches the
// admin, who marks it solved, which the player then sees.

async function adminToken(request: APIRequestContext): Promise<string> {
  const signIn = await request.post('/api/auth/login/password', { data: { email: 'admin@mafia-table.test', password: 'admin-password-1' } })
  expect(signIn.status()).toBe(200)
  return ((await signIn.json()) as { token: string }).token
}

/** A signed-in browser in one language, as a player who chose it. */
async function contextIn(browser: Browser, origin: string, locale: string, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale })
  await context.addCookies([{ name: 'token', value: token, url: origin }])
  await context.addInitScript((lang) => localStorage.setItem('lang', lang), locale)
  return context
}

type Constant = { id: number; constant: string; translates: Array<{ locale: string; translate: string }> }

test('an admin’s Hebrew text reaches a Hebrew page; a bug with a screenshot reaches the admin, who marks it solved, and the player sees it solved', async ({ browser, request, baseURL }) => {
  const base = baseURL as string
  const admin = await adminToken(request)
  const player = await newAccount(request, 'Reporter')
  const auth = { Authorization: `Bearer ${admin}` }
  const listed = (await (await request.get('/api/i18n/list?group=mafia&search=nav.rules&limit=50', { headers: auth })).json()) as { items: Constant[] }
  const rules = listed.items.find((item) => item.constant === 'nav.rules') as Constant
  const original = rules.translates.find((translate) => translate.locale === 'he')?.translate as string
  expect(original).toBe(text('he', 'nav.rules'))
  const edited = 'חוקי המשחק'

  const playerContext = await contextIn(browser, base, 'he', player.token)
  const playerPage = await playerContext.newPage()
  await playerPage.goto('/main')
  const mainMenu = playerPage.getByRole('navigation', { name: text('he', 'shell.mainMenu'), exact: true })
  await expect(mainMenu.getByRole('link', { name: original, exact: true })).toBeVisible()

  const adminContext = await signedInContext(browser, base, admin)
  const adminPage = await adminContext.newPage()
  try {
    // The admin edits the Hebrew text of the rules entry in the translation editor.
    await adminPage.goto('/admin/translates')
    await adminPage.getByLabel(text('en', 'translationsAdmin.search'), { exact: true }).fill('nav.rules')
    await adminPage.getByRole('button', { name: text('en', 'translationsAdmin.editTitle').replace('{{constant}}', 'nav.rules'), exact: true }).click()
    const editor = adminPage.getByRole('dialog')
    await expect(editor.getByRole('textbox', { name: 'HE' })).toHaveValue(original)
    await editor.getByRole('textbox', { name: 'HE' }).fill(edited)
    await editor.getByRole('button', { name: text('en', 'translationsAdmin.save'), exact: true }).click()
    await expect(editor).toBeHidden()

    // The Hebrew page shows the new text after a reload.
    await playerPage.reload()
    await expect(mainMenu.getByRole('link', { name: edited, exact: true })).toBeVisible()
  } finally {
    const restored = await request.post('/api/i18n/set', { headers: auth, data: { id: rules.id, constant: 'nav.rules', translates: [{ locale: 'he', translate: original }] } })
    expect(restored.status()).toBe(200)
  }

  // The player reports a bug from the footer with a chosen screenshot.
  const title = `הווידאו קפא ${uniqueSuffix()}`
  await playerPage.getByRole('button', { name: text('he', 'footer.reportBug'), exact: true }).click()
  const report = playerPage.getByRole('dialog', { name: text('he', 'bugReport.title') })
  await report.getByLabel(text('he', 'bugReport.fields.title')).fill(title)
  const description = report.getByLabel(text('he', 'bugReport.fields.text'))
  await description.fill('התמונה של השחקן בכיסא 3 קפאה אחרי הלילה הראשון.')
  // A screenshot pasted into the form from the clipboard.
  await description.evaluate((element, bytes) => {
    const clipboard = new DataTransfer()
    clipboard.items.add(new File([new Uint8Array(bytes)], 'screenshot.png', { type: 'image/png' }))
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }))
  }, [...solidPng(48, [20, 120, 200])])
  await expect(report.getByRole('img', { name: text('he', 'bugReports.pasted') })).toBeVisible()
  await report.getByRole('button', { name: text('he', 'bugReport.submit'), exact: true }).click()
  await expect(report.getByText(text('he', 'bugReports.sent'))).toBeVisible()

  // The admin sees it with its screenshot and marks it solved.
  await adminPage.goto('/admin/bug_report')
  const row = adminPage.getByRole('row').filter({ hasText: title })
  await row.getByRole('button', { name: text('en', 'bugReports.admin.viewImage'), exact: true }).click()
  const screenshot = adminPage.getByRole('dialog').getByRole('img')
  await expect(screenshot).toBeVisible()
  await expect.poll(() => screenshot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(48)
  await adminPage.keyboard.press('Escape')
  await expect(adminPage.getByRole('dialog')).toBeHidden()
  const solved = row.getByRole('switch', { name: text('en', 'bugReports.admin.solvedToggle').replace('{{title}}', title), exact: true })
  await solved.click()
  await expect(solved).toBeChecked()

  // The player's "My reports" shows it solved.
  await report.getByRole('tab', { name: text('he', 'bugReports.mine'), exact: true }).click()
  const mine = report.getByRole('listitem').filter({ hasText: title })
  await expect(mine).toContainText(text('he', 'bugReports.solved'))
  await Promise.all([playerContext.close(), adminContext.close()])
})
