import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Role } from '../../server/contract/http/auth'
import { createLogger } from '../../server/lib/logger'
import { createAuthModule } from '../../server/modules/auth'
import { createI18nRepository, createI18nService } from '../../server/modules/i18n'
import { createTestDatabase } from '../helpers/databases'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'
import { currentUser, eventually, expectRefused, goodPassword, imageForm, images, mailsTo, signIn, signUp, signUpConfirmed, uniqueIdentity, uploadedFiles } from './auth-support'

let server: TestApp

beforeAll(async () => {
  server = await startTestApp({ manualClock: true })
})
afterAll(() => server.close())

const day = 24 * 60 * 60 * 1000
const saveCall = (token: string | undefined, body: unknown) => () => request(server.url, 'POST', '/api/auth/settings', { token, body })

describe('settings', () => {
  it('loads what the settings screen shows', async () => {
    const { user, token } = await createUserWithSession(server.database.db, { language: 'uk' })
    const response = await request(server.url, 'GET', '/api/auth/settings', { token })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ nickname: user.nickname, email: user.email, language: 'uk', avatar: null, placeholder: null, deleteAt: null })
  })

  it('saves nickname and language, answers the same token with the new user, and mails in the new language', async () => {
    const account = await signUpConfirmed(server)
    const nickname = uniqueIdentity('renamed').nickname
    const response = await saveCall(account.token, { settings: { nickname, language: 'he' } })()
    expect(response.status).toBe(200)
    expect(response.body.token).toBe(account.token)
    expect(response.body.user).toMatchObject({ nickname, language: 'he' })
    expect((await currentUser(server, account.token)).body).toMatchObject({ nickname, language: 'he' })

    await request(server.url, 'POST', '/api/auth/forgot', { body: { email: account.email } })
    const mails = await eventually(() => mailsTo(server, account.email), (found) => found.length === 2)
    expect(mails[1]?.subject).toBe('איפוס הסיסמה שלך ב־Mafia Table')
  })

  it('lets a user change only the case of their own nickname', async () => {
    const { user, token } = await createUserWithSession(server.database.db)
    const response = await saveCall(token, { settings: { nickname: user.nickname.toUpperCase() } })()
    expect(response.status).toBe(200)
    expect(response.body.user.nickname).toBe(user.nickname.toUpperCase())
  })

  it('an empty settings object changes nothing', async () => {
    const { user, token } = await createUserWithSession(server.database.db)
    const response = await saveCall(token, { settings: {} })()
    expect(response.status).toBe(200)
    expect(response.body.user.nickname).toBe(user.nickname)
  })

  it('refuses a nickname taken (whatever its case), too long or malformed, bad shapes and anonymous callers, writing nothing', async () => {
    const other = await createUserWithSession(server.database.db)
    const { token } = await createUserWithSession(server.database.db)
    await expectRefused(server, saveCall(token, { settings: { nickname: other.user.nickname.toUpperCase() } }), { status: 409, code: 'errors.nickname_taken', field: 'nickname' })
    await expectRefused(server, saveCall(token, { settings: { nickname: 'x'.repeat(25) } }), { status: 400, code: 'errors.too_long', field: 'nickname' })
    await expectRefused(server, saveCall(token, { settings: { nickname: 'a/b\\c' } }), { status: 400, code: 'errors.invalid_format', field: 'nickname' })
    await expectRefused(server, saveCall(token, { settings: { language: 'fr' } }), { status: 400, code: 'errors.invalid_value', field: 'language' })
    await expectRefused(server, saveCall(token, { settings: { roleId: 3 } }), { status: 400, code: 'errors.unknown_field', field: 'roleId' })
    await expectRefused(server, saveCall(token, { settings: {}, email: 'new@example.test' }), { status: 400, code: 'errors.unknown_field', field: 'email' })
    await expectRefused(server, saveCall(token, {}), { status: 400, code: 'errors.required', field: 'settings' })
    await expectRefused(server, saveCall(undefined, { settings: { language: 'de' } }), { status: 401, code: 'errors.unauthorized' })
    await expectRefused(server, () => request(server.url, 'GET', '/api/auth/settings'), { status: 401, code: 'errors.unauthorized' })
    await expectRefused(server, () => request(server.url, 'GET', '/api/auth/settings?all=1', { token }), { status: 400, code: 'errors.unknown_field', field: 'all' })
  })
})

describe('account deletion', () => {
  it(`schedules the deletion after the grace period, keeps the first date when asked again, and cancels`, async () => {
    const { token } = await createUserWithSession(server.database.db)
    const expected = new Date(server.clock!.now().getTime() + server.config.accountDeletionDays * day).toISOString()
    const scheduled = await request(server.url, 'GET', '/api/auth/deleteUser', { token })
    expect(scheduled.status).toBe(200)
    expect(scheduled.body.deleteAt).toBe(expected)

    server.clock!.advance(day)
    expect((await request(server.url, 'GET', '/api/auth/deleteUser', { token })).body.deleteAt).toBe(expected)
    expect((await request(server.url, 'GET', '/api/auth/settings', { token })).body.deleteAt).toBe(expected)

    const cancelled = await request(server.url, 'GET', '/api/auth/cancelDeleteUser', { token })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.deleteAt).toBeNull()
    expect((await currentUser(server, token)).body.deleteAt).toBeNull()
  })

  it('refuses to cancel a deletion that is not scheduled, extra input and anonymous callers, writing nothing', async () => {
    const { token } = await createUserWithSession(server.database.db)
    await expectRefused(server, () => request(server.url, 'GET', '/api/auth/cancelDeleteUser', { token }), { status: 409, code: 'errors.deletion_not_scheduled' })
    await expectRefused(server, () => request(server.url, 'GET', '/api/auth/deleteUser?now=true', { token }), { status: 400, code: 'errors.unknown_field', field: 'now' })
    await expectRefused(server, () => request(server.url, 'GET', '/api/auth/cancelDeleteUser?id=1', { token }), { status: 400, code: 'errors.unknown_field', field: 'id' })
    await expectRefused(server, () => request(server.url, 'GET', '/api/auth/deleteUser'), { status: 401, code: 'errors.unauthorized' })
    await expectRefused(server, () => request(server.url, 'GET', '/api/auth/cancelDeleteUser', { token: 'forged' }), { status: 401, code: 'errors.unauthorized' })
  })

  it('the purge deletes accounts whose time has come, with their sessions and images, and no others', async () => {
    const auth = createAuthModule({
      db: server.database.db,
      config: server.config,
      clock: server.clock!,
      mailer: { send: async () => {} },
      i18n: createI18nService(createI18nRepository(server.database.db)),
      logger: createLogger({ name: 'test', level: 'silent', file: false }),
      invalidations: server.app.invalidations,
    })
    const leaving = await signUpConfirmed(server)
    const staying = await createUserWithSession(server.database.db)
    const changedMind = await createUserWithSession(server.database.db)
    const upload = await request(server.url, 'POST', '/api/auth/uploadAvatar', { token: leaving.token, form: imageForm(images.png, 'me.png', 'image/png') })
    expect(upload.status).toBe(200)
    const avatarFile = (upload.body.avatar as string).replace('/uploads/', '')
    expect(await uploadedFiles(server)).toContain(avatarFile)

    expect((await request(server.url, 'GET', '/api/auth/deleteUser', { token: leaving.token })).status).toBe(200)
    expect((await request(server.url, 'GET', '/api/auth/deleteUser', { token: changedMind.token })).status).toBe(200)
    expect((await request(server.url, 'GET', '/api/auth/cancelDeleteUser', { token: changedMind.token })).status).toBe(200)

    server.clock!.advance(server.config.accountDeletionDays * day - 60_000)
    expect(await auth.purgeDeletedAccounts()).toBe(0)
    // Unused for two weeks, the old sessions have ended by themselves; the account is still there.
    expect((await signIn(server, leaving.email, leaving.password)).status).toBe(200)

    server.clock!.advance(120_000)
    expect(await auth.purgeDeletedAccounts()).toBe(1)
    const db = server.database.db
    expect(await db.selectFrom('users').select('id').where('id', '=', leaving.user.id).executeTakeFirst()).toBeUndefined()
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', leaving.user.id).execute()).toEqual([])
    expect(await db.selectFrom('mail_tokens').select('id').where('user_id', '=', leaving.user.id).execute()).toEqual([])
    expect(await uploadedFiles(server)).not.toContain(avatarFile)
    expect((await currentUser(server, leaving.token)).status).toBe(401)
    expect((await signIn(server, leaving.email, leaving.password)).status).toBe(401)
    const kept = await db.selectFrom('users').select('id').where('id', 'in', [staying.user.id, changedMind.user.id]).orderBy('id').execute()
    expect(kept.map((row) => row.id)).toEqual([staying.user.id, changedMind.user.id])
    // The email and nickname are free again.
    expect((await request(server.url, 'POST', '/api/auth/signup', { body: { nickname: leaving.user.nickname, email: leaving.email, password: goodPassword } })).status).toBe(200)
  })

  it('the purge also runs when the server starts', async () => {
    const database = await createTestDatabase()
    try {
      const due = await database.db
        .insertInto('users')
        .values({ nickname: 'long_gone', email: 'gone@example.test', password_hash: '!', referral_token: 'gone-referral', delete_at: new Date(Date.now() - 1000) })
        .returning('id')
        .executeTakeFirstOrThrow()
      const later = await database.db
        .insertInto('users')
        .values({ nickname: 'not_yet', email: 'later@example.test', password_hash: '!', referral_token: 'later-referral', delete_at: new Date(Date.now() + day) })
        .returning('id')
        .executeTakeFirstOrThrow()
      const started = await startTestApp({ database })
      try {
        const ids = (await database.db.selectFrom('users').select('id').execute()).map((row) => row.id)
        expect(ids).not.toContain(due.id)
        expect(ids).toContain(later.id)
      } finally {
        await started.close()
      }
    } finally {
      await database.dispose()
    }
  })
})

describe('admin from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('creates a confirmed admin at start, once', async () => {
    const database = await createTestDatabase()
    const env = { ADMIN_EMAIL: 'Boss@Example.Test', ADMIN_PASSWORD: 'admin password 1' }
    try {
      for (let start = 0; start < 2; start += 1) {
        const app = await startTestApp({ database, env })
        try {
          const response = await signIn(app, 'boss@example.test', 'admin password 1')
          expect(response.status).toBe(200)
          expect(response.body.user).toMatchObject({ roleId: Role.admin, emailConfirmation: true, adminConfirmation: true, email: 'boss@example.test' })
        } finally {
          await app.close()
        }
      }
      const admins = await database.db.selectFrom('users').select('id').where('role_id', '=', Role.admin).execute()
      expect(admins.length).toBe(1)
    } finally {
      await database.dispose()
    }
  })

  it('promotes an existing confirmed account and keeps its password', async () => {
    const database = await createTestDatabase()
    try {
      const first = await startTestApp({ database })
      const account = await signUpConfirmed(first).finally(() => first.close())
      const second = await startTestApp({ database, env: { ADMIN_EMAIL: account.email, ADMIN_PASSWORD: 'operator password' } })
      try {
        const response = await signIn(second, account.email, account.password)
        expect(response.status).toBe(200)
        expect(response.body.user.roleId).toBe(Role.admin)
        expect((await signIn(second, account.email, 'operator password')).status).toBe(401)
      } finally {
        await second.close()
      }
    } finally {
      await database.dispose()
    }
  })

  it('gives an unconfirmed account with that email the configured password, so whoever registered it first cannot get in', async () => {
    const database = await createTestDatabase()
    try {
      const first = await startTestApp({ database })
      const squatter = await signUp(first).finally(() => first.close())
      const second = await startTestApp({ database, env: { ADMIN_EMAIL: squatter.email, ADMIN_PASSWORD: 'operator password' } })
      try {
        expect((await signIn(second, squatter.email, squatter.password)).status).toBe(401)
        const confirm = await request(second.url, 'POST', '/api/auth/signup/confirm', { body: { token: squatter.confirmToken } })
        expect(confirm.status).toBe(410)
        const response = await signIn(second, squatter.email, 'operator password')
        expect(response.status).toBe(200)
        expect(response.body.user).toMatchObject({ roleId: Role.admin, emailConfirmation: true })
      } finally {
        await second.close()
      }
    } finally {
      await database.dispose()
    }
  })
})
