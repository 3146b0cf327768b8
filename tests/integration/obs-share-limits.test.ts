import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../server/modules/auth'
import { sharePageLimit } from '../../server/modules/sharing'
import { request } from '../helpers/http'
import { closeOpenSockets, connectSharePage, nextEvent, type TestSocket } from '../helpers/sockets'
import { linkIn, startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'
import { eventually, mailsTo } from './auth-support'

afterEach(closeOpenSockets)

/** A streamer who can sign in with a password, and a share key of theirs. */
async function streamerWithKey(server: TestApp, password = 'streamer password 1') {
  const { user, token } = await createUserWithSession(server.database.db)
  await server.database.db.updateTable('users').set({ password_hash: await hashPassword(password) }).where('id', '=', user.id).execute()
  const made = await request(server.url, 'POST', '/api/auth/shareKey', { token })
  expect(made.status).toBe(200)
  return { user, token, password, key: made.body.key as string }
}

const keyRows = (server: TestApp, userId: number) => server.database.db.selectFrom('share_keys').select('key_hash').where('user_id', '=', userId).execute()

describe('the streamer page', () => {
  let server: TestApp
  beforeAll(async () => {
    server = await startTestApp()
  })
  afterAll(() => server.close())

  it(`a share key opens at most ${sharePageLimit} pages at once: the next is refused at the handshake, the open ones stay`, async () => {
    const streamer = await streamerWithKey(server)
    const pages: TestSocket[] = []
    for (let page = 0; page < sharePageLimit; page++) pages.push(await connectSharePage(server.url, streamer.key))

    await expect(connectSharePage(server.url, streamer.key)).rejects.toThrow('errors.share.too_many_pages')
    expect(pages.every((page) => page.connected)).toBe(true)
    expect(await keyRows(server, streamer.user.id)).toHaveLength(1)

    // Another streamer's pages are counted apart.
    const other = await streamerWithKey(server)
    await connectSharePage(server.url, other.key)

    // A page that closes frees its place.
    pages[0]?.disconnect()
    await eventually(async () => (await server.app.io.in(`share:${streamer.user.id}`).fetchSockets()).length, (count) => count === sharePageLimit - 1)
    expect((await connectSharePage(server.url, streamer.key)).connected).toBe(true)
  })

  it('a password reset revokes the key: its open pages end, and it opens none again', async () => {
    const streamer = await streamerWithKey(server)
    const page = await connectSharePage(server.url, streamer.key)
    const ended = nextEvent(page, 'share:ended')
    const gone = new Promise((resolve) => page.once('disconnect', resolve))

    expect((await request(server.url, 'POST', '/api/auth/forgot', { body: { email: streamer.user.email } })).status).toBe(200)
    const [mail] = await eventually(() => mailsTo(server, streamer.user.email), (mails) => mails.length === 1)
    const reset = await request(server.url, 'POST', '/api/auth/forgot/confirm', { body: { token: linkIn((mail as { text: string }).text, 'reset'), password: 'a brand new password' } })
    expect(reset.status).toBe(200)

    expect(await ended).toEqual({ reason: 'revoked' })
    await gone
    expect(await keyRows(server, streamer.user.id)).toEqual([])
    await expect(connectSharePage(server.url, streamer.key)).rejects.toThrow('errors.share.key_invalid')
    expect((await request(server.url, 'GET', '/api/auth/shareKey', { token: reset.body.token })).body).toEqual({ active: false, createdAt: null })
  })

  it('a password change revokes the key too; a refused change keeps it', async () => {
    const streamer = await streamerWithKey(server)
    const page = await connectSharePage(server.url, streamer.key)

    const wrong = await request(server.url, 'POST', '/api/auth/change_password', { token: streamer.token, body: { currentPassword: 'not my password', newPassword: 'a brand new password' } })
    expect(wrong.status).toBeGreaterThanOrEqual(400)
    expect(await keyRows(server, streamer.user.id)).toHaveLength(1)
    expect(page.connected).toBe(true)

    const ended = nextEvent(page, 'share:ended')
    const changed = await request(server.url, 'POST', '/api/auth/change_password', { token: streamer.token, body: { currentPassword: streamer.password, newPassword: 'a brand new password' } })
    expect(changed.status).toBe(200)
    expect(await ended).toEqual({ reason: 'revoked' })
    expect(await keyRows(server, streamer.user.id)).toEqual([])
    await expect(connectSharePage(server.url, streamer.key)).rejects.toThrow('errors.share.key_invalid')
  })

  it('a ban closes the streamer’s pages at once, and the key opens none while it stands', async () => {
    const streamer = await streamerWithKey(server)
    const page = await connectSharePage(server.url, streamer.key)
    const gone = new Promise((resolve) => page.once('disconnect', resolve))
    await server.app.accounts.banUser(streamer.user.id, 'cheating', new Date(Date.now() + 60 * 60_000))
    await gone
    await expect(connectSharePage(server.url, streamer.key)).rejects.toThrow('errors.share.key_invalid')
  })
})
