import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../server/contract/http/auth'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'
import { currentUser, expectRefused, imageForm, images as fixtures, uploadedFiles } from './auth-support'

/** A real 2×2 JPEG (every stored image is decoded, so a fixture must decode too). */
const images = { ...fixtures, jpeg: Buffer.from('/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCSABTv/9k=', 'base64') }

let server: TestApp

beforeAll(async () => {
  server = await startTestApp()
})
afterAll(() => server.close())

const upload = (path: 'uploadAvatar' | 'uploadPlaceholder', token: string | undefined, form?: FormData, body?: unknown) =>
  request(server.url, 'POST', `/api/auth/${path}`, { token, form, body })

/** A PNG signature and header followed by padding up to a size. */
function pngOfSize(bytes: number): Buffer {
  const buffer = Buffer.alloc(bytes)
  images.png.copy(buffer, 0, 0, Math.min(images.png.length, bytes))
  return buffer
}

describe('avatar and placeholder uploads', () => {
  for (const [kind, bytes, fileName, mimeType, extension] of [
    ['PNG', images.png, 'me.png', 'image/png', 'png'],
    ['JPEG', images.jpeg, 'me.jpeg', 'image/jpeg', 'jpg'],
    ['WebP', images.webp, 'me.webp', 'image/webp', 'webp'],
  ] as const) {
    it(`stores a ${kind} avatar under a random name and serves it back at /uploads/`, async () => {
      const { token } = await createUserWithSession(server.database.db)
      const response = await upload('uploadAvatar', token, imageForm(bytes, fileName, mimeType))
      expect(response.status).toBe(200)
      const avatar = response.body.avatar as string
      expect(avatar).toMatch(new RegExp(`^/uploads/users/[A-Za-z0-9_-]{24}\\.${extension}$`))
      expect(avatar).not.toContain(fileName)
      expect((await currentUser(server, token)).body.avatar).toBe(avatar)

      const served = await fetch(`${server.url}${avatar}`)
      expect(served.status).toBe(200)
      // Stored re-encoded: the same kind and size of picture, not the same bytes.
      const [sent, stored] = await Promise.all([sharp(bytes).metadata(), sharp(Buffer.from(await served.arrayBuffer())).metadata()])
      expect({ format: stored.format, width: stored.width, height: stored.height }).toEqual({ format: sent.format, width: sent.width, height: sent.height })
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      // An image, never a document: nothing in it may run, load or be framed.
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    })
  }

  it('judges the image by its bytes, not its name or type: a JPEG called .png is stored as .jpg', async () => {
    const { token } = await createUserWithSession(server.database.db)
    const response = await upload('uploadAvatar', token, imageForm(images.jpeg, 'photo.png', 'image/png'))
    expect(response.status).toBe(200)
    expect(response.body.avatar).toMatch(/\.jpg$/)
  })

  it('replaces the old image and removes its file', async () => {
    const { token } = await createUserWithSession(server.database.db)
    const first = (await upload('uploadAvatar', token, imageForm(images.png, 'a.png', 'image/png'))).body.avatar as string
    const second = (await upload('uploadAvatar', token, imageForm(images.webp, 'b.webp', 'image/webp'))).body.avatar as string
    expect(second).not.toBe(first)
    const files = await uploadedFiles(server)
    expect(files).toContain(second.replace('/uploads/', ''))
    expect(files).not.toContain(first.replace('/uploads/', ''))
    expect((await fetch(`${server.url}${first}`)).status).toBe(404)
  })

  it('keeps the placeholder apart from the avatar', async () => {
    const { token } = await createUserWithSession(server.database.db)
    const avatar = (await upload('uploadAvatar', token, imageForm(images.png, 'a.png', 'image/png'))).body.avatar as string
    const response = await upload('uploadPlaceholder', token, imageForm(images.jpeg, 'p.jpg', 'image/jpeg'))
    expect(response.status).toBe(200)
    expect(response.body.avatar).toBe(avatar)
    expect(response.body.placeholder).toMatch(/^\/uploads\/users\/[A-Za-z0-9_-]+\.jpg$/)
    expect((await request(server.url, 'GET', '/api/auth/settings', { token })).body).toMatchObject({ avatar, placeholder: response.body.placeholder })
    expect(await uploadedFiles(server)).toContain(avatar.replace('/uploads/', ''))
  })

  it('accepts an image just under the size cap', async () => {
    const { token } = await createUserWithSession(server.database.db)
    const response = await upload('uploadPlaceholder', token, imageForm(pngOfSize(limits.imageMaxBytes - 1024), 'big.png', 'image/png'))
    expect(response.status).toBe(200)
  })
})

describe('uploads refuse bad input and write nothing', () => {
  for (const path of ['uploadAvatar', 'uploadPlaceholder'] as const) {
    describe(path, () => {
      it('a file that is not an image, even named and typed as one', async () => {
        const { token } = await createUserWithSession(server.database.db)
        const script = Buffer.from('<script>alert(document.cookie)</script>')
        await expectRefused(server, () => upload(path, token, imageForm(script, 'avatar.png', 'image/png')), { status: 415, code: 'errors.file_type', field: 'file' })
        // A GIF is an image, but not one of the accepted kinds.
        const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
        await expectRefused(server, () => upload(path, token, imageForm(gif, 'avatar.jpg', 'image/jpeg')), { status: 415, code: 'errors.file_type', field: 'file' })
      })

      it('a file over the size cap', async () => {
        const { token } = await createUserWithSession(server.database.db)
        await expectRefused(server, () => upload(path, token, imageForm(pngOfSize(limits.imageMaxBytes + 1), 'huge.png', 'image/png')), {
          status: 413,
          code: 'errors.file_too_large',
          field: 'file',
        })
      })

      it('no file, an empty file, or a JSON body', async () => {
        const { token } = await createUserWithSession(server.database.db)
        await expectRefused(server, () => upload(path, token, new FormData()), { status: 400, code: 'errors.file_required', field: 'file' })
        await expectRefused(server, () => upload(path, token, imageForm(Buffer.alloc(0), 'empty.png', 'image/png')), { status: 400, code: 'errors.file_required', field: 'file' })
        await expectRefused(server, () => upload(path, token, undefined, { file: 'iVBORw0KGgo=' }), { status: 400, code: 'errors.file_required', field: 'file' })
      })

      it('the file under another field name, or an extra field', async () => {
        const { token } = await createUserWithSession(server.database.db)
        await expectRefused(server, () => upload(path, token, imageForm(images.png, 'a.png', 'image/png', 'image')), { status: 400, code: 'errors.unknown_field', field: 'image' })
        const withExtra = imageForm(images.png, 'a.png', 'image/png')
        withExtra.append('userId', '1')
        await expectRefused(server, () => upload(path, token, withExtra), { status: 400, code: 'errors.unknown_field', field: 'userId' })
      })

      it('an anonymous caller or a forged token', async () => {
        await expectRefused(server, () => upload(path, undefined, imageForm(images.png, 'a.png', 'image/png')), { status: 401, code: 'errors.unauthorized' })
        await expectRefused(server, () => upload(path, 'forged', imageForm(images.png, 'a.png', 'image/png')), { status: 401, code: 'errors.unauthorized' })
      })
    })
  }

  it('a refused upload keeps the image the user had', async () => {
    const { token } = await createUserWithSession(server.database.db)
    const avatar = (await upload('uploadAvatar', token, imageForm(images.png, 'a.png', 'image/png'))).body.avatar as string
    await expectRefused(server, () => upload('uploadAvatar', token, imageForm(Buffer.from('not an image'), 'b.png', 'image/png')), { status: 415, code: 'errors.file_type', field: 'file' })
    expect((await currentUser(server, token)).body.avatar).toBe(avatar)
    expect((await fetch(`${server.url}${avatar}`)).status).toBe(200)
  })
})

/** A PNG whose header claims `width`×`height` grey pixels, with one tiny compressed row after it: small to send, huge to decode. */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let bit = 0; bit < 8; bit += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const check = Buffer.alloc(4)
    check.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, check])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))])
}

/** The image stored at a served path, as sharp reads it. */
async function storedImage(path: string) {
  const response = await fetch(`${server.url}${path}`)
  expect(response.status).toBe(200)
  const bytes = Buffer.from(await response.arrayBuffer())
  return { bytes, metadata: await sharp(bytes).metadata() }
}

describe('uploaded images are decoded and stored afresh', () => {
  it('a photo loses its EXIF (GPS position, camera) and keeps its orientation in its pixels', async () => {
    const { token } = await createUserWithSession(server.database.db)
    // 40×20 pixels that the camera says to show turned a quarter (EXIF orientation 6), shot at a GPS position.
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 60 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Spycam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '30/1 31/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const sent = await sharp(photo).metadata()
    expect(sent.exif).toBeDefined()
    expect(sent.orientation).toBe(6)

    const response = await upload('uploadAvatar', token, imageForm(photo, 'holiday.jpg', 'image/jpeg'))
    expect(response.status).toBe(200)
    const stored = await storedImage(response.body.avatar)
    expect(stored.metadata.format).toBe('jpeg')
    expect(stored.metadata.exif).toBeUndefined()
    expect(stored.metadata.orientation).toBeUndefined()
    expect(stored.bytes.includes(Buffer.from('Spycam'))).toBe(false)
    // Turned as the camera asked, so it looks the same without the tag.
    expect([stored.metadata.width, stored.metadata.height]).toEqual([20, 40])
  })

  it('a large picture is scaled down to fit 1024×1024, keeping its proportions', async () => {
    const { token } = await createUserWithSession(server.database.db)
    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer()
    const response = await upload('uploadPlaceholder', token, imageForm(wide, 'wide.png', 'image/png'))
    expect(response.status).toBe(200)
    const stored = await storedImage(response.body.placeholder)
    expect({ format: stored.metadata.format, width: stored.metadata.width, height: stored.metadata.height }).toEqual({ format: 'png', width: 1024, height: 512 })
  })

  it('a decompression bomb (a small PNG claiming 30000×30000 or 8000×8000 pixels) is refused before it is decoded, and nothing is written', async () => {
    const { token } = await createUserWithSession(server.database.db)
    for (const side of [30_000, 8_000]) {
      const bomb = pngClaiming(side, side)
      expect(bomb.length).toBeLessThan(64 * 1024)
      await expectRefused(server, () => upload('uploadAvatar', token, imageForm(bomb, 'small.png', 'image/png')), { status: 413, code: 'errors.image_too_large', field: 'file' })
    }
  })

  it('a file that starts like a PNG but does not decode is refused, and nothing is written', async () => {
    const { token } = await createUserWithSession(server.database.db)
    const fake = Buffer.concat([images.png.subarray(0, 33), Buffer.from('<script>alert(document.cookie)</script>'.repeat(4))])
    await expectRefused(server, () => upload('uploadAvatar', token, imageForm(fake, 'fake.png', 'image/png')), { status: 415, code: 'errors.file_type', field: 'file' })
  })
})
