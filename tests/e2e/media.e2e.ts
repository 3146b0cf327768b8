import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import type { GameCommandPayload } from '../../server/contract/game'
import { request as socketRequest, requestResult } from '../helpers/requests'
import { closeOpenSockets, connectSocket } from '../helpers/sockets'
import config, { chromiumPath } from './playwright.config'
import { fakeMediaArgs } from './fake-camera'
import { newAccount, text, uniqueSuffix, type Account } from './support'

/*
 * Faces and voices at a real table: three players in Chromium (seats 1-3) with the fake camera (a
 * clip of moving bars) and fake microphone (a beep), a spectator in Chromium, and the judge and
 * seats 4-10 as scripted socket.io clients. Everything goes through the app's own media server.
 */
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      // A small camera at 5 frames a second: four browsers decode and encode in software on two
      // cores, and a new page must still answer its clicks while the others play.
      ...fakeMediaArgs(5),
      // Only loopback here: let WebRTC use it.
      '--allow-loopback-in-peer-connection',
    ],
  },
  permissions: ['camera', 'microphone'],
  // A click on a page that opens beside three playing ones waits for its renderer's turn.
  actionTimeout: 45_000,
  viewport: { width: 1280, height: 900 },
  locale: 'en-US',
})

// Four browsers encoding and decoding on a shared two-core machine: give the scenario room.
test.setTimeout(420_000)

/**
 * The browsers a test opened close with it: pages left publishing and decoding fake video would
 * hold the shared Chromium and the two cores through the next test (its click on the table waited
 * out its time behind them).
 */
const openContexts: BrowserContext[] = []
test.afterEach(async () => {
  await Promise.all(openContexts.splice(0).map((context) => context.close()))
})

/** A signed-in browser page that records every RTCPeerConnection it makes, so the test can read their statistics. */
async function openPage(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const context = await browser.newContext()
  openContexts.push(context)
  await context.addCookies([{ name: 'token', value: token, url: baseURL }])
  await context.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    const connections: RTCPeerConnection[] = []
    ;(window as unknown as { __connections: RTCPeerConnection[] }).__connections = connections
    // The media signalling sockets too, so the test can cut one as a network drop would.
    const sockets: WebSocket[] = []
    ;(window as unknown as { __mediaSockets: WebSocket[] }).__mediaSockets = sockets
    const NativeSocket = window.WebSocket
    window.WebSocket = class extends NativeSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols)
        if (String(url).includes('/media/ws')) sockets.push(this)
      }
    }
    const Native = window.RTCPeerConnection
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration)
        connections.push(this)
      }
    }
  })
  return context.newPage()
}

/** Packets and bytes received so far of a peer's audio on this page (the receiver of the track its audio element plays). */
function audioReceived(page: Page, peerId: number): Promise<{ packets: number; bytes: number } | null> {
  return page.evaluate(async (peer) => {
    const audio = document.querySelector<HTMLAudioElement>(`[data-testid="audio-${peer}"]`)
    const track = (audio?.srcObject as MediaStream | null)?.getAudioTracks()[0]
    if (!track) return null
    for (const connection of (window as unknown as { __connections: RTCPeerConnection[] }).__connections) {
      if (connection.connectionState === 'closed') continue
      const receiver = connection.getReceivers().find((item) => item.track === track)
      if (!receiver) continue
      for (const report of (await receiver.getStats()).values()) {
        if (report.type === 'inbound-rtp') return { packets: Number(report.packetsReceived ?? 0), bytes: Number(report.bytesReceived ?? 0) }
      }
      return { packets: 0, bytes: 0 }
    }
    return null
  }, peerId)
}

/** A peer's picture on this page: its size and how many frames were decoded so far. */
function videoShown(page: Page, peerId: number): Promise<{ width: number; frames: number } | null> {
  return page.evaluate((peer) => {
    const video = document.querySelector<HTMLVideoElement>(`[data-testid="video-${peer}"]`)
    if (!video) return null
    return { width: video.videoWidth, frames: video.getVideoPlaybackQuality().totalVideoFrames }
  }, peerId)
}

/** What this page sends: its open connections and their outbound RTP streams by kind. */
function sent(page: Page): Promise<{ connections: number; audio: number; video: number; bytes: number }> {
  return page.evaluate(async () => {
    const result = { connections: 0, audio: 0, video: 0, bytes: 0 }
    for (const connection of (window as unknown as { __connections: RTCPeerConnection[] }).__connections) {
      if (connection.connectionState === 'closed') continue
      result.connections += 1
      for (const report of (await connection.getStats()).values()) {
        if (report.type !== 'outbound-rtp') continue
        if (report.kind === 'audio') result.audio += 1
        else result.video += 1
        result.bytes += Number(report.bytesSent ?? 0)
      }
    }
    return result
  })
}

/** Waits until a peer's video plays on a page: a real size, and decoded frames that keep coming. */
async function expectVideoPlaying(page: Page, peerId: number): Promise<void> {
  await expect.poll(async () => (await videoShown(page, peerId))?.width ?? 0, { timeout: 45_000, message: `video of ${peerId} has a size` }).toBeGreaterThan(0)
  const before = (await videoShown(page, peerId))?.frames ?? 0
  await expect.poll(async () => (await videoShown(page, peerId))?.frames ?? 0, { timeout: 15_000, message: `frames of ${peerId} are decoded` }).toBeGreaterThan(before + 10)
}

/** Waits until a peer's audio packets keep arriving on a page. */
async function expectAudioFlowing(page: Page, peerId: number): Promise<void> {
  await expect.poll(async () => (await audioReceived(page, peerId))?.packets ?? 0, { timeout: 45_000, message: `audio of ${peerId} arrives` }).toBeGreaterThan(0)
  const before = (await audioReceived(page, peerId))?.packets ?? 0
  await expect.poll(async () => (await audioReceived(page, peerId))?.packets ?? 0, { timeout: 15_000, message: `audio of ${peerId} keeps arriving` }).toBeGreaterThan(before + 20)
}

/** Waits until a peer's video plays and its audio keeps arriving on a page. */
async function seesAndHears(page: Page, peerId: number): Promise<void> {
  await Promise.all([expectVideoPlaying(page, peerId), expectAudioFlowing(page, peerId)])
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

test('three players see and hear each other, a spectator receives everything and sends nothing, and a closed microphone goes silent for all', async ({ browser, request, baseURL }) => {
  const base = baseURL as string
  try {
    // Everyone's account first, all at once (each is a sign-up, a confirmed mail and a sign-in).
    const [judgeUser, watcher, ...seated] = (await Promise.all(['Judge', 'Watcher', ...Array.from({ length: 10 }, (_, index) => (index < 3 ? `Seat${index + 1}` : `Bot${index + 1}`))].map((label) => newAccount(request, label)))) as [Account, Account, ...Account[]]
    // The judge opens a table of ten.
    const judge = await connectSocket(base, judgeUser.token)
    const created = await requestResult(judge, 'mafia:create:lobby', { name: `Faces ${uniqueSuffix()}`, language: 'en', settings: {}, as: 'judge' })
    const lobbyId = created.id

    // Three players and a watcher open the table in their browsers (all four pages load together,
    // before any camera plays); the players sit down in seat order, as users would: join, one by one.
    const [spectator, ...playerPages] = await Promise.all(
      [watcher, ...seated.slice(0, 3)].map(async (user) => {
        const page = await openPage(browser, base, user.token)
        await page.goto(`/mafia/${lobbyId}`)
        await expect(page.getByTestId('table-join')).toBeVisible()
        return page
      }),
    ) as [Page, ...Page[]]
    const players: { page: Page; id: number }[] = []
    for (let seat = 1; seat <= 3; seat += 1) {
      const user = seated[seat - 1] as Account
      const page = playerPages[seat - 1] as Page
      await page.getByTestId('table-join').click()
      await expect(page.getByTestId('game-table')).toHaveAttribute('data-viewer', 'player')
      await expect(page.getByTestId(`seat-${seat}`)).toContainText(`Seat${seat}`)
      players.push({ page, id: user.id })
    }

    // Seats 4 to 10 are scripted players.
    for (let seat = 4; seat <= 10; seat += 1) {
      const user = seated[seat - 1] as Account
      const socket = await connectSocket(base, user.token)
      const joined = await requestResult(socket, 'mafia:join:lobby', { id: lobbyId })
      expect(joined.lobby.players.find((taken) => taken.user.id === user.id)?.seat).toBe(seat)
    }

    // The fourth browser watches.
    await spectator.getByTestId('table-watch').click()
    await expect(spectator.getByTestId('game-table')).toHaveAttribute('data-viewer', 'spectator')

    // Each player publishes camera (two qualities) and microphone, shows their own camera, and joins the media room.
    await Promise.all(
      players.map(async (player) => {
        await expect(player.page.getByTestId('table-media')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 })
        await expect.poll(async () => (await sent(player.page)).video, { timeout: 30_000 }).toBe(2)
        expect((await sent(player.page)).audio).toBe(1)
        await expect.poll(async () => (await videoShown(player.page, player.id))?.width ?? 0, { timeout: 15_000 }).toBeGreaterThan(0)
      }),
    )
    await expect(spectator.getByTestId('table-media')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 })

    // The judge deals and moves on to the first day (at night a red player receives no other seat's
    // camera), holds the clock, and opens the microphones of seats 1 to 3 (by day only the speaker talks).
    const command = async (payload: GameCommandPayload) => {
      expect(await socketRequest(judge, 'mafia:game:command', { id: lobbyId, command: payload }), JSON.stringify(payload)).toEqual({ seq: expect.any(Number) })
    }
    await command({ type: 'start' })
    await command({ type: 'next' })
    await command({ type: 'pause' })
    for (const seat of [1, 2, 3]) await command({ type: 'microphone', seat, open: true })

    // Every player sees and hears the other two (each pair looked at side by side: a look waits for
    // ten new frames of a camera at 5 frames a second).
    await Promise.all(players.flatMap((player) => players.filter((other) => other !== player).map((other) => seesAndHears(player.page, other.id))))

    // The fake microphones beep: the tiles show who is speaking.
    const speakingTile = players[0]!.page.getByTestId(`video-tile-${players[2]!.id}`)
    await expect(speakingTile).toHaveAttribute('data-speaking', 'true', { timeout: 20_000 })
    // These browsers ask for reduced motion: the ring, which follows the voice, appears at once instead of easing in.
    expect(await speakingTile.evaluate((tile) => getComputedStyle(tile).transitionProperty)).toBe('none')

    // The spectator sees and hears all three, and its connections send nothing.
    await Promise.all(players.map((player) => seesAndHears(spectator, player.id)))
    const spectatorSends = await sent(spectator)
    expect(spectatorSends.connections).toBeGreaterThan(0)
    expect(spectatorSends).toMatchObject({ audio: 0, video: 0, bytes: 0 })

    // The judge closes seat 2's microphone: the others stop receiving it, seat 1's voice carries on.
    const [first, second, third] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]]
    await command({ type: 'microphone', seat: 2, open: false })
    // Each listener keeps hearing a seat whose microphone stays open (not its own).
    const listeners = [
      { page: first.page, open: third.id },
      { page: third.page, open: first.id },
      { page: spectator, open: first.id },
    ]
    for (const listener of listeners) {
      await expect(listener.page.getByTestId(`video-tile-${second.id}`)).toHaveAttribute('data-muted', 'true')
    }
    // Packets already on their way arrive first; then the count must stand still while the open one grows.
    await pause(1000)
    const sample = () => Promise.all(listeners.map(async (listener) => ({ muted: (await audioReceived(listener.page, second.id))?.packets, open: (await audioReceived(listener.page, listener.open))?.packets ?? 0 })))
    const before = await sample()
    await pause(3000)
    const after = await sample()
    listeners.forEach((_listener, index) => {
      expect(before[index]?.muted ?? 0).toBeGreaterThan(0)
      expect(after[index]?.muted).toBe(before[index]?.muted)
      expect(after[index]?.open).toBeGreaterThan((before[index]?.open ?? 0) + 20)
    })

    // Seat 3's signalling connection drops: it joins again with a fresh ticket, without leaving the
    // table, and both directions play again.
    await third.page.evaluate(() => (window as unknown as { __mediaSockets: WebSocket[] }).__mediaSockets.at(-1)?.close())
    await expect.poll(() => third.page.evaluate(() => (window as unknown as { __mediaSockets: WebSocket[] }).__mediaSockets.length), { timeout: 30_000 }).toBe(2)
    await expect(third.page.getByTestId('table-media')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 })
    await expect(third.page.getByTestId('game-table')).toHaveAttribute('data-viewer', 'player')
    await Promise.all([seesAndHears(third.page, first.id), seesAndHears(first.page, third.id)])

    // Seat 1 pins seat 2's tile: seat 2 comes in high quality, seat 3 in low (about 320x180), and the tile says it is pinned.
    await first.page.getByTestId(`pin-${second.id}`).click()
    await expect(first.page.getByTestId(`pin-${second.id}`)).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(async () => (await videoShown(first.page, second.id))?.width ?? 0, { timeout: 30_000 }).toBeGreaterThan(320)
    await expect.poll(async () => (await videoShown(first.page, third.id))?.width ?? 0, { timeout: 30_000 }).toBe(320)
    await expect(first.page.getByTestId(`video-tile-${second.id}`)).toHaveAttribute('data-pinned', 'true')

  } finally {
    closeOpenSockets()
  }
})

test('a player without a camera gets the missing-webcam modal at the table and still publishes the microphone', async ({ browser, request, baseURL }) => {
  const base = baseURL as string
  const judgeUser = await newAccount(request, 'Judge')
  const judge = await connectSocket(base, judgeUser.token)
  try {
    const created = await requestResult(judge, 'mafia:create:lobby', { name: `No camera ${uniqueSuffix()}`, language: 'en', settings: {}, as: 'judge' })

    const user = await newAccount(request, 'NoCam')
    const page = await openPage(browser, base, user.token)
    // This browser has a microphone but no camera.
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
    await page.goto(`/mafia/${created.id}`)
    await page.getByTestId('table-join').click()
    const modal = page.getByTestId('device-error-dialog')
    await expect(modal).toBeVisible({ timeout: 30_000 })
    await expect(modal).toContainText(text('en', 'errors.missing_webcam'))
    await modal.getByRole('button', { name: text('en', 'common.ok'), exact: true }).click()
    await expect(modal).toBeHidden()

    // The microphone alone is published; the own tile says the camera is off.
    await expect(page.getByTestId('table-media')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 })
    await expect.poll(async () => await sent(page), { timeout: 30_000 }).toMatchObject({ audio: 1, video: 0 })
    await expect(page.getByTestId(`video-tile-${user.id}`)).toHaveAttribute('data-camera', 'off')
  } finally {
    judge.disconnect()
  }
})
