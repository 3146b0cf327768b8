import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { requestResult } from '../helpers/requests'
import { connectSocket } from '../helpers/sockets'
import { newAccount, signedInContext, uniqueSuffix, type Account } from './support'

/** A browser signed in as this account, optionally counting every attempt to play a sound. */
async function signedIn(browser: Browser, origin: string, account: Account, options: { countSounds?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser, origin, account.token)
  if (options.countSounds) {
    // The notification sound is an HTMLAudioElement.
    await context.addInitScript(() => {
      const counter = window as unknown as { __soundPlays: number }
      counter.__soundPlays = 0
      const play = HTMLMediaElement.prototype.play
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        counter.__soundPlays += 1
        return play.call(this).catch(() => undefined)
      }
    })
  }
  return { context, page: await context.newPage() }
}

/** Types a message in a chat (floating window or page) and sends it with Enter. */
async function say(scope: Locator | Page, text: string): Promise<void> {
  const input = scope.getByTestId('message-input')
  await input.fill(text)
  await input.press('Enter')
  await expect(input).toHaveValue('')
}

const soundPlays = (page: Page) => page.evaluate(() => (window as unknown as { __soundPlays: number }).__soundPlays)

test('friends and the four chats: request, one-to-one with sound and floating window, history pages, party of three, general chat, reload', async ({ browser, request, baseURL }) => {
  const origin = baseURL as string
  test.setTimeout(180_000)
  const [alice, bob, carol] = [await newAccount(request, 'Alice'), await newAccount(request, 'Bob'), await newAccount(request, 'Carol')]
  const a = await signedIn(browser, origin, alice)
  const b = await signedIn(browser, origin, bob, { countSounds: true })
  const c = await signedIn(browser, origin, carol)

  // A finds B and C by nickname and asks them to be friends.
  await a.page.goto('/friends')
  for (const friend of [bob, carol]) {
    await a.page.getByRole('searchbox').fill(friend.nickname)
    const result = a.page.getByTestId('search-result').filter({ hasText: friend.nickname })
    await result.getByTestId('add-friend').click()
    await expect(a.page.getByTestId('outgoing-request').filter({ hasText: friend.nickname })).toBeVisible()
  }

  // B sees the request badge, then accepts; C accepts too.
  await b.page.goto('/main')
  await expect(b.page.getByTestId('friend-requests-badge')).toHaveText('1')
  await b.page.getByTestId('friends-link').click()
  await b.page.getByTestId('incoming-request').filter({ hasText: alice.nickname }).getByTestId('accept-request').click()
  await expect(b.page.getByTestId('friend').filter({ hasText: alice.nickname })).toBeVisible()
  await expect(b.page.getByTestId('friend-requests-badge')).toHaveCount(0)
  await c.page.goto('/friends')
  await c.page.getByTestId('incoming-request').filter({ hasText: alice.nickname }).getByTestId('accept-request').click()
  await expect(c.page.getByTestId('friend').filter({ hasText: alice.nickname })).toBeVisible()

  // A sees both friends online, and writes to B from the friend list.
  const bobRow = a.page.getByTestId('friend').filter({ hasText: bob.nickname })
  await expect(bobRow.getByTestId('presence')).toHaveAttribute('data-online', 'true')
  await expect(a.page.getByTestId('friend').filter({ hasText: carol.nickname })).toBeVisible()
  await bobRow.getByTestId('message-friend').click()
  const aliceWindow = a.page.locator('[data-chat-dialog]')
  await expect(aliceWindow).toBeVisible()
  const directId = Number(await aliceWindow.getAttribute('data-chat-dialog'))
  const playsBefore = await soundPlays(b.page)
  await say(aliceWindow, 'First hello')

  // B's floating window opens with the new-message mark, and the sound played.
  const bobWindow = b.page.getByTestId(`chat-dialog-${directId}`)
  await expect(bobWindow).toBeVisible()
  await expect(bobWindow.getByTestId('chat-dialog-new')).toBeVisible()
  await expect(bobWindow.getByTestId('message-text').filter({ hasText: 'First hello' })).toBeVisible()
  await expect.poll(() => soundPlays(b.page)).toBeGreaterThan(playsBefore)

  // More than a page of history, paced under the server's five messages a second. A writes them from
  // a second device of hers (her own socket connection): typing each in the window, as the first
  // message was, cost half a second apiece on a busy machine and showed nothing the first did not.
  const aliceElsewhere = await connectSocket(origin, alice.token)
  for (let index = 1; index <= 25; index += 1) {
    await requestResult(aliceElsewhere, 'chat:message', { id: directId, message: `Message ${String(index).padStart(2, '0')}` })
    await a.page.waitForTimeout(220)
  }
  aliceElsewhere.disconnect()
  await expect(aliceWindow.getByTestId('message-text').filter({ hasText: 'Message 25' })).toBeVisible()
  await expect(bobWindow.getByTestId('message-text').filter({ hasText: 'Message 25' })).toBeVisible()

  // B opens the conversation full page and scrolls up until its beginning.
  await b.page.goto(`/chat/${directId}`)
  const list = b.page.getByTestId('chat-page').getByTestId('message-list')
  await expect(list.getByTestId('message-text').filter({ hasText: 'Message 25' })).toBeVisible()
  await expect(async () => {
    await list.evaluate((element) => {
      element.scrollTop = 0
    })
    await expect(list.getByTestId('history-start')).toBeVisible({ timeout: 500 })
  }).toPass({ timeout: 15_000 })
  await expect(list.getByTestId('chat-message')).toHaveCount(26)
  await expect(list.getByTestId('message-text').first()).toHaveText('First hello')

  // A party of three: A starts it with B, invites C; everyone sees everyone.
  await a.page.goto('/friends')
  await a.page.getByTestId('friend').filter({ hasText: bob.nickname }).getByTestId('party-with-friend').click()
  await expect(a.page).toHaveURL(/\/chat\/\d+$/)
  const partyPath = new URL(a.page.url()).pathname
  await a.page.getByTestId('party-invite').click()
  await a.page.getByTestId(`party-invite-${carol.id}`).click()
  await expect(a.page.getByTestId('party-members')).toContainText(carol.nickname)
  await say(a.page.getByTestId('chat-page'), 'Party hello from Alice')
  await b.page.goto(partyPath)
  await c.page.goto(partyPath)
  for (const page of [b.page, c.page]) await expect(page.getByTestId('message-text').filter({ hasText: 'Party hello from Alice' })).toBeVisible()
  await say(b.page.getByTestId('chat-page'), 'Party hello from Bob')
  await say(c.page.getByTestId('chat-page'), 'Party hello from Carol')
  for (const [page, texts] of [
    [a.page, ['Party hello from Bob', 'Party hello from Carol']],
    [b.page, ['Party hello from Carol']],
    [c.page, ['Party hello from Bob']],
  ] as const) {
    for (const text of texts) await expect(page.getByTestId('message-text').filter({ hasText: text })).toBeVisible()
  }

  // The general chat: what A writes, C reads.
  const generalText = `General hello ${uniqueSuffix()}`
  for (const page of [a.page, c.page]) {
    await page.goto('/messages')
    await page.getByTestId('tab-general').click()
    await expect(page.getByTestId('general-chat').getByTestId('message-input')).toBeVisible()
  }
  await say(a.page.getByTestId('general-chat'), generalText)
  await expect(c.page.getByTestId('general-chat').getByTestId('message-text').filter({ hasText: generalText })).toBeVisible()

  // B moves the floating window, A writes again: the mark and an unread count. A reload keeps all three.
  await b.page.goto('/main')
  await expect(bobWindow).toBeVisible()
  const handle = bobWindow.getByTestId('chat-dialog-handle')
  const box = await handle.boundingBox()
  if (!box) throw new Error('the window has no handle on screen')
  await b.page.mouse.move(box.x + 30, box.y + box.height / 2)
  await b.page.mouse.down()
  await b.page.mouse.move(box.x - 300, box.y - 200, { steps: 8 })
  await b.page.mouse.up()
  await b.page.getByRole('heading', { level: 1 }).click()
  const placed = await bobWindow.evaluate((element) => ({ top: (element as HTMLElement).style.top, left: (element as HTMLElement).style.left }))
  expect(Number.parseInt(placed.left, 10)).toBeLessThan(box.x - 200)
  await a.page.goto('/friends')
  await a.page.getByTestId('friend').filter({ hasText: bob.nickname }).getByTestId('message-friend').click()
  await say(a.page.locator(`[data-chat-dialog="${directId}"]`), 'Are you there?')
  await expect(bobWindow.getByTestId('chat-dialog-new')).toBeVisible()
  await expect(b.page.getByTestId('unread-badge')).toHaveText('1')

  await b.page.reload()
  await expect(bobWindow).toBeVisible()
  await expect(bobWindow.getByTestId('chat-dialog-new')).toBeVisible()
  expect(await bobWindow.evaluate((element) => ({ top: (element as HTMLElement).style.top, left: (element as HTMLElement).style.left }))).toEqual(placed)
  await expect(b.page.getByTestId('unread-badge')).toHaveText('1')
  await b.page.getByTestId('messages-link').click()
  await expect(b.page.getByTestId(`chat-item-${directId}`).getByTestId('chat-unread')).toHaveText('1')

  await Promise.all([a.context.close(), b.context.close(), c.context.close()])
})
