import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createImageStore, detectImageType } from '../../../../server/modules/auth/uploads'

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])
const jpegExif = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x10, 0x45, 0x78, 0x69, 0x66])
const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64')

describe('image type by its bytes', () => {
  it('recognises PNG, JPEG (JFIF and Exif) and WebP', () => {
    expect(detectImageType(png)).toEqual({ extension: 'png', mimeType: 'image/png' })
    expect(detectImageType(jpeg)).toEqual({ extension: 'jpg', mimeType: 'image/jpeg' })
    expect(detectImageType(jpegExif)).toEqual({ extension: 'jpg', mimeType: 'image/jpeg' })
    expect(detectImageType(webp)).toEqual({ extension: 'webp', mimeType: 'image/webp' })
  })

  it('refuses anything else', () => {
    const samples = [
      Buffer.alloc(0),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('<?php system($_GET["c"]); ?>'),
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      Buffer.from('%PDF-1.7'),
      Buffer.from('MZ\x90\x00'),
      // The PNG signature alone, or a RIFF file that is not WebP (a WAV), is not enough.
      png.subarray(0, 8),
      Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '),
      Buffer.from([0xff, 0xd8]),
    ]
    for (const sample of samples) expect(detectImageType(sample)).toBeNull()
  })
})

describe('image store', () => {
  let uploads: string
  beforeEach(async () => {
    uploads = await mkdtemp(join(tmpdir(), 'mafia-uploads-'))
  })
  afterEach(() => rm(uploads, { recursive: true, force: true }))

  it('saves under a random name and returns the path it is served at', async () => {
    const store = createImageStore(uploads)
    const first = await store.save(png, { extension: 'png', mimeType: 'image/png' })
    const second = await store.save(png, { extension: 'png', mimeType: 'image/png' })
    expect(first).toMatch(/^\/uploads\/users\/[A-Za-z0-9_-]{24}\.png$/)
    expect(second).not.toBe(first)
    // What is written is the image encoded afresh: the same picture, not the same bytes.
    const stored = await sharp(await readFile(join(uploads, first.replace('/uploads/', '')))).metadata()
    expect({ format: stored.format, width: stored.width, height: stored.height }).toEqual({ format: 'png', width: 1, height: 1 })
  })

  it('writes nothing for an image it cannot decode', async () => {
    const store = createImageStore(uploads)
    await expect(store.save(jpeg, { extension: 'jpg', mimeType: 'image/jpeg' })).rejects.toMatchObject({ statusCode: 415, code: 'errors.file_type' })
    expect(await readdir(uploads)).toEqual([])
  })

  it('removes only files it saved, never a path outside its folder', async () => {
    const store = createImageStore(uploads)
    const saved = await store.save(webp, { extension: 'webp', mimeType: 'image/webp' })
    await writeFile(join(uploads, 'keep.txt'), 'not an account image')
    await store.remove('/uploads/users/../keep.txt')
    await store.remove('https://elsewhere.example/avatar.png')
    await store.remove(null)
    expect((await readdir(uploads)).sort()).toEqual(['keep.txt', 'users'])
    await store.remove(saved)
    expect(await readdir(join(uploads, 'users'))).toEqual([])
  })
})
