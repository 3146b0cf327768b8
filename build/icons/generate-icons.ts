/**
 * The desktop app's icons, every platform's from one drawing (`source.svg`), with sharp:
 * - `icon.png` (1024), `png/<size>x<size>.png` (Linux: AppImage and deb pick their sizes from the folder);
 * - `icon.ico` (Windows: 16 to 256, PNG-compressed entries);
 * - `icon.icns` (macOS: 16 to 1024, PNG entries);
 * - `tray.png` and `tray@2x.png` (the tray, 32 and 64).
 * Run `npx tsx build/icons/generate-icons.ts` after changing the drawing; the results are committed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const dir = fileURLToPath(new URL('.', import.meta.url))
const source = readFileSync(join(dir, 'source.svg'))

const png = (size: number) => sharp(source, { density: Math.max(72, Math.ceil((72 * size) / 1024) * 4) }).resize(size, size).png({ compressionLevel: 9 }).toBuffer()

/** An ICO file of PNG images (Windows Vista and later read PNG entries). */
export function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = 6 + 16 * images.length
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size >= 256 ? 0 : size, 0)
    entry.writeUInt8(size >= 256 ? 0 : size, 1)
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(data.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += data.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)])
}

/** An ICNS file of PNG images, each under its OSType. */
export function icns(images: { type: string; data: Buffer }[]): Buffer {
  const chunks = images.map(({ type, data }) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(data.length + 8, 4)
    return Buffer.concat([head, data])
  })
  const body = Buffer.concat(chunks)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}

async function main(): Promise<void> {
  mkdirSync(join(dir, 'png'), { recursive: true })
  const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
  const images = new Map<number, Buffer>()
  for (const size of sizes) images.set(size, await png(size))
  const at = (size: number) => images.get(size) as Buffer
  writeFileSync(join(dir, 'icon.png'), at(1024))
  for (const size of [16, 32, 48, 64, 128, 256, 512]) writeFileSync(join(dir, 'png', `${size}x${size}.png`), at(size))
  writeFileSync(join(dir, 'icon.ico'), ico([16, 24, 32, 48, 64, 128, 256].map((size) => ({ size, data: at(size) }))))
  writeFileSync(
    join(dir, 'icon.icns'),
    icns([
      { type: 'icp4', data: at(16) },
      { type: 'icp5', data: at(32) },
      { type: 'icp6', data: at(64) },
      { type: 'ic07', data: at(128) },
      { type: 'ic08', data: at(256) },
      { type: 'ic09', data: at(512) },
      { type: 'ic10', data: at(1024) },
    ]),
  )
  writeFileSync(join(dir, 'tray.png'), at(32))
  writeFileSync(join(dir, 'tray@2x.png'), at(64))
}

await main()
