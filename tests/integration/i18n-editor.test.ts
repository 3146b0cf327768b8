import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

type Constant = { id: number; constant: string; translates: Array<{ locale: string; translate: string; source: string }> }

describe('translation editor', () => {
  // `main` exchanges texts with `other` (I18N_SYNC_URL); `other` has no instance of its own configured.
  let other: TestApp
  let main: TestApp
  let admin: string
  let otherAdmin: string
  let moderator: string
  let player: string

  const call = (server: TestApp, token: string | undefined, method: string, path: string, body?: unknown) => request(server.url, method, path, { token, body })
  const find = async (server: TestApp, token: string, constant: string): Promise<Constant> => {
    const answer = await call(server, token, 'GET', `/api/i18n/list?group=mafia&search=${encodeURIComponent(constant)}&limit=200`)
    return (answer.body.items as Constant[]).find((item) => item.constant === constant) as Constant
  }
  const text = (item: Constant, locale: string) => item.translates.find((translate) => translate.locale === locale)?.translate
  const publicText = async (server: TestApp, locale: string, path: string[]) => {
    let node: unknown = (await request(server.url, 'GET', `/api/i18n/mafia/${locale}`)).body
    for (const part of path) node = (node as Record<string, unknown>)[part]
    return node
  }

  beforeAll(async () => {
    other = await startTestApp()
    otherAdmin = (await createUserWithSession(other.database.db, { role_id: 3 })).token
    main = await startTestApp({ env: { I18N_SYNC_URL: other.url, I18N_SYNC_TOKEN: otherAdmin } })
    admin = (await createUserWithSession(main.database.db, { role_id: 3 })).token
    moderator = (await createUserWithSession(main.database.db, { role_id: 2 })).token
    player = (await createUserWithSession(main.database.db)).token
  }, 180_000)
  afterAll(async () => {
    await Promise.all([main?.close(), other?.close()])
  })

  it('admins list groups and a group\'s constants in every language; nobody else may', async () => {
    const groups = await call(main, admin, 'GET', '/api/i18n/groups')
    expect(groups.status).toBe(200)
    const mafia = groups.body.items.find((group: { name: string }) => group.name === 'mafia')
    expect(mafia.constants).toBeGreaterThan(100)
    expect(groups.body.items.map((group: { name: string }) => group.name)).toContain('pages')

    const copyright = await find(main, admin, 'footer.copyright')
    expect(copyright.translates.map((translate) => translate.locale).sort()).toEqual(['de', 'en', 'he', 'uk'])
    expect(text(copyright, 'en')).toContain('{{year}}')

    for (const path of ['/api/i18n/groups', '/api/i18n/list?group=mafia', '/api/i18n/load']) {
      expect((await call(main, undefined, 'GET', path)).status).toBe(401)
      expect((await call(main, player, 'GET', path)).status).toBe(403)
      expect((await call(main, moderator, 'GET', path)).status).toBe(403)
    }
    expect((await call(main, moderator, 'POST', '/api/i18n/set', { id: copyright.id, constant: 'footer.copyright', translates: [{ locale: 'he', translate: 'x {{year}}' }] })).status).toBe(403)
    expect((await call(main, admin, 'GET', '/api/i18n/list?group=nosuchgroup')).status).toBe(404)
    expect((await call(main, admin, 'GET', '/api/i18n/list?group=mafia&page=9999')).body.code).toBe('errors.page_out_of_range')
    expect((await call(main, admin, 'GET', '/api/i18n/list?group=mafia&missing=true&locale=xx')).body.code).toBe('errors.i18n.unknown_locale')
  })

  it('an edit in every language at once is live at the next locale load, kept as the admin\'s, and audited; a text emptied shows as missing', async () => {
    const item = await find(main, admin, 'footer.copyright')
    expect(await publicText(main, 'he', ['footer', 'copyright'])).toBe(text(item, 'he'))
    const edited = await call(main, admin, 'POST', '/api/i18n/set', {
      id: item.id,
      constant: 'footer.copyright',
      translates: [
        { locale: 'he', translate: '© {{year}} שולחן המאפיה החדש' },
        { locale: 'de', translate: '' },
      ],
    })
    expect(edited.status).toBe(200)
    expect(text(edited.body, 'he')).toBe('© {{year}} שולחן המאפיה החדש')
    expect(edited.body.translates.find((translate: { locale: string }) => translate.locale === 'he').source).toBe('admin')
    expect(text(edited.body, 'de')).toBeUndefined()
    // The public message set (cached per locale) serves the new text at once.
    expect(await publicText(main, 'he', ['footer', 'copyright'])).toBe('© {{year}} שולחן המאפיה החדש')

    const missing = await call(main, admin, 'GET', '/api/i18n/list?group=mafia&missing=true&locale=de&search=footer.copyright')
    expect(missing.body.items.map((entry: Constant) => entry.constant)).toContain('footer.copyright')

    const audit = await main.database.db.selectFrom('admin_audit').selectAll().where('target_type', '=', 'i18n_constant').where('target_id', '=', String(item.id)).execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'translation.update', before: { texts: { he: text(item, 'he'), de: text(item, 'de') } }, after: { texts: { he: '© {{year}} שולחן המאפיה החדש' } } })
  })

  it('refuses unknown locales, placeholders that differ from English, an emptied English text and unknown ids, changing nothing', async () => {
    const item = await find(main, admin, 'footer.copyright')
    const set = (body: unknown) => call(main, admin, 'POST', '/api/i18n/set', body)
    expect((await set({ id: item.id, constant: item.constant, translates: [{ locale: 'xx', translate: 'a {{year}}' }] })).body).toMatchObject({ statusCode: 400, code: 'errors.i18n.unknown_locale', field: 'translates.0.locale' })
    expect((await set({ id: item.id, constant: item.constant, translates: [{ locale: 'uk', translate: '© {{yaer}}' }] })).body).toMatchObject({ code: 'errors.i18n.placeholders', field: 'translates.0.translate' })
    expect((await set({ id: item.id, constant: item.constant, translates: [{ locale: 'uk', translate: '© без року' }] })).body.code).toBe('errors.i18n.placeholders')
    expect((await set({ id: item.id, constant: item.constant, translates: [{ locale: 'en', translate: '  ' }] })).body.code).toBe('errors.i18n.english_required')
    expect((await set({ id: item.id, constant: 'footer.label', translates: [{ locale: 'uk', translate: '© {{year}}' }] })).body.code).toBe('errors.i18n.constant_mismatch')
    expect((await set({ id: 99_999_999, constant: item.constant, translates: [{ locale: 'uk', translate: '© {{year}}' }] })).body).toMatchObject({ statusCode: 404, code: 'errors.not_found' })
    expect((await set({ id: item.id, constant: item.constant, translates: [] })).status).toBe(400)
    expect(await find(main, admin, 'footer.copyright')).toEqual(item)
  })

  it('without I18N_SYNC_URL, load and the two syncs answer a clear error', async () => {
    for (const path of ['/api/i18n/load', '/api/i18n/syncToProd', '/api/i18n/syncFromProd']) {
      expect((await call(other, otherAdmin, 'GET', path)).body).toMatchObject({ statusCode: 503, code: 'errors.i18n.sync_not_configured' })
    }
  })

  it('compares with the other instance, sends texts there and takes texts from there', async () => {
    // main edited footer.copyright (he) and emptied its German text: the comparison shows it, writing nothing.
    const load = await call(main, admin, 'GET', '/api/i18n/load')
    expect(load.status).toBe(200)
    expect(load.body.items).toContainEqual({ group: 'mafia', constant: 'footer.copyright', locale: 'he', local: '© {{year}} שולחן המאפיה החדש', remote: expect.any(String) })
    expect(await publicText(other, 'he', ['footer', 'copyright'])).not.toBe('© {{year}} שולחן המאפיה החדש')

    const sent = await call(main, admin, 'GET', '/api/i18n/syncToProd')
    expect(sent.status).toBe(200)
    expect(sent.body.changed).toBeGreaterThanOrEqual(1)
    expect(await publicText(other, 'he', ['footer', 'copyright'])).toBe('© {{year}} שולחן המאפיה החדש')

    // Now the other instance edits a text, and main takes it.
    const there = await find(other, otherAdmin, 'footer.support')
    expect((await call(other, otherAdmin, 'POST', '/api/i18n/set', { id: there.id, constant: 'footer.support', translates: [{ locale: 'uk', translate: 'Підтримка гравців' }] })).status).toBe(200)
    expect((await call(main, admin, 'GET', '/api/i18n/load')).body.items).toContainEqual({ group: 'mafia', constant: 'footer.support', locale: 'uk', local: expect.any(String), remote: 'Підтримка гравців' })
    const taken = await call(main, admin, 'GET', '/api/i18n/syncFromProd')
    expect(taken.status).toBe(200)
    expect(await publicText(main, 'uk', ['footer', 'support'])).toBe('Підтримка гравців')
    // The German text main emptied came back from there (syncFromProd fills missing texts).
    expect(text(await find(main, admin, 'footer.copyright'), 'de')).toEqual(expect.any(String))
    expect((await call(main, admin, 'GET', '/api/i18n/load')).body).toEqual({ items: [], total: 0 })

    const actions = (await main.database.db.selectFrom('admin_audit').select('action').execute()).map((row) => row.action)
    expect(actions).toEqual(expect.arrayContaining(['translation.sync_to', 'translation.sync_from']))
  })
})
