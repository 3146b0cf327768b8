import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import config, { chromiumPath } from './playwright.config'
import { newAccount, text } from './support'

// Chromium's fake camera (a moving test pattern) and fake microphone (a periodic beep), no prompt.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...(config.use?.launchOptions?.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['camera', 'microphone'],
  viewport: { width: 1280, height: 900 },
  locale: 'en-US',
})

async function signIn(context: BrowserContext, request: APIRequestContext, baseURL: string): Promise<void> {
  await context.addCookies([{ name: 'token', value: (await newAccount(request, 'Devices')).token, url: baseURL }])
  await context.addInitScript(() => localStorage.setItem('lang', 'en'))
}

/** Keeps every track getUserMedia hands out in window.__tracks. */
async function collectTracks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const collected: MediaStreamTrack[] = []
    ;(window as unknown as { __tracks: MediaStreamTrack[] }).__tracks = collected
    const devices = navigator.mediaDevices
    const getUserMedia = devices.getUserMedia.bind(devices)
    devices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
      const stream = await getUserMedia(constraints)
      collected.push(...stream.getTracks())
      return stream
    }
  })
}

const trackStates = (page: Page) => page.evaluate(() => (window as unknown as { __tracks: MediaStreamTrack[] }).__tracks.map((track) => track.readyState))

async function openDevices(page: Page) {
  await page.getByTestId('open-device-settings').click()
  const dialog = page.getByTestId('device-settings-dialog')
  await expect(dialog).toBeVisible()
  return dialog
}

test('the device dialog lists the fake devices, previews the camera, moves the mic level, saves, and cancel stops every stream', async ({ context, page, request, baseURL }) => {
  await signIn(context, request, baseURL as string)
  await collectTracks(page)
  await page.goto('/main')

  const dialog = await openDevices(page)
  const camera = dialog.getByLabel('Camera', { exact: true })
  const microphone = dialog.getByLabel('Microphone', { exact: true })
  await expect(camera).toBeVisible()
  expect(await camera.locator('option').count()).toBeGreaterThanOrEqual(1)
  expect(await microphone.locator('option').count()).toBeGreaterThanOrEqual(1)
  await expect(dialog.getByLabel('Speakers', { exact: true })).toBeVisible()

  // The preview plays the fake camera.
  await expect.poll(() => page.getByTestId('device-preview').evaluate((video: HTMLVideoElement) => video.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0)

  // The fake microphone beeps: the level rises above 0 at some point within a few seconds.
  const highest = await page.evaluate(async () => {
    let max = 0
    for (let sample = 0; sample < 80; sample += 1) {
      max = Math.max(max, Number(document.querySelector('[data-testid="mic-level"]')?.textContent ?? 0))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return max
  })
  expect(highest).toBeGreaterThan(0)

  // Mirroring on, then save: the dialog closes, the choices are stored and the streams stop.
  await dialog.getByTestId('mirroring-switch').click()
  await expect(page.getByTestId('device-preview')).toHaveAttribute('data-mirrored', 'true')
  const chosenCamera = await camera.inputValue()
  await dialog.getByRole('button', { name: text('en', 'devices.save'), exact: true }).click()
  await expect(dialog).toBeHidden()
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('devicePreferences') ?? 'null') as Record<string, unknown> | null)
  expect(stored).toMatchObject({ camId: chosenCamera, mirroring: true, noiseSuppression: true })
  expect(typeof stored?.micId).toBe('string')
  await expect.poll(() => trackStates(page)).not.toContain('live')

  // Opened again: the saved choices come back with new streams; cancel stops every track.
  const before = (await trackStates(page)).length
  const again = await openDevices(page)
  await expect(again.getByTestId('mirroring-switch')).toBeChecked()
  await expect(again.getByLabel('Camera', { exact: true })).toHaveValue(chosenCamera)
  await expect.poll(async () => (await trackStates(page)).length).toBeGreaterThan(before)
  expect(await trackStates(page)).toContain('live')
  await again.getByRole('button', { name: text('en', 'devices.cancel'), exact: true }).click()
  await expect(again).toBeHidden()
  await expect.poll(() => trackStates(page)).not.toContain('live')
  const states = await trackStates(page)
  expect(states.length).toBeGreaterThan(0)
  expect(states.every((state) => state === 'ended')).toBe(true)
})

test('a browser without a camera gets the missing-webcam modal with an OK button', async ({ context, page, request, baseURL }) => {
  await signIn(context, request, baseURL as string)
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices
    const enumerateDevices = devices.enumerateDevices.bind(devices)
    const getUserMedia = devices.getUserMedia.bind(devices)
    devices.enumerateDevices = async () => (await enumerateDevices()).filter((device) => device.kind !== 'videoinput')
    devices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
      if (constraints?.video) throw new DOMException('Requested device not found', 'NotFoundError')
      return getUserMedia(constraints)
    }
  })
  await page.goto('/main')

  await openDevices(page)
  const modal = page.getByTestId('device-error-dialog')
  await expect(modal).toBeVisible()
  await expect(modal).toContainText(text('en', 'errors.missing_webcam'))
  await modal.getByRole('button', { name: text('en', 'common.ok'), exact: true }).click()
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('device-settings-dialog')).toBeHidden()
})
