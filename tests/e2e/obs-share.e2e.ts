import { expect, test, type Page } from '@playwright/test'
import { requestResult } from '../helpers/requests'
import { connectSocket } from '../helpers/sockets'
import config, { chromiumPath } from './playwright.config'
import { fakeMediaArgs } from './fake-camera'
import { newAccount, text, uniqueSuffix } from './support'

// The streamer's browser films with the fake camera (a clip of moving bars) over loopback WebRTC.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...(config.use?.launchOptions?.args ?? []), ...fakeMediaArgs(5), '--allow-loopback-in-peer-connection'],
  },
})

/** The computed background colour of an element of the page. */
const backgroundOf = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).backgroundColor)

const transparent = 'rgba(0, 0, 0, 0)'

/**
 * The page's pixel at (x, y) as streaming software composes it: a screenshot over no background,
 * read back through a canvas. [r, g, b, alpha]; alpha 0 lets the scene through.
 */
async function composedPixel(page: Page, x: number, y: number): Promise<number[]> {
  const shot = await page.screenshot({ omitBackground: true, clip: { x, y, width: 1, height: 1 } })
  return page.evaluate(async (data) => {
    const image = new Image()
    image.src = `data:image/png;base64,${data}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.width
    canvas.height = image.height
    const context = canvas.getContext('2d') as CanvasRenderingContext2D
    context.drawImage(image, 0, 0)
    return Array.from(context.getImageData(0, 0, 1, 1).data)
  }, shot.toString('base64'))
}

/** How many frames a video of the page has decoded, and its width (0 while nothing plays). */
const framesOf = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((video: HTMLVideoElement) => ({ width: video.videoWidth, frames: video.getVideoPlaybackQuality().totalVideoFrames }))

test('a streamer makes a link in settings and copies it; the page opened with it waits, then shows the table the streamer sits at with their camera, on a transparent page, sending nothing', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000)
  const origin = baseURL as string
  const streamer = await newAccount(request, 'Streamer')

  // The streamer, signed in, makes the link under Settings → Streaming and copies it.
  const own = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US', permissions: ['clipboard-read', 'clipboard-write', 'camera', 'microphone'] })
  await own.addCookies([{ name: 'token', value: streamer.token, url: origin }])
  await own.addInitScript(() => localStorage.setItem('lang', 'en'))
  const settings = await own.newPage()
  await settings.goto('/settings')
  await expect(settings.getByRole('heading', { name: text('en', 'settings.streaming.title') })).toBeVisible({ timeout: 30_000 })
  await expect(settings.getByTestId('share-key-state')).toHaveText(text('en', 'settings.streaming.none'))
  await settings.getByRole('button', { name: text('en', 'settings.streaming.create') }).click()
  const field = settings.getByTestId('share-link')
  await expect(field).toHaveValue(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/obs-share#key=[A-Za-z0-9_-]{40,}$`))
  await settings.getByRole('button', { name: text('en', 'settings.streaming.copy') }).click()
  await expect(settings.getByRole('status').filter({ hasText: text('en', 'settings.streaming.copied') })).toBeVisible()
  const link = await settings.evaluate(() => navigator.clipboard.readText())
  expect(link).toBe(await field.inputValue())

  // Streaming software: another browser, nobody signed in, a 1920x1080 source.
  const software = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'en-US' })
  await software.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    // Every peer connection of the page, so the test can add up what it sent: nothing.
    const connections: RTCPeerConnection[] = []
    const Native = window.RTCPeerConnection
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration)
        connections.push(this)
      }
    }
    ;(window as unknown as { __sentBytes: () => Promise<number> }).__sentBytes = async () => {
      let bytes = 0
      for (const connection of connections) {
        ;(await connection.getStats()).forEach((report: { type: string; bytesSent?: number }) => {
          if (report.type === 'outbound-rtp') bytes += report.bytesSent ?? 0
        })
      }
      return bytes
    }
  })
  const obs = await software.newPage()
  await obs.goto(link)
  await expect(obs.getByTestId('obs-waiting')).toHaveText(text('en', 'obsShare.waiting').replace('{{name}}', streamer.nickname))
  // Nothing behind the page paints: the scene of the streaming software shows through.
  for (const selector of ['html', 'body', '.fui-FluentProvider', '[data-layout="empty"]']) expect(await backgroundOf(obs, selector)).toBe(transparent)
  expect((await composedPixel(obs, 960, 540))[3]).toBe(0)
  // No bars, no controls.
  await expect(obs.getByRole('banner')).toHaveCount(0)
  await expect(obs.getByRole('button')).toHaveCount(0)

  // The streamer creates a table and sits at seat 1: the page shows it.
  const home = await own.newPage()
  await home.goto('/main')
  await home.getByTestId('create-table').click()
  const tableName = `Streamed ${uniqueSuffix()}`
  await home.getByTestId('table-name').fill(tableName)
  await home.getByTestId('create-table-submit').click()
  await expect(home).toHaveURL(/\/mafia\/\d+$/)
  const lobbyId = Number(home.url().split('/').at(-1))

  await expect(obs.getByTestId('obs-table')).toBeVisible()
  await expect(obs.getByTestId('obs-table-name')).toHaveText(tableName)
  await expect(obs.getByTestId('obs-name-1')).toHaveText(streamer.nickname)
  await expect(obs.getByTestId('obs-seat-10')).toBeVisible()
  await expect(obs.getByTestId('obs-phase')).toHaveText(text('en', 'game.waiting').replace('{{taken}}', '1').replace('{{total}}', '10'))

  // The streamer's camera, published from the table screen, plays on the page (received only).
  await expect.poll(async () => (await framesOf(obs, `obs-video-${streamer.id}`)).width, { timeout: 30_000, message: 'the streamer’s picture has a size' }).toBeGreaterThan(0)
  const before = (await framesOf(obs, `obs-video-${streamer.id}`)).frames
  await expect.poll(async () => (await framesOf(obs, `obs-video-${streamer.id}`)).frames, { timeout: 15_000, message: 'frames keep coming' }).toBeGreaterThan(before + 10)
  const sent = await obs.evaluate(() => (window as unknown as { __sentBytes?: () => Promise<number> }).__sentBytes?.() ?? Promise.resolve(0))
  expect(sent).toBe(0)

  // Another player sits down: the page hears it at once.
  const guest = await newAccount(request, 'Guest')
  const socket = await connectSocket(origin, guest.token)
  try {
    await requestResult(socket, 'mafia:join:lobby', { id: lobbyId })
    await expect(obs.getByTestId('obs-name-2')).toHaveText(guest.nickname)
    await expect(obs.getByTestId('obs-phase')).toHaveText(text('en', 'game.waiting').replace('{{taken}}', '2').replace('{{total}}', '10'))
  } finally {
    socket.disconnect()
  }
  // Still transparent around the table: only the seats and plates are drawn.
  for (const selector of ['html', 'body']) expect(await backgroundOf(obs, selector)).toBe(transparent)
  expect((await composedPixel(obs, 1910, 1075))[3]).toBe(0)

  // Back in settings, the link is no longer shown, only that one exists; revoking closes the page.
  await settings.reload()
  await expect(settings.getByTestId('share-key-state')).toContainText(text('en', 'settings.streaming.active').split('{{date}}')[0] as string, { timeout: 30_000 })
  await settings.getByRole('button', { name: text('en', 'settings.streaming.revoke') }).click()
  await expect(obs.getByTestId('obs-ended')).toHaveText(text('en', 'obsShare.ended.revoked'))

  await software.close()
  await own.close()
})

test('a wrong key or none: the page says so', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'))
  await page.goto('/obs-share#key=not-a-real-key')
  await expect(page.getByTestId('obs-invalid')).toHaveText(text('en', 'errors.share.key_invalid'))
  await page.goto('about:blank')
  await page.goto('/obs-share')
  await expect(page.getByTestId('obs-no-key')).toHaveText(text('en', 'obsShare.noKey'))
})
