import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../server/contract/http/auth'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'
import { currentUser, expectRefused, imageForm, images, uploadedFiles } from './auth-support'

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
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes)
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
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
