import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

describe('advertising', () => {
  let server: TestApp
  let admin: string
  let moderator: string
  let player: string
  const call = (token: string | undefined, method: string, path: string, body?: unknown) => request(server.url, method, path, { token, body })
  const hour = 3_600_000
  const at = (offset: number) => new Date(Date.now() + offset).toISOString()

  beforeAll(async () => {
    server = await startTestApp()
    admin = (await createUserWithSession(server.database.db, { role_id: 3 })).token
    moderator = (await createUserWithSession(server.database.db, { role_id: 2 })).token
    player = (await createUserWithSession(server.database.db)).token
  }, 180_000)
  afterAll(() => server?.close())

  it('admins create, edit and delete adverts (each audited); the public calls serve the active ones in order', async () => {
    const second = await call(admin, 'POST', '/api/admin/advertising', { kind: 'stream', videoUrl: 'https://video.example/b', thumbnailUrl: 'https://img.example/b.jpg', order: 2 })
    expect(second.status).toBe(200)
    const first = await call(admin, 'POST', '/api/admin/advertising', { kind: 'stream', videoUrl: 'https://video.example/a', thumbnailUrl: 'https://img.example/a.jpg', order: 1, activeFrom: at(-hour) })
    const later = await call(admin, 'POST', '/api/admin/advertising', { kind: 'stream', videoUrl: 'https://video.example/c', thumbnailUrl: 'https://img.example/c.jpg', activeFrom: at(hour) })
    const over = await call(admin, 'POST', '/api/admin/advertising', { kind: 'stream', videoUrl: 'https://video.example/d', thumbnailUrl: 'https://img.example/d.jpg', activeFrom: at(-2 * hour), activeUntil: at(-hour) })
    const cup = await call(admin, 'POST', '/api/admin/advertising', {
      kind: 'tournament',
      imageUrl: '/uploads/tournaments/cup.png',
      name: 'Winter Cup',
      price: 25.5,
      currency: 'EUR',
      startDate: at(48 * hour),
      registrationLink: 'https://club.example/winter',
    })
    expect(cup.body).toMatchObject({ kind: 'tournament', name: 'Winter Cup', price: 25.5, currency: 'EUR', order: 0 })

    const streams = await call(undefined, 'GET', '/api/streams/advertise')
    expect(streams.status).toBe(200)
    expect(streams.body.items).toEqual([
      { id: first.body.id, videoUrl: 'https://video.example/a', thumbnailUrl: 'https://img.example/a.jpg' },
      { id: second.body.id, videoUrl: 'https://video.example/b', thumbnailUrl: 'https://img.example/b.jpg' },
    ])
    const tournaments = await call(player, 'GET', '/api/advertising')
    expect(tournaments.body).toEqual({
      total: 1,
      items: [{ id: cup.body.id, imageUrl: '/uploads/tournaments/cup.png', name: 'Winter Cup', price: 25.5, currency: 'EUR', startDate: expect.any(String), registrationLink: 'https://club.example/winter' }],
    })

    // The admin list holds every advert, active or not.
    const all = await call(admin, 'GET', '/api/admin/advertising?kind=stream')
    expect(all.body.total).toBe(4)
    expect(all.body.items.map((item: { id: number }) => item.id)).toEqual(expect.arrayContaining([later.body.id, over.body.id]))

    // Reordered: the second comes first.
    const moved = await call(admin, 'PATCH', `/api/admin/advertising/${second.body.id}`, { order: 0 })
    expect(moved.body.order).toBe(0)
    expect((await call(undefined, 'GET', '/api/streams/advertise')).body.items.map((item: { id: number }) => item.id)).toEqual([second.body.id, first.body.id])

    const removed = await call(admin, 'DELETE', `/api/admin/advertising/${cup.body.id}`)
    expect(removed.body).toEqual({ id: cup.body.id })
    expect((await call(undefined, 'GET', '/api/advertising')).body).toEqual({ items: [], total: 0 })

    const audit = await server.database.db.selectFrom('admin_audit').selectAll().where('target_type', '=', 'advert').orderBy('id').execute()
    expect(audit.map((entry) => entry.action)).toEqual(['advert.create', 'advert.create', 'advert.create', 'advert.create', 'advert.create', 'advert.update', 'advert.delete'])
    expect(audit[5]).toMatchObject({ target_id: String(second.body.id), before: { order: 2 }, after: { order: 0 } })
    expect(audit[6]).toMatchObject({ before: { name: 'Winter Cup' }, after: null })
  })

  it('refuses missing fields, reversed dates, bad addresses, unknown ids, and everyone but admins, writing nothing', async () => {
    const count = async () => (await server.database.db.selectFrom('adverts').select('id').execute()).length
    const before = await count()
    const create = (body: unknown, token = admin) => call(token, 'POST', '/api/admin/advertising', body)
    expect((await create({ kind: 'stream', videoUrl: 'https://video.example/x' })).body).toMatchObject({ statusCode: 400, code: 'errors.advertising.field_required', field: 'thumbnailUrl' })
    expect((await create({ kind: 'tournament', imageUrl: 'https://img.example/x.png', registrationLink: 'https://club.example' })).body).toMatchObject({ code: 'errors.advertising.field_required', field: 'name' })
    expect(
      (await create({ kind: 'stream', videoUrl: 'https://video.example/x', thumbnailUrl: 'https://img.example/x.png', activeFrom: at(hour), activeUntil: at(-hour) })).body,
    ).toMatchObject({ code: 'errors.advertising.dates', field: 'activeUntil' })
    expect((await create({ kind: 'stream', videoUrl: 'javascript:alert(1)', thumbnailUrl: 'https://img.example/x.png' })).status).toBe(400)
    expect((await create({ kind: 'stream', videoUrl: 'https://video.example/x', thumbnailUrl: 'https://img.example/x.png', price: -1 })).status).toBe(400)
    expect((await create({ kind: 'banner', videoUrl: 'https://video.example/x' })).status).toBe(400)
    const valid = { kind: 'stream', videoUrl: 'https://video.example/x', thumbnailUrl: 'https://img.example/x.png' }
    expect((await create(valid, player)).status).toBe(403)
    expect((await create(valid, moderator)).status).toBe(403)
    expect((await call(undefined, 'POST', '/api/admin/advertising', valid)).status).toBe(401)
    expect((await call(player, 'GET', '/api/admin/advertising')).status).toBe(403)
    expect(await count()).toBe(before)

    const made = await create(valid)
    expect((await call(admin, 'PATCH', `/api/admin/advertising/${made.body.id}`, { thumbnailUrl: null })).body).toMatchObject({ code: 'errors.advertising.field_required', field: 'thumbnailUrl' })
    expect((await call(admin, 'PATCH', `/api/admin/advertising/${made.body.id}`, {})).status).toBe(400)
    expect((await call(moderator, 'PATCH', `/api/admin/advertising/${made.body.id}`, { order: 5 })).status).toBe(403)
    expect((await call(player, 'DELETE', `/api/admin/advertising/${made.body.id}`)).status).toBe(403)
    expect((await call(admin, 'PATCH', '/api/admin/advertising/999999', { order: 1 })).body).toMatchObject({ statusCode: 404, code: 'errors.not_found' })
    expect((await call(admin, 'DELETE', '/api/admin/advertising/999999')).body).toMatchObject({ statusCode: 404, code: 'errors.not_found' })
    expect((await call(admin, 'GET', '/api/admin/advertising?page=500')).body.code).toBe('errors.page_out_of_range')
    const stored = await server.database.db.selectFrom('adverts').selectAll().where('id', '=', made.body.id).executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ thumbnail_url: 'https://img.example/x.png', sort_order: 0 })
  })
})
