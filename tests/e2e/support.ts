import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test'
import { readSeedTranslations } from '../../db/seed/i18n-files'
import type { TablePush } from '../../server/contract/socket/game'

const translations = readSeedTranslations()

/** A text of the main set in one language, straight from the seed files the server serves. */
export function text(locale: string, key: string, namespace = 'mafia'): string {
  const value = translations.get(namespace)?.get(locale)?.[key]
  if (value === undefined) throw new Error(`no translation ${namespace}:${key} in ${locale}`)
  return value
}

/**
 * The outbox's mails already read, by file name, unwrapped. A mail file never changes once written,
 * and the run sends hundreds: each is read once, not at every look for a link.
 */
const mailsRead = new Map<string, string>()

/** The links of every mail in the outbox of the e2e server, newest last. */
export async function outboxLinks(kind: 'confirm' | 'reset', to: string): Promise<string[]> {
  const dir = join(process.env.E2E_DATA_DIR as string, 'outbox')
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort()
  const links: string[] = []
  for (const file of files) {
    let mail = mailsRead.get(file)
    if (mail === undefined) {
      mail = (await readFile(join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')
      mailsRead.set(file, mail)
    }
    if (!mail.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue
    const match = new RegExp(`https?://[^\\s"<>]+(/${kind}/[A-Za-z0-9_-]+)`).exec(mail)
    if (match?.[1]) links.push(match[1])
  }
  return links
}

/** Waits for the newest link of a kind sent to an address. */
export async function waitForLink(kind: 'confirm' | 'reset', to: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const links = await outboxLinks(kind, to)
    if (links.length > 0) return links.at(-1) as string
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no ${kind} mail to ${to} within ${timeoutMs} ms`)
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** A real PNG of one colour (what a user would upload as an avatar). */
export function solidPng(size = 64, rgb: [number, number, number] = [200, 30, 60]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from(rgb))])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))])
}

export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** A confirmed user of the e2e server with a session. */
export interface Account {
  email: string
  password: string
  nickname: string
  token: string
  id: number
}

/**
 * A new confirmed user, made through the API as the sign-up screen makes one: signs up, follows
 * the confirmation mail from the outbox, then signs in with the password (confirming starts no
 * session). The nickname is `label` and a unique suffix, so `label` fits in 11 characters.
 */
export async function newAccount(request: APIRequestContext, label: string): Promise<Account> {
  const suffix = uniqueSuffix()
  const account = { email: `${label.toLowerCase()}-${suffix}@example.test`, password: 'correct-horse-1', nickname: `${label} ${suffix}` }
  const signup = await request.post('/api/auth/signup', { data: account })
  if (signup.status() !== 200) throw new Error(`signing up ${account.email} answered ${signup.status()}: ${await signup.text()}`)
  const link = await waitForLink('confirm', account.email)
  const confirm = await request.post('/api/auth/signup/confirm', { data: { token: link.split('/').at(-1) } })
  if (confirm.status() !== 200) throw new Error(`confirming ${account.email} answered ${confirm.status()}: ${await confirm.text()}`)
  const signIn = await request.post('/api/auth/login/password', { data: { email: account.email, password: account.password } })
  if (signIn.status() !== 200) throw new Error(`signing in ${account.email} answered ${signIn.status()}: ${await signIn.text()}`)
  const session = (await signIn.json()) as { token: string; user: { id: number } }
  return { ...account, token: session.token, id: session.user.id }
}

/** A browser context signed in by its `token` cookie, in English, with a desktop-sized window. */
export async function signedInContext(browser: Browser, origin: string, token: string, viewport = { width: 1400, height: 900 }, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale: 'en-US', ...options })
  await context.addCookies([{ name: 'token', value: token, url: origin }])
  await context.addInitScript(() => localStorage.setItem('lang', 'en'))
  return context
}

/** One push of a table stream as a page received it, and when (Date.now()). */
export interface ReceivedPush {
  push: TablePush
  at: number
}

/** One `mafia:game:command` a page sent, and its ack once it came (`{ seq }` or `{ error }`). */
export interface SentCommand {
  command: unknown
  ack?: { seq: number } | { error: string }
}

/** What a page's socket.io connection carried of its table: every push received, every game command sent. */
export interface TableTraffic {
  readonly pushes: ReceivedPush[]
  readonly commands: SentCommand[]
  /** The page's socket.io WebSockets: when each opened and closed (Date.now()), to explain a command that never went out. */
  readonly sockets: Array<{ openedAt: number; closedAt?: number }>
}

/** One socket.io packet of the main namespace: its type (2 an event, 3 an ack), its ack id, its data. */
interface SocketIoPacket {
  type: number
  id: number | null
  data: unknown
}

/**
 * The socket.io packets of what went over the wire: one Engine.IO packet per WebSocket frame, or
 * several separated by the record separator in a long-polling body. Only messages (`4`) of the main
 * namespace carry them.
 */
function socketIoPackets(wire: string): SocketIoPacket[] {
  const packets: SocketIoPacket[] = []
  for (const part of wire.split('\x1e')) {
    const match = /^4([0-6])(?:\d+-)?(\d*)([[{][\s\S]*)?$/.exec(part)
    if (!match) continue
    let data: unknown
    try {
      data = match[3] ? JSON.parse(match[3]) : undefined
    } catch {
      continue
    }
    packets.push({ type: Number(match[1]), id: match[2] ? Number(match[2]) : null, data })
  }
  return packets
}

/**
 * Listens to a page's socket.io traffic (its WebSocket frames and any long-polling exchange) from
 * now on, before the page opens its connection: every `mafia:game:updated` push it receives and
 * every game command it sends with its ack. What the page is told, not what it draws.
 */
export function watchTableTraffic(page: Page): TableTraffic {
  const traffic: TableTraffic = { pushes: [], commands: [], sockets: [] }
  const waiting = new Map<number, SentCommand>()
  const received = (wire: string) => {
    for (const packet of socketIoPackets(wire)) {
      if (packet.type === 2 && Array.isArray(packet.data) && packet.data[0] === 'mafia:game:updated') traffic.pushes.push({ push: packet.data[1] as TablePush, at: Date.now() })
      if (packet.type === 3 && packet.id !== null && waiting.has(packet.id)) {
        ;(waiting.get(packet.id) as SentCommand).ack = (packet.data as unknown[])[0] as SentCommand['ack']
        waiting.delete(packet.id)
      }
    }
  }
  const sent = (wire: string) => {
    for (const packet of socketIoPackets(wire)) {
      if (packet.type !== 2 || packet.id === null || !Array.isArray(packet.data) || packet.data[0] !== 'mafia:game:command') continue
      const command: SentCommand = { command: (packet.data[1] as { command: unknown }).command }
      traffic.commands.push(command)
      waiting.set(packet.id, command)
    }
  }
  const text = (payload: string | Buffer) => (typeof payload === 'string' ? payload : payload.toString('utf8'))
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/')) return
    const opened: TableTraffic['sockets'][number] = { openedAt: Date.now() }
    traffic.sockets.push(opened)
    socket.on('close', () => (opened.closedAt = Date.now()))
    socket.on('framereceived', (frame) => received(text(frame.payload)))
    socket.on('framesent', (frame) => sent(text(frame.payload)))
  })
  page.on('request', (request) => {
    if (request.url().includes('/socket.io/') && request.method() === 'POST') sent(request.postData() ?? '')
  })
  page.on('response', (response) => {
    if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return
    // A poll cut short by the upgrade has no body to read.
    response.text().then(received, () => undefined)
  })
  return traffic
}

/** Where a page's table stream stands: the position of the last push it received. */
export const lastSeq = (traffic: TableTraffic): number => traffic.pushes.at(-1)?.push.seq ?? 0

/** What a control shows: its busy, disabled and action marks, and the text of the tile or group around it (a refusal is shown there). */
function shownBy(control: Locator): Promise<unknown> {
  return control
    .evaluate((element) => ({ busy: element.getAttribute('aria-busy'), disabled: element.getAttribute('aria-disabled'), action: element.getAttribute('data-action'), text: (element.closest('[role="group"]')?.textContent ?? '').slice(0, 200) }), undefined, { timeout: 1000 })
    .catch((error: unknown) => String(error))
}

/**
 * Clicks a control of the table screen (a button, a seat's tile), then waits until the game
 * command the click sent was accepted and the page has received the push carrying its effect
 * (the ack's `seq`). A command that never goes out is reported with what the control showed before
 * the click and at the end, and the page's sockets.
 */
export async function commandByLocator(traffic: TableTraffic, control: Locator, what: string): Promise<void> {
  const before = traffic.commands.length
  const shownBefore = await shownBy(control)
  const clickedAt = Date.now()
  await control.click()
  try {
    await expect.poll(() => traffic.commands[before]?.ack !== undefined, { message: `the command of ${what} is answered`, timeout: 30_000 }).toBe(true)
  } catch (error) {
    const sent = traffic.commands.length > before ? `sent ${JSON.stringify(traffic.commands[before])}` : 'never sent'
    const details = `before the click at ${clickedAt} the control showed ${JSON.stringify(shownBefore)}, now ${JSON.stringify(await shownBy(control))}; the page's sockets: ${JSON.stringify(traffic.sockets)}`
    throw new Error(`the command of ${what} is ${sent}; ${details}`, { cause: error })
  }
  const { command, ack } = traffic.commands[before] as SentCommand
  expect(ack, `${what} sent ${JSON.stringify(command)}`).toEqual({ seq: expect.any(Number) })
  const seq = (ack as { seq: number }).seq
  await expect.poll(() => lastSeq(traffic), { message: `the page receives push ${seq} after ${what}`, timeout: 30_000 }).toBeGreaterThanOrEqual(seq)
}

/** `commandByLocator` for the control with this test id. */
export function commandByClick(page: Page, traffic: TableTraffic, testId: string): Promise<void> {
  return commandByLocator(traffic, page.getByTestId(testId), testId)
}
