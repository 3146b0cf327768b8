import { expect, test, type Browser, type Page } from '@playwright/test'
import type { MediaTicket } from '../../server/contract/socket/media'
import { ask, isBlack, SocketTable, type Member } from '../helpers/game-table'
import { MediaTestClient } from '../helpers/media-client'
import { closeOpenSockets, connectSocket } from '../helpers/sockets'
import config, { chromiumPath } from './playwright.config'
import { fakeMediaArgs } from './fake-camera'
import { newAccount } from './support'

/*
 * Night at the table as browsers receive it: a judged table of ten whose judge and seats are
 * scripted socket.io clients, three Chromium pages with fake devices (a black player, a red player,
 * a spectator; before the deal, one more player who leaves), and the other black player as a
 * scripted media peer publishing synthetic video. What a page may not see at night never reaches
 * its connection: its inbound video counters stand still.
 */
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...(config.use?.launchOptions?.args ?? []), ...fakeMediaArgs(5), '--allow-loopback-in-peer-connection'],
  },
  permissions: ['camera', 'microphone'],
  viewport: { width: 1280, height: 900 },
  locale: 'en-US',
})

/** A signed-in page that records every RTCPeerConnection it makes, so the test can read their statistics. */
async function openPage(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'token', value: token, url: baseURL }])
  await context.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    const connections: RTCPeerConnection[] = []
    ;(window as unknown as { __connections: RTCPeerConnection[] }).__connections = connections
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

/**
 * What this page received so far of a peer's `kind` track (the one its tile or audio element plays):
 * inbound-rtp packets and decoded frames; null while the page has no such track on an open connection.
 */
function received(page: Page, peerId: number, kind: 'audio' | 'video'): Promise<{ packets: number; frames: number } | null> {
  return page.evaluate(
    async ({ peer, kind }) => {
      const element = document.querySelector<HTMLMediaElement>(`[data-testid="${kind}-${peer}"]`)
      const stream = element?.srcObject as MediaStream | null
      const track = kind === 'audio' ? stream?.getAudioTracks()[0] : stream?.getVideoTracks()[0]
      if (!track) return null
      for (const connection of (window as unknown as { __connections: RTCPeerConnection[] }).__connections) {
        if (connection.connectionState === 'closed') continue
        const receiver = connection.getReceivers().find((item) => item.track === track)
        if (!receiver) continue
        for (const report of (await receiver.getStats()).values()) {
          if (report.type === 'inbound-rtp') return { packets: Number(report.packetsReceived ?? 0), frames: Number(report.framesDecoded ?? 0) }
        }
        return { packets: 0, frames: 0 }
      }
      return null
    },
    { peer: peerId, kind },
  )
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))
const packets = async (page: Page, peerId: number, kind: 'audio' | 'video' = 'video') => (await received(page, peerId, kind))?.packets ?? 0

/** Waits until `peerId`'s packets of `kind` keep arriving on the page. */
async function flowing(page: Page, peerId: number, kind: 'audio' | 'video', what: string, timeout = 30_000): Promise<void> {
  await expect.poll(() => packets(page, peerId, kind), { timeout, message: `${what} arrives` }).toBeGreaterThan(0)
  const before = await packets(page, peerId, kind)
  await expect.poll(() => packets(page, peerId, kind), { timeout, message: `${what} keeps arriving` }).toBeGreaterThan(before + 10)
}

/** Joins the table's media room as a scripted peer publishing synthetic audio and video (a keyframe when asked). */
async function scriptedPublisher(origin: string, who: Member, lobbyId: number, stops: Array<() => unknown>): Promise<MediaTestClient> {
  const ticket = (await ask(who.socket, 'mafia:media:join', { id: lobbyId })) as MediaTicket
  const client = await MediaTestClient.joinTicket(origin, ticket)
  stops.push(() => client.close())
  await client.publish({ audio: true, video: ['high'] })
  let handled = 0
  const timer = setInterval(() => {
    const asked = client.rtcpFor('video').filter((item) => item.type === 'pli' || item.type === 'fir').length
    client.sendVideo({ keyframe: handled === 0 || asked > handled })
    handled = Math.max(asked, 1)
    client.sendAudio()
  }, 33)
  stops.push(() => clearInterval(timer))
  return client
}

test('at night a red page and a spectator page receive no seat’s video, black pages receive each other’s; dawn plays again within 2 s; a player who left is cut off within 1 s', async ({ browser, request, baseURL }) => {
  test.setTimeout(150_000)
  const origin = baseURL as string
  const stops: Array<() => unknown> = []
  const newMember = async (label: string): Promise<Member> => {
    const account = await newAccount(request, label)
    const socket = await connectSocket(origin, account.token)
    return { id: account.id, token: account.token, socket }
  }
  const table = new SocketTable({ newMember: () => newMember('Seat') })
  try {
    await table.seat()
    const lobbyId = table.lobbyId
    const judgeMedia = await scriptedPublisher(origin, table.judge, lobbyId, stops)
    const spectator = await newMember('Watcher')
    await table.watch(spectator)
    // Before the deal seat 10 sits in a browser; it hears and sees the judge, the spectator hears it
    // (the two pages load side by side).
    const leaver = table.players[9] as Member
    const [spectatorPage, leaverPage] = await Promise.all([
      (async () => {
        const page = await openPage(browser, origin, spectator.token)
        await page.goto(`/mafia/${lobbyId}`)
        await expect(page.getByTestId('game-table')).toHaveAttribute('data-viewer', 'spectator')
        return page
      })(),
      (async () => {
        const page = await openPage(browser, origin, leaver.token)
        await page.goto(`/mafia/${lobbyId}`)
        await expect(page.getByTestId('table-media')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 })
        return page
      })(),
    ])
    await Promise.all([flowing(spectatorPage, leaver.id, 'audio', 'the leaver’s voice at the spectator'), flowing(leaverPage, table.judge.id, 'video', 'the judge’s camera at the leaver')])
    // It leaves the table: within a second it is no longer heard, and receives nothing more.
    leaver.socket.emit('mafia:lobby:leave')
    await pause(1000)
    const heard = await packets(spectatorPage, leaver.id, 'audio')
    const seen = await packets(leaverPage, table.judge.id)
    await pause(1500)
    expect(await packets(spectatorPage, leaver.id, 'audio'), 'the leaver is no longer heard').toBe(heard)
    expect(await packets(leaverPage, table.judge.id), 'the leaver receives nothing more').toBe(seen)
    await leaverPage.context().close()
    // Someone else takes seat 10.
    const newcomer = await newMember('Seat')
    const joined = await ask(newcomer.socket, 'mafia:join:lobby', { id: lobbyId })
    expect(joined.lobby.players.find((taken: { user: { id: number } }) => taken.user.id === newcomer.id)?.seat).toBe(10)
    table.players[9] = newcomer

    // The deal: the zero night.
    await table.judgeCommand({ type: 'start' })
    const dealt = await table.view()
    expect(dealt.phase).toBe('zero_night')
    const black = dealt.seats.filter((seat) => isBlack(seat.role)).map((seat) => table.players[seat.seat - 1] as Member)
    const red = table.players[(dealt.seats.find((seat) => !isBlack(seat.role))?.seat as number) - 1] as Member
    const [blackInBrowser, scriptedBlack] = black as [Member, Member]
    const blackMedia = await scriptedPublisher(origin, scriptedBlack, lobbyId, stops)
    const pageOf = async (who: Member) => {
      const page = await openPage(browser, origin, who.token)
      await page.goto(`/mafia/${lobbyId}`)
      await expect(page.getByTestId('table-media')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 })
      return page
    }
    const [blackPage, redPage] = await Promise.all([pageOf(blackInBrowser), pageOf(red)])

    // The black page receives the other black seat's video, and the judge's; the scripted black peer
    // receives the black page's camera; the red page's camera is sent, and reaches the judge only.
    await Promise.all([
      flowing(blackPage, scriptedBlack.id, 'video', 'the other black seat at the black page'),
      flowing(redPage, table.judge.id, 'video', 'the judge at the red page'),
      flowing(spectatorPage, table.judge.id, 'video', 'the judge at the spectator page'),
      expect.poll(() => blackMedia.packets(String(blackInBrowser.id), 'video').length, { timeout: 30_000 }).toBeGreaterThan(10),
      expect.poll(() => judgeMedia.packets(String(red.id), 'video').length, { timeout: 30_000 }).toBeGreaterThan(10),
    ])
    // Nothing of a seat's camera reaches the red page or the spectator's, nor the red camera a black one: the counters stand still.
    const sleepers: Array<[Page, Member]> = [
      [redPage, blackInBrowser],
      [redPage, scriptedBlack],
      [spectatorPage, blackInBrowser],
      [spectatorPage, scriptedBlack],
      [spectatorPage, red],
      [blackPage, red],
    ]
    const before = await Promise.all(sleepers.map(([page, from]) => packets(page, from.id)))
    await pause(1500)
    const after = await Promise.all(sleepers.map(([page, from]) => packets(page, from.id)))
    expect(after).toEqual(before)
    expect(after.every((count) => count === 0)).toBe(true)
    expect(blackMedia.packets(String(red.id), 'video')).toHaveLength(0)
    // The pages draw the night tile (the seat's avatar) instead.
    await expect(redPage.getByTestId(`video-tile-${blackInBrowser.id}`)).toHaveAttribute('data-night', 'true')
    await expect(spectatorPage.getByTestId(`video-tile-${red.id}`)).toHaveAttribute('data-night', 'true')

    // Dawn: every page plays the seats' video again within 2 s.
    await table.judgeCommand({ type: 'next' })
    const frames = async (page: Page, from: Member) => (await received(page, from.id, 'video'))?.frames ?? 0
    const plays = async (page: Page, from: Member, what: string) => {
      const start = await frames(page, from)
      await expect.poll(() => frames(page, from), { timeout: 2000, intervals: [100], message: `${what} plays at dawn` }).toBeGreaterThan(start)
    }
    // The scripted seat's synthetic video is not decodable, so its packets are what arrives.
    const arrives = (page: Page, from: Member, what: string) =>
      expect.poll(() => packets(page, from.id), { timeout: 2000, intervals: [100], message: `${what} arrives at dawn` }).toBeGreaterThan(0)
    await Promise.all([
      plays(redPage, blackInBrowser, 'the black seat at the red page'),
      plays(spectatorPage, red, 'the red seat at the spectator'),
      plays(blackPage, red, 'the red seat at the black page'),
      arrives(redPage, scriptedBlack, 'the scripted black seat at the red page'),
    ])
    await expect(redPage.getByTestId(`video-tile-${blackInBrowser.id}`)).not.toHaveAttribute('data-night', 'true')
  } finally {
    for (const stop of stops.reverse()) await stop()
    closeOpenSockets()
  }
})
