import { expect, test, type Page } from '@playwright/test'
import { newAccount, solidPng, text, uniqueSuffix, waitForLink } from './support'

const adminEmail = 'admin@mafia-table.test'
const adminPassword = 'admin-password-1'

async function signInThroughForm(page: Page, email: string, password: string, locale = 'en'): Promise<void> {
  await page.getByLabel(text(locale, 'auth.fields.email'), { exact: true }).fill(email)
  await page.getByLabel(text(locale, 'auth.fields.password'), { exact: true }).fill(password)
  await page.getByRole('button', { name: text(locale, 'auth.signIn.submit'), exact: true }).click()
}

const userMenu = (page: Page, nickname: string, locale = 'en') =>
  page.getByRole('button', { name: text(locale, 'shell.userMenu.label').replace('{{nickname}}', nickname) })

test('a new user signs up, confirms by mail, edits the profile, switches to Hebrew, signs out and in again', async ({ page }) => {
  const suffix = uniqueSuffix()
  const email = `newcomer-${suffix}@example.test`
  const password = 'sturdy-password-7'
  const nickname = `Newcomer ${suffix}`

  await page.goto('/signin')
  await page.getByRole('tab', { name: 'Create account' }).click()
  await page.getByLabel('Nickname', { exact: true }).fill(nickname)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Create account', exact: true }).click()
  await expect(page.getByText(`Check your mail at ${email}`)).toBeVisible()

  // The confirmation link from the outbox confirms the address and sends the user to sign in with the password.
  await page.goto(await waitForLink('confirm', email))
  await expect(page).toHaveURL(/\/signin\?confirmed=1$/)
  await expect(page.getByText(text('en', 'auth.confirm.confirmed'))).toBeVisible()
  await signInThroughForm(page, email, password)
  await expect(page).toHaveURL(/\/main$/)
  await expect(userMenu(page, nickname)).toBeVisible()

  // Settings list this browser among the signed-in devices.
  await page.goto('/settings')
  await expect(page.getByTestId('device-session').filter({ hasText: text('en', 'settings.sessions.current') })).toHaveCount(1)

  // Change the nickname and upload an avatar.
  const renamed = `Renamed ${suffix}`
  await page.getByLabel('Nickname', { exact: true }).fill(renamed)
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(userMenu(page, renamed)).toBeVisible()
  await page.getByLabel('Avatar', { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng() })
  await expect(page.getByTestId('settings-avatar')).toHaveAttribute('src', /\/uploads\//)
  const avatarSource = await page.getByTestId('settings-avatar').getAttribute('src')
  const avatar = await page.request.get(avatarSource as string)
  expect(avatar.status()).toBe(200)
  expect((await avatar.body()).subarray(1, 4).toString('ascii')).toBe('PNG')

  // Hebrew: the whole page turns right-to-left and speaks Hebrew.
  await page.getByTestId('language-selector').click()
  await page.getByTestId('language-he').click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'he')
  await expect(page.getByRole('heading', { name: text('he', 'settings.title'), exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: text('he', 'settings.profile.save') })).toBeVisible()

  // Sign out, then back in (still in Hebrew, which the browser remembers).
  await userMenu(page, renamed, 'he').click()
  await page.getByTestId('logout').click()
  await expect(page).toHaveURL(/\/signin$/)
  await signInThroughForm(page, email, password, 'he')
  await expect(page).toHaveURL(/\/main$/)
  await expect(userMenu(page, renamed, 'he')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
})

test('an anonymous visit to /friends goes to /signin and returns to /friends after signing in', async ({ page, request }) => {
  const user = await newAccount(request, 'Player')
  await page.goto('/friends')
  await expect(page).toHaveURL(/\/signin$/)
  await signInThroughForm(page, user.email, user.password)
  await expect(page).toHaveURL(/\/friends$/)
})

test('a normal user who opens /admin lands on /main; the bootstrap admin sees the admin toggle', async ({ page, request }) => {
  const user = await newAccount(request, 'Player')
  await page.goto('/signin')
  await signInThroughForm(page, user.email, user.password)
  await expect(page).toHaveURL(/\/main$/)
  await expect(page.getByRole('link', { name: text('en', 'shell.adminPanel') })).toHaveCount(0)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/main$/)

  await userMenu(page, user.nickname).click()
  await page.getByTestId('logout').click()
  await expect(page).toHaveURL(/\/signin$/)
  await signInThroughForm(page, adminEmail, adminPassword)
  await expect(page).toHaveURL(/\/main$/)
  const toggle = page.getByRole('link', { name: text('en', 'shell.adminPanel') }).or(page.getByRole('button', { name: text('en', 'shell.adminPanel') }))
  await expect(toggle.first()).toBeVisible()
  await toggle.first().click()
  await expect(page).toHaveURL(/\/admin/)
})

test('hitting the sign-in limit shows the countdown dialog, which ticks and closes with Ok', async ({ page }) => {
  const email = `nobody-${uniqueSuffix()}@example.test`
  await page.goto('/signin')
  const dialog = page.getByRole('dialog')
  // Wrong passwords for one email from one address wait longer and longer (1 s, 2 s, 4 s, ...): keep
  // trying, letting each short wait run out, until the dialog counts down from a few seconds.
  let secondsLeft = 0
  for (let attempt = 0; attempt < 30 && secondsLeft < 3; attempt += 1) {
    // The last attempt's dialog (if any) has closed by itself once its wait ran out.
    await expect(dialog).toBeHidden({ timeout: 5000 })
    // Listen before clicking: on a fast machine the answer can arrive before a later listener exists.
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/auth/login/password'))
    await signInThroughForm(page, email, 'wrong-password')
    const response = await answered
    if (response.status() === 429) secondsLeft = Number(((await response.json()) as { retryAfter?: number }).retryAfter ?? 0)
  }
  expect(secondsLeft).toBeGreaterThanOrEqual(3)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText(text('en', 'error.429.text'))).toBeVisible()
  await expect(dialog.getByText(text('en', 'error.429.left'))).toBeVisible()
  const countdown = dialog.getByTestId('rate-limit-countdown')
  const first = await countdown.innerText()
  expect(first).toMatch(/\d+\s+\S+/)
  await expect(countdown).not.toHaveText(first, { timeout: 3000 })
  await dialog.getByRole('button', { name: text('en', 'common.ok') }).click()
  await expect(dialog).toBeHidden()
})

test('on /signin the language and theme corner works from the keyboard, its menu and tooltip loading on first use', async ({ page }) => {
  await page.goto('/signin')
  const languageButton = page.getByTestId('language-selector')
  await languageButton.focus()
  await page.keyboard.press('Enter')
  // The menu opens with the focus on its first language, arrows move it, Escape closes it back onto the button.
  await expect(page.getByTestId('language-uk')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByTestId('language-en')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('language-uk')).toHaveCount(0)
  await expect(languageButton).toBeFocused()
  await page.keyboard.press(' ')
  await expect(page.getByTestId('language-uk')).toBeFocused()
  await page.keyboard.press('Escape')

  // The theme toggle: named by its action, its tooltip shows when it is focused, and the focus stays on it.
  const themeToggle = page.getByTestId('theme-toggle')
  await themeToggle.focus()
  await expect(page.getByRole('tooltip')).toHaveText(text('en', 'shell.theme.toLight'))
  await expect(themeToggle).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: text('en', 'shell.theme.toDark'), exact: true })).toBeFocused()
})
