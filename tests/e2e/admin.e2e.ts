import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test'
import { requestResult, request as socketRequest } from '../helpers/requests'
import { closeOpenSockets, connectSocket } from '../helpers/sockets'
import { newAccount, signedInContext, text, uniqueSuffix } from './support'

// Moderation as an admin and a player live it: a ban reaches the player's open page at once and
// the sign-in says why, in the player's language; a disbanded table tells its players why and
// takes them back to the lobby list.

test.afterEach(() => closeOpenSockets())

async function adminToken(request: APIRequestContext): Promise<string> {
  const signIn = await request.post('/api/auth/login/password', { data: { email: 'admin@mafia-table.test', password: 'admin-password-1' } })
  expect(signIn.status()).toBe(200)
  return ((await signIn.json()) as { token: string }).token
}

/** A browser in one language (as a player who chose it), signed in when given a token. */
async function contextIn(browser: Browser, origin: string, locale: string, token: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale })
  if (token) await context.addCookies([{ name: 'token', value: token, url: origin }])
  await context.addInitScript((lang) => localStorage.setItem('lang', lang), locale)
  return context
}

test('an admin’s switches reach the player’s open page at once; a ban signs it out at once; sign-in gives the reason and end in their language; once lifted they sign in', async ({ browser, request, baseURL }) => {
  const base = baseURL as string
  const admin = await adminToken(request)
  const player = await newAccount(request, 'Banned')
  expect((await request.post('/api/auth/settings', { headers: { Authorization: `Bearer ${player.token}` }, data: { settings: { language: 'uk' } } })).status()).toBe(200)
  const reason = `Abuse in the chat ${uniqueSuffix()}`

  // The player's page is open and live.
  const playerContext = await contextIn(browser, base, 'uk', player.token)
  const playerPage = await playerContext.newPage()
  await playerPage.goto('/main')
  await expect(playerPage.getByTestId('online-count')).toHaveAttribute('data-connected', 'true')

  // The admin's switches reach the open page at once: the maintenance banner with its message, the premium entry.
  const setSetting = async (name: string, value: string) =>
    expect((await request.post('/api/admin/settings', { headers: { Authorization: `Bearer ${admin}` }, data: { name, value } })).status()).toBe(200)
  const banner = playerPage.getByTestId('maintenance-message')
  const premiumEntry = playerPage.getByRole('navigation', { name: text('uk', 'shell.mainMenu'), exact: true }).getByRole('link', { name: text('uk', 'nav.premium'), exact: true })
  const premiumBefore = await premiumEntry.count()
  try {
    await setSetting('maintenance_message', 'Оновлення сервера о 23:00')
    await setSetting('maintenance', 'true')
    await setSetting('premium_page', premiumBefore ? 'false' : 'true')
    await expect(banner).toContainText('Оновлення сервера о 23:00', { timeout: 3_000 })
    await expect(premiumEntry).toHaveCount(premiumBefore ? 0 : 1, { timeout: 3_000 })
  } finally {
    await setSetting('maintenance', 'false')
    await setSetting('maintenance_message', '')
    await setSetting('premium_page', premiumBefore ? 'true' : 'false')
  }
  await expect(banner).toBeHidden({ timeout: 3_000 })
  await expect(premiumEntry).toHaveCount(premiumBefore, { timeout: 3_000 })

  // The admin finds the player and bans them for a week, with a reason, confirming the ban.
  const adminContext = await signedInContext(browser, base, admin)
  const adminPage = await adminContext.newPage()
  await adminPage.goto('/admin/users')
  await adminPage.getByLabel(text('en', 'adminPanel.users.search'), { exact: true }).fill(player.email)
  const row = adminPage.getByRole('row').filter({ hasText: player.email })
  await row.getByRole('button', { name: text('en', 'adminPanel.users.banAction'), exact: true }).click()
  const banDialog = adminPage.getByRole('dialog')
  await banDialog.getByLabel(text('en', 'adminPanel.users.reason')).fill(reason)
  await banDialog.getByLabel(text('en', 'adminPanel.users.duration')).selectOption('10080')
  await banDialog.getByRole('button', { name: text('en', 'adminPanel.users.banAction'), exact: true }).click()
  await banDialog.getByRole('button', { name: text('en', 'adminPanel.users.banConfirmButton'), exact: true }).click()
  await expect(banDialog).toBeHidden()
  const bannedAt = Date.now()

  // The player's open page is signed out at once, without a reload.
  await expect(playerPage).toHaveURL(/\/signin/, { timeout: 5_000 })
  expect(Date.now() - bannedAt).toBeLessThan(5_000)

  // Signing in says why and until when, in Ukrainian.
  const banned = (await (await request.get(`/api/admin/users/${player.id}`, { headers: { Authorization: `Bearer ${admin}` } })).json()) as { bans: Array<{ reason: string; time: string }> }
  expect(banned.bans[0]?.reason).toBe(reason)
  const until = new Date(banned.bans[0]?.time as string).getTime()
  expect(Math.abs(until - (bannedAt + 7 * 24 * 60 * 60_000))).toBeLessThan(60_000)
  const end = await playerPage.evaluate((iso) => new Intl.DateTimeFormat('uk', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)), banned.bans[0]?.time as string)
  const signIn = async () => {
    await playerPage.getByLabel(text('uk', 'auth.fields.email'), { exact: true }).fill(player.email)
    await playerPage.getByLabel(text('uk', 'auth.fields.password'), { exact: true }).fill(player.password)
    await playerPage.getByRole('button', { name: text('uk', 'auth.signIn.submit'), exact: true }).click()
  }
  await signIn()
  const refusal = playerPage.getByText(text('uk', 'errors.banned'))
  await expect(refusal).toBeVisible()
  await expect(playerPage.getByText(text('uk', 'auth.common.banReason').replace('{{reason}}', reason))).toBeVisible()
  await expect(playerPage.getByText(text('uk', 'auth.common.banUntil').replace('{{date}}', end))).toBeVisible()

  // The admin lifts the ban (confirmed), and the player signs in.
  await row.getByRole('button', { name: text('en', 'adminPanel.users.lift'), exact: true }).click()
  await adminPage.getByRole('alertdialog', { name: text('en', 'adminPanel.users.liftTitle') }).getByRole('button', { name: text('en', 'adminPanel.users.lift'), exact: true }).click()
  await expect(row.getByRole('button', { name: text('en', 'adminPanel.users.banAction'), exact: true })).toBeVisible()
  await signIn()
  await expect(playerPage).not.toHaveURL(/\/signin/)
  await expect(playerPage.getByTestId('online-count')).toHaveAttribute('data-connected', 'true')
  await Promise.all([playerContext.close(), adminContext.close()])
})

test('a disbanded running table tells its players the admin’s reason and takes them to the lobby list', async ({ browser, request, baseURL }) => {
  const base = baseURL as string
  const admin = await adminToken(request)
  const [judgeUser, player, ...bots] = await Promise.all([newAccount(request, 'Judge'), newAccount(request, 'Seated'), ...Array.from({ length: 9 }, (_, index) => newAccount(request, `Bot${index + 2}`))])
  const name = `Disband ${uniqueSuffix()}`
  const judge = await connectSocket(base, judgeUser.token)
  const lobbyId = (await requestResult(judge, 'mafia:create:lobby', { name, language: 'en', settings: {}, as: 'judge' })).id

  // The player takes seat 1 in their browser; nine scripted players fill the table; the judge deals.
  // A machine with no camera: the table says so once and the player closes that notice.
  const seatedContext = await signedInContext(browser, base, player.token, { width: 1366, height: 768 })
  await seatedContext.addInitScript(() => {
    if (navigator.mediaDevices) navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'))
  })
  const seated = { context: seatedContext, page: await seatedContext.newPage() }
  await seated.page.goto(`/mafia/${lobbyId}`)
  await seated.page.getByTestId('table-join').click()
  await seated.page.getByTestId('device-error-ok').click()
  await expect(seated.page.getByTestId('device-error-dialog')).toBeHidden()
  const seatedPlayers = async () => (await requestResult(judge, 'mafia:load:lobby', { id: lobbyId })).lobby.players.map((taken) => taken.user.id)
  await expect.poll(seatedPlayers).toContain(player.id)
  for (const bot of bots) await requestResult(await connectSocket(base, bot.token), 'mafia:join:lobby', { id: lobbyId })
  expect(await socketRequest(judge, 'mafia:game:command', { id: lobbyId, command: { type: 'start' } })).toEqual({ seq: expect.any(Number) })

  // The admin disbands it from the live tables, with a reason, confirmed.
  const reason = `Players swapped seats ${uniqueSuffix()}`
  const adminContext = await signedInContext(browser, base, admin)
  const adminPage = await adminContext.newPage()
  await adminPage.goto('/admin/games')
  const row = adminPage.getByRole('row').filter({ hasText: name })
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: text('en', 'adminPanel.games.disband'), exact: true }).click()
  const confirm = adminPage.getByRole('alertdialog', { name: text('en', 'adminPanel.games.disbandTitle').replace('{{name}}', name) })
  await confirm.getByLabel(text('en', 'adminPanel.games.reason')).fill(reason)
  await confirm.getByRole('button', { name: text('en', 'adminPanel.games.disband'), exact: true }).click()
  await expect(row).toBeHidden()

  // The seated player reads why, lands on the lobby list, and the table is gone from it.
  const notice = seated.page.getByRole('alertdialog', { name: text('en', 'adminLive.disbanded.title') })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText(reason)
  await expect(seated.page).toHaveURL(/\/main$/)
  await expect(seated.page.getByTestId('lobby-list')).toBeVisible()
  await notice.getByRole('button', { name: text('en', 'adminLive.disbanded.ok') }).click()
  await expect(notice).toBeHidden()
  await expect(seated.page.getByTestId('lobby-list')).not.toContainText(name)
  await Promise.all([seated.context.close(), adminContext.close()])
})
