import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { readSeedTranslations } from '../../db/seed/i18n-files'

const translations = readSeedTranslations()

/** A text of the main set in one language, straight from the seed files the server serves. */
export function text(locale: string, key: string, namespace = 'mafia'): string {
  const value = translations.get(namespace)?.get(locale)?.[key]
  if (value === undefined) throw new Error(`no translation ${namespace}:${key} in ${locale}`)
  return value
}

/** The links of every mail in the outbox of the e2e server, newest last. */
export async function outboxLinks(kind: 'confirm' | 'reset', to: string): Promise<string[]> {
  const dir = join(process.env.E2E_DATA_DIR as string, 'outbox')
  const files = (await readdir(dir).catch(() => [] as string[])).sort()
  const links: string[] = []
  for (const file of files) {
    const mail = (await readFile(join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')
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
