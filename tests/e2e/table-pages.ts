import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { isAckError } from '../../server/contract/errors'
import type { GameCommandPayload, GameView } from '../../server/contract/game'
import { request, requestResult } from '../helpers/requests'
import { connectSocket, type TestSocket } from '../helpers/sockets'
import { signedInContext, watchTableTraffic, type Account, type TableTraffic } from './support'

/** A signed-in browser page at a table, with what its socket.io connection carries of the table. */
export interface TablePage {
  account: Account
  context: BrowserContext
  page: Page
  traffic: TableTraffic
}

declare global {
  interface Window {
    /** Every announcement kind the page has shown so far, in the order they first appeared. */
    __announced?: string[]
  }
}

/**
 * A browser at the table, at the laptop size. With `camera` it publishes Chromium's fake camera and
 * microphone; without, it is a machine with no devices (the table says so once; the user closes
 * the notice), which spares the shared machine an encoder per page. The page keeps a record of
 * every announcement banner it shows, however briefly.
 */
export async function openTablePage(browser: Browser, origin: string, account: Account, options: { camera: boolean }): Promise<TablePage> {
  const context = await signedInContext(browser, origin, account.token, { width: 1366, height: 768 }, options.camera ? { permissions: ['camera', 'microphone'] } : {})
  await context.addInitScript((camera: boolean) => {
    if (!camera && navigator.mediaDevices) {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'))
    }
    const seen: string[] = []
    window.__announced = seen
    const record = (element: Element) => {
      const kind = element.getAttribute('data-kind')
      if (element.getAttribute('data-testid') === 'announcement' && kind && !seen.includes(kind)) seen.push(kind)
    }
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === 'attributes' && mutation.target instanceof Element) record(mutation.target)
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue
          record(node)
          for (const inner of node.querySelectorAll('[data-testid="announcement"]')) record(inner)
        }
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-kind', 'data-testid'] })
  }, options.camera)
  const page = await context.newPage()
  await page.addLocatorHandler(page.getByTestId('device-error-dialog'), async () => {
    await page.getByTestId('device-error-ok').click()
  })
  return { account, context, page, traffic: watchTableTraffic(page) }
}

/** The announcement kinds a page has shown so far. */
export const announced = (page: Page): Promise<string[]> => page.evaluate(() => window.__announced ?? [])

/** Waits until a page has shown an announcement of this kind. */
export async function expectAnnounced(page: Page, kind: string, who: string): Promise<void> {
  await expect.poll(() => announced(page), { message: `${who} announces ${kind}`, timeout: 20_000 }).toContain(kind)
}

/** A peer's `<video>` on a page: its picture's width and its playback position. */
function videoState(page: Page, userId: number): Promise<{ width: number; time: number } | null> {
  return page.evaluate((id) => {
    const video = document.querySelector<HTMLVideoElement>(`[data-testid="video-${id}"]`)
    return video ? { width: video.videoWidth, time: video.currentTime } : null
  }, userId)
}

/** Waits until a user's camera plays on a page: a real picture whose playback moves on. */
export async function expectVideoPlaying(page: Page, userId: number, what: string): Promise<void> {
  await expect.poll(async () => (await videoState(page, userId))?.width ?? 0, { timeout: 30_000, message: `${what} has a picture` }).toBeGreaterThan(0)
  const start = (await videoState(page, userId))?.time ?? 0
  await expect.poll(async () => (await videoState(page, userId))?.time ?? 0, { timeout: 15_000, message: `${what} keeps playing` }).toBeGreaterThan(start + 0.5)
}

/** A scripted client of one account: a real socket.io client that sees only that account's view. */
export class Bot {
  seat = 0
  constructor(
    readonly account: Account,
    readonly socket: TestSocket,
  ) {}

  static async connect(origin: string, account: Account): Promise<Bot> {
    return new Bot(account, await connectSocket(origin, account.token))
  }

  /** This account's view as the server holds it now. */
  async view(lobbyId: number): Promise<GameView> {
    const lobby = await requestResult(this.socket, 'mafia:load:lobby', { id: lobbyId })
    if (!lobby.game) throw new Error(`no game at table ${lobbyId}`)
    return lobby.game.view
  }

  /** A move; a refusal (the judge moved on meanwhile, the time is up) is returned, not thrown. */
  async act(lobbyId: number, command: GameCommandPayload): Promise<string | null> {
    const answer = await request(this.socket, 'mafia:game:command', { id: lobbyId, command })
    return isAckError(answer) ? answer.error : null
  }
}
