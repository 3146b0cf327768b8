import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bugLimits } from '../../server/contract/http/bugs'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

type Person = { id: number; token: string }

describe('bug reports', () => {
  let server: TestApp
  let player: Person
  let other: Person
  let moderator: Person
  let admin: Person
  let screenshot: Buffer
  const person = async (role_id = 1): Promise<Person> => {
    const { user, token } = await createUserWithSession(server.database.db, { role_id })
    return { id: user.id, token }
  }
  const form = (fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(fields)) data.append(name, value)
    if (file) data.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
    return data
  }
  const file = (token: string | undefined, data: FormData) => request(server.url, 'POST', '/api/bugs', { token, form: data })
  const list = (token: string | undefined, query = '') => request(server.url, 'GET', `/api/bugs${query}`, { token })
  const solve = (token: string | undefined, id: number | string, body: unknown) => request(server.url, 'PATCH', `/api/bugs/${id}`, { token, body })
  const image = (token: string | undefined, id: number) => fetch(`${server.url}/api/bugs/${id}/image`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  const stored = async () => Number((await server.database.db.selectFrom('bug_reports').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)

  beforeAll(async () => {
    server = await startTestApp()
    ;[player, other, moderator, admin] = await Promise.all([person(), person(), person(2), person(3)])
    screenshot = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c03030' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer()
  }, 180_000)
  afterAll(() => server?.close())

  it('a player files a report with a screenshot and its context; they and staff see it and its image, nobody else does', async () => {
    const filed = await file(
      player.token,
      form({ title: '  Timer froze  ', text: 'The day timer stopped at 0:12.', pageUrl: 'http://localhost/lobby/3', appVersion: '1.2.3', platform: 'web', browser: 'Chromium 130' }, { bytes: screenshot, name: 'shot.png', type: 'image/png' }),
    )
    expect(filed.status).toBe(200)
    expect(filed.body).toMatchObject({ userId: player.id, title: 'Timer froze', text: 'The day timer stopped at 0:12.', pageUrl: 'http://localhost/lobby/3', appVersion: '1.2.3', platform: 'web', browser: 'Chromium 130', hasImage: true, is_solved: false })
    const id = filed.body.id as number

    // The reporter's own list holds it; another user's list does not, even when they ask for the reporter's reports.
    expect((await list(player.token)).body.items.map((item: { id: number }) => item.id)).toContain(id)
    const foreign = await list(other.token, `?userId=${player.id}`)
    expect(foreign.status).toBe(200)
    expect(foreign.body).toEqual({ items: [], total: 0 })

    // The image: re-encoded PNG (the EXIF gone), to the reporter and staff; 404 to anyone else, 401 anonymous.
    const own = await image(player.token, id)
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('image/png')
    expect(own.headers.get('cache-control')).toContain('no-store')
    const bytes = Buffer.from(await own.arrayBuffer())
    expect((await sharp(bytes).metadata()).width).toBe(40)
    expect(bytes.includes('secret-camera-owner')).toBe(false)
    expect((await image(moderator.token, id)).status).toBe(200)
    expect((await image(admin.token, id)).status).toBe(200)
    expect((await image(other.token, id)).status).toBe(404)
    expect((await image(undefined, id)).status).toBe(401)

    // Staff read everyone's reports, filtered by reporter, solved state and date.
    const second = await file(other.token, form({ title: 'Chat', text: 'Messages arrive twice.' }))
    expect(second.body.hasImage).toBe(false)
    const all = await list(moderator.token, '?limit=50')
    expect(all.body.items.map((item: { id: number }) => item.id)).toEqual(expect.arrayContaining([id, second.body.id]))
    expect(all.body.items.find((item: { id: number }) => item.id === id).nickname).toEqual(expect.any(String))
    const byUser = await list(admin.token, `?userId=${other.id}`)
    expect(byUser.body).toMatchObject({ total: 1, items: [{ id: second.body.id }] })
    const future = new Date(Date.now() + 3_600_000).toISOString()
    expect((await list(admin.token, `?from=${encodeURIComponent(future)}`)).body).toEqual({ items: [], total: 0 })
    const past = new Date(Date.now() - 3_600_000).toISOString()
    expect((await list(admin.token, `?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}&userId=${player.id}`)).body.total).toBe(1)
    // Staff's own list (`mine`) holds only their reports.
    expect((await list(moderator.token, '?mine=true')).body).toEqual({ items: [], total: 0 })

    // Bad filters and pages past the last are refused with a reason.
    expect((await list(admin.token, '?solved=maybe')).status).toBe(400)
    expect((await list(admin.token, `?from=${encodeURIComponent(future)}&to=${encodeURIComponent(past)}`)).body).toMatchObject({ code: 'errors.invalid_value', field: 'to' })
    expect((await list(admin.token, '?page=99')).body).toMatchObject({ statusCode: 400, code: 'errors.page_out_of_range' })
    expect((await list(undefined)).status).toBe(401)
  })

  it('staff mark a report solved (audited); the reporter sees it solved; users cannot, unknown ids are refused', async () => {
    const filed = await file(player.token, form({ title: 'Mic', text: 'No sound after reconnect.' }))
    const id = filed.body.id as number

    const refused = await solve(player.token, id, { is_solved: true })
    expect(refused.status).toBe(403)
    expect((await solve(undefined, id, { is_solved: true })).status).toBe(401)
    expect((await list(player.token)).body.items.find((item: { id: number }) => item.id === id).is_solved).toBe(false)

    const solved = await solve(moderator.token, id, { is_solved: true })
    expect(solved.status).toBe(200)
    expect(solved.body).toMatchObject({ id, is_solved: true, solvedAt: expect.any(String) })
    const mine = await list(player.token, '?solved=true')
    expect(mine.body.items.map((item: { id: number }) => item.id)).toEqual([id])

    const audit = await server.database.db.selectFrom('admin_audit').selectAll().where('target_type', '=', 'bug_report').where('target_id', '=', String(id)).execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actor_id: moderator.id, action: 'bug.update', before: { is_solved: false }, after: { is_solved: true } })

    // Open again, by an admin.
    expect((await solve(admin.token, id, { is_solved: false })).body).toMatchObject({ is_solved: false, solvedAt: null })

    expect((await solve(admin.token, 999_999, { is_solved: true })).body).toMatchObject({ statusCode: 404, code: 'errors.not_found' })
    expect((await solve(admin.token, id, { is_solved: 'yes' })).status).toBe(400)
    expect((await solve(admin.token, id, { is_solved: true, title: 'x' })).status).toBe(400)
  })

  it('refuses a report without title or text, a non-image or oversized attachment, unknown fields and strangers, storing nothing', async () => {
    const before = await stored()
    const missingTitle = await file(player.token, form({ title: '   ', text: 'text' }))
    expect(missingTitle.body).toMatchObject({ statusCode: 400, code: 'form.validation.required', field: 'title' })
    expect((await file(player.token, form({ title: 'title' }))).body).toMatchObject({ code: 'form.validation.required', field: 'text' })

    const script = Buffer.from('<script>alert(1)</script>'.padEnd(200, ' '))
    const notImage = await file(player.token, form({ title: 't', text: 'x' }, { bytes: script, name: 'shot.png', type: 'image/png' }))
    expect(notImage.body).toMatchObject({ statusCode: 415, code: 'errors.file_type', field: 'file' })

    const huge = Buffer.concat([screenshot, Buffer.alloc(bugLimits.imageMaxBytes)])
    const oversized = await file(player.token, form({ title: 't', text: 'x' }, { bytes: huge, name: 'big.png', type: 'image/png' }))
    expect(oversized.body).toMatchObject({ statusCode: 413, code: 'errors.file_too_large', field: 'file' })

    expect((await file(player.token, form({ title: 't', text: 'x', secret: 'y' }))).body).toMatchObject({ code: 'errors.unknown_field' })
    expect((await file(player.token, form({ title: 'x'.repeat(bugLimits.titleMax + 1), text: 'x' }))).body).toMatchObject({ code: 'errors.too_long', field: 'title' })
    expect((await request(server.url, 'POST', '/api/bugs', { token: player.token, body: { title: 't', text: 'x' } })).status).toBe(400)
    expect((await file(undefined, form({ title: 't', text: 'x' }))).status).toBe(401)
    expect(await stored()).toBe(before)
  })

  it('limits how many reports one user files per hour', async () => {
    const sender = await person()
    for (let index = 0; index < bugLimits.reportsPerHour; index += 1) expect((await file(sender.token, form({ title: `t${index}`, text: 'x' }))).status).toBe(200)
    const limited = await file(sender.token, form({ title: 'one more', text: 'x' }))
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('errors.rate_limited')
    // Another user is not limited by it.
    expect((await file(other.token, form({ title: 'mine', text: 'x' }))).status).toBe(200)
  })
})
