import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { AppError } from '../../lib/app-error'
import { randomToken } from '../../lib/ids'

/** The image formats users may upload, and how each is stored. */
export type ImageType = { extension: 'png'; mimeType: 'image/png' } | { extension: 'jpg'; mimeType: 'image/jpeg' } | { extension: 'webp'; mimeType: 'image/webp' }

const startsWith = (bytes: Uint8Array, offset: number, expected: readonly number[]) => expected.every((value, index) => bytes[offset + index] === value)
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0))

/**
 * The image type by its first bytes, never by the file's name or the type the browser claims: a
 * renamed script stays a script. PNG must open with its signature and IHDR chunk, JPEG with a
 * start-of-image marker followed by another marker, WebP with a RIFF header naming a VP8 chunk.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && startsWith(bytes, 12, ascii('IHDR'))) {
    return { extension: 'png', mimeType: 'image/png' }
  }
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff]) && bytes.length > 3 && (bytes[3] as number) >= 0xc0) {
    return { extension: 'jpg', mimeType: 'image/jpeg' }
  }
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP')) && startsWith(bytes, 12, ascii('VP8'))) {
    return { extension: 'webp', mimeType: 'image/webp' }
  }
  return null
}

/**
 * What a stored image may be. A file is decoded only when its header promises at most
 * `maxInputPixels` (a 100 KB PNG can claim 30000×30000 pixels and take gigabytes to decode, in
 * the server and in every tab that shows it); what is stored fits within `maxSide` on both sides.
 */
export const imageLimits = { maxInputPixels: 40_000_000, maxSide: 1024 }

// libvips caches operations for images it meets again; each upload is seen once, so the cache would only hold memory.
sharp.cache(false)

const reencoders: Record<ImageType['extension'], (image: Sharp) => Sharp> = {
  png: (image) => image.png({ compressionLevel: 9 }),
  jpg: (image) => image.jpeg({ quality: 85, mozjpeg: true }),
  webp: (image) => image.webp({ quality: 85 }),
}

/**
 * The image decoded and encoded afresh in its own format, so nothing of the sent file survives
 * but its pixels: EXIF (GPS position, camera, time), comments and any bytes appended after the
 * image are dropped (sharp keeps no metadata unless asked), the orientation the EXIF named is
 * applied to the pixels, and the image is scaled down to fit `imageLimits.maxSide`. Refuses a file
 * that is no PNG, JPEG or WebP by its bytes, or does not decode (`errors.file_type`), and one whose
 * header claims more than `imageLimits.maxInputPixels` (`errors.image_too_large`), before decoding it.
 */
export async function reencodeImage(bytes: Uint8Array, type: ImageType | null = detectImageType(bytes)): Promise<Buffer> {
  if (!type) throw new AppError(415, 'errors.file_type', { field: 'file' })
  try {
    const image = sharp(bytes, { limitInputPixels: imageLimits.maxInputPixels, animated: false, failOn: 'error' })
      .autoOrient()
      .resize({ width: imageLimits.maxSide, height: imageLimits.maxSide, fit: 'inside', withoutEnlargement: true })
    return await reencoders[type.extension](image).toBuffer()
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new AppError(413, 'errors.image_too_large', { field: 'file' })
    throw new AppError(415, 'errors.file_type', { field: 'file' })
  }
}

/** Where account images live under DATA_DIR/uploads, and the URL prefix they are served at. */
const folder = 'users'
const publicPrefix = `/uploads/${folder}/`
const ownFile = new RegExp(`^${publicPrefix}([A-Za-z0-9_-]{16,64}\\.(?:png|jpg|webp))$`)

/** Account images on disk: random names, so a name tells nothing and never collides with another. */
export function createImageStore(uploadsDir: string) {
  const directory = join(uploadsDir, folder)
  return {
    /**
     * Re-encodes the image (`reencodeImage`: refused images throw before anything is written), writes
     * it and returns the path it is served at (`/uploads/users/<random>.<ext>`).
     */
    async save(bytes: Uint8Array, type: ImageType): Promise<string> {
      const image = await reencodeImage(bytes, type)
      await mkdir(directory, { recursive: true })
      const name = `${randomToken(18)}.${type.extension}`
      await writeFile(join(directory, name), image, { flag: 'wx' })
      return `${publicPrefix}${name}`
    },

    /** Removes an image this store saved; any other value (null, an outside URL) is left alone. */
    async remove(publicPath: string | null): Promise<void> {
      const name = publicPath ? ownFile.exec(publicPath)?.[1] : undefined
      if (name) await rm(join(directory, name), { force: true })
    },
  }
}

export type ImageStore = ReturnType<typeof createImageStore>
