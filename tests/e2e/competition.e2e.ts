import { expect, test, type Locator, type Page } from '@playwright/test'
import { playRatedGames } from './rated-games'
import { newAccount, signedInContext, text, uniqueSuffix, waitForLink, type Account } from './support'

const userMenu = (page: Page, nickname: string) => page.getByRole('button', { name: text('en', 'shell.userMenu.label').replace('{{nickname}}', nickname) })

/** The numbers a head-to-head line holds where its pattern's groups stand. */
const numbersOf = async (line: Locator, pattern: RegExp) => (pattern.exec((await line.textContent()) ?? '') ?? []).slice(1).map(Number)

/**
 * The competitive club as a member uses it: ten players (the member and a rival among them) play
 * five judged games at the server, which rates them; the member browses the ladders, finds the
 * rival on the overall ladder, opens their statistics and head-to-head and keeps a private note,
 * then the referral link brings a new player onto the member's referral page.
 */
test('ladders with players, one found and compared, and a friend who joins through the referral link', async ({ browser, request, baseURL }) => {
  // Eleven accounts and five games before the browser opens.
  test.setTimeout(240_000)
  const origin = baseURL as string
  const [member, rival, judge, ...others] = await Promise.all([newAccount(request, 'Member'), newAccount(request, 'Rival'), newAccount(request, 'Judge'), ...Array.from({ length: 8 }, (_, index) => newAccount(request, `Rated${index}`))])
  const table = [member, rival, ...others] as Account[]
  await playRatedGames(origin, judge as Account, table, 5)
  // Rated as the games' results became final: the rival reaches the overall ladder after five.
  await expect
    .poll(async () => ((await (await request.get(`/api/ratings/overall?search=${encodeURIComponent(rival.nickname)}`, { headers: { authorization: `Bearer ${member.token}` } })).json()) as { total: number }).total, { timeout: 60_000 })
    .toBe(1)
  const context = await signedInContext(browser, origin, member.token)
  const page = await context.newPage()

  // The ladders: the overall one first; nobody played Sheriff five times.
  await page.goto('/ratings')
  await expect(page.getByRole('tab', { name: text('en', 'ratings.tabs.overall') })).toBeVisible()
  await page.getByRole('tab', { name: text('en', 'ratings.tabs.sheriff') }).click()
  await expect(page).toHaveURL(/\/ratings\/ladder\/sheriff$/)
  await expect(page.getByText(text('en', 'ratings.empty'))).toBeVisible()

  // The overall ladder holds the table's players; a search finds the rival there.
  await page.getByRole('tab', { name: text('en', 'ratings.tabs.overall') }).click()
  await expect(page.getByTestId('ladder-table').getByTestId('ladder-row').first()).toBeVisible()
  await expect(page.getByTestId('ladder-mine')).toContainText(member.nickname)
  await page.getByTestId('ladder-search').fill(rival.nickname)
  const rows = page.getByTestId('ladder-table').getByTestId('ladder-row')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(rival.nickname)

  // The rival's statistics: five games.
  await rows.getByRole('link', { name: text('en', 'ratings.openStatistics').replace('{{nickname}}', rival.nickname) }).click()
  await expect(page).toHaveURL(new RegExp(`/statistics/${rival.id}$`))
  await expect(page.getByTestId('statistics-player')).toHaveText(rival.nickname)
  await expect(page.getByTestId('statistics-games')).toContainText('5')

  // Head-to-head: a search taken literally finds nobody for a wildcard, then the member by part of their name.
  const search = page.getByRole('searchbox', { name: text('en', 'statistics.versusSearch') })
  await search.fill('%')
  await expect(page.getByText(text('en', 'statistics.versusNoMatch').replace('{{search}}', '%'))).toBeVisible()
  await search.fill(member.nickname.slice(0, 12))
  await page.getByTestId('versus-match').filter({ hasText: member.nickname }).click()
  const result = page.getByTestId('versus-result')
  await expect(result.getByTestId('versus-against')).toContainText(`: ${rival.nickname} won `)
  // Every one of the five games had them on one side or on opposite sides.
  const [together = -1] = await numbersOf(result.getByTestId('versus-together'), /(\d+) games, \d+ won together/)
  const [against = -1, rivalWins = -1, memberWins = -1] = await numbersOf(result.getByTestId('versus-against'), /(\d+) games: .+ won (\d+), .+ won (\d+)$/)
  expect(together + against).toBe(5)
  expect(rivalWins + memberWins).toBe(against)

  // The reader's private note on the rival.
  const note = page.getByTestId('statistics-note')
  await expect(note).toBeEnabled()
  await note.fill('Quiet on day one, loud when black.')
  await page.getByTestId('statistics-note-save').click()
  await expect(page.getByTestId('statistics-note-saved')).toBeVisible()

  // The member's own statistics through the user menu: the same five games.
  await userMenu(page, member.nickname).click()
  await page.getByTestId('user-menu-statistics').click()
  await expect(page).toHaveURL(/\/statistics$/)
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'statistics.of').replace('{{nickname}}', member.nickname) })).toBeVisible()
  await expect(page.getByTestId('statistics-games')).toContainText('5')

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
