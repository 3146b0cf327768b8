import { expect, test, type Page } from '@playwright/test'
import { newAccount, signedInContext, text, uniqueSuffix, waitForLink } from './support'

const userMenu = (page: Page, nickname: string) => page.getByRole('button', { name: text('en', 'shell.userMenu.label').replace('{{nickname}}', nickname) })

/**
 * The competitive club as a member uses it: the ladders' tabs, a player found by name, their
 * statistics and head-to-head with a private note, then the referral link that brings a new player
 * onto the member's referral page.
 */
test('ladders, a player found and compared, and a friend who joins through the referral link', async ({ browser, request, baseURL }) => {
  const origin = baseURL as string
  const member = await newAccount(request, 'Member')
  const rival = await newAccount(request, 'Rival')
  const context = await signedInContext(browser, origin, member.token)
  const page = await context.newPage()

  // The ladders: the overall one first, then another tab by click.
  await page.goto('/ratings')
  await expect(page.getByRole('tab', { name: text('en', 'ratings.tabs.overall') })).toBeVisible()
  await page.getByRole('tab', { name: text('en', 'ratings.tabs.red') }).click()
  await expect(page).toHaveURL(/\/ratings\/ladder\/red$/)
  await expect(page.getByText(text('en', 'ratings.empty'))).toBeVisible()

  // The member's own statistics through the user menu: no games yet.
  await userMenu(page, member.nickname).click()
  await page.getByTestId('user-menu-statistics').click()
  await expect(page).toHaveURL(/\/statistics$/)
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'statistics.of').replace('{{nickname}}', member.nickname) })).toBeVisible()
  await expect(page.getByText(text('en', 'statistics.noGames'))).toBeVisible()

  // A search taken literally finds nobody for a wildcard, then the rival by part of their name.
  const search = page.getByRole('searchbox', { name: text('en', 'statistics.versusSearch') })
  await search.fill('%')
  await expect(page.getByText(text('en', 'statistics.versusNoMatch').replace('{{search}}', '%'))).toBeVisible()
  await search.fill(rival.nickname.slice(0, 8))
  await page.getByTestId('versus-match').filter({ hasText: rival.nickname }).click()
  const result = page.getByTestId('versus-result')
  await expect(result.getByTestId('versus-together')).toContainText(text('en', 'statistics.togetherLine').replace('{{games}}', '0').replace('{{wins}}', '0'))
  await expect(result.getByTestId('versus-against')).toContainText(`0 games: ${member.nickname} won 0, ${rival.nickname} won 0`)

  // The rival's statistics, with head-to-head against the reader and the reader's private note on them.
  await result.getByRole('link', { name: text('en', 'statistics.openPlayer').replace('{{nickname}}', rival.nickname) }).click()
  await expect(page).toHaveURL(new RegExp(`/statistics/${rival.id}$`))
  await expect(page.getByTestId('statistics-player')).toHaveText(rival.nickname)
  await expect(page.getByTestId('versus-result')).toContainText(`0 games: ${rival.nickname} won 0, ${member.nickname} won 0`)
  const note = page.getByTestId('statistics-note')
  await expect(note).toBeEnabled()
  await note.fill('Quiet on day one, loud when black.')
  await page.getByTestId('statistics-note-save').click()
  await expect(page.getByTestId('statistics-note-saved')).toBeVisible()

  // The referral page: the member's link, nobody invited yet.
  await userMenu(page, member.nickname).click()
  await page.getByTestId('user-menu-referral').click()
  await expect(page).toHaveURL(/\/referral$/)
  const link = await page.getByTestId('referral-link').inputValue()
  expect(link).toMatch(new RegExp(`^${origin}/signup/[A-Za-z0-9_-]+$`))
  await expect(page.getByText(text('en', 'referrals.empty'))).toBeVisible()

  // A friend on another device and address opens the link and signs up through it.
  const friendContext = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.77' } })
  await friendContext.addInitScript(() => localStorage.setItem('lang', 'en'))
  const friendPage = await friendContext.newPage()
  const suffix = uniqueSuffix()
  const friend = { nickname: `Friend ${suffix}`, email: `friend-${suffix}@example.test`, password: 'sturdy-password-7' }
  await friendPage.goto(link)
  await expect(friendPage.getByText(text('en', 'auth.signUp.invited'))).toBeVisible()
  await friendPage.getByLabel(text('en', 'auth.fields.nickname'), { exact: true }).fill(friend.nickname)
  await friendPage.getByLabel(text('en', 'auth.fields.email'), { exact: true }).fill(friend.email)
  await friendPage.getByLabel(text('en', 'auth.fields.password'), { exact: true }).fill(friend.password)
  await friendPage.getByRole('button', { name: text('en', 'auth.signUp.submit'), exact: true }).click()
  await expect(friendPage.getByText(text('en', 'auth.signUp.done').replace('{{email}}', friend.email))).toBeVisible()
  const confirm = await waitForLink('confirm', friend.email)
  expect((await request.post('/api/auth/signup/confirm', { data: { token: confirm.split('/').at(-1) } })).status()).toBe(200)
  await friendContext.close()

  // The friend appears on the member's referral page, with no games and no reward yet.
  await page.reload()
  const row = page.getByTestId('referral-player').filter({ hasText: friend.nickname })
  await expect(row).toBeVisible()
  await expect(row).toContainText(text('en', 'referrals.gamesOf').replace('{{games}}', '0').replace('{{needed}}', '10'))
  await expect(row).toContainText(text('en', 'referrals.rewardNone'))
  await context.close()
})
