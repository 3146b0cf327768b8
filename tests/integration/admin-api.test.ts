import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { adminLimits } from '../../server/contract/http/admin'
import { request } from '../helpers/http'
import { requestResult } from '../helpers/requests'
import { closeOpenSockets, connectSocket, nextEvent, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'
import { signIn, signUpConfirmed } from './auth-support'

/** The admin panel's core over HTTP: users, bans, tables, the dashboard's switches, the audit trail. */
describe('admin panel', () => {
  let server: TestApp
  let admin: { id: number; token: string }
  let moderator: { id: number; token: string }
  let player: { id: number; token: string }
  const person = async (overrides: Parameters<typeof createUserWithSession>[1] = {}) => {
    const { user, token } = await createUserWithSession(server.database.db, overrides)
    return { id: user.id, token }
  }
  const call = (token: string | undefined, method: string, path: string, body?: unknown) => request(server.url, method, path, { token, body })
  const auditOf = async (action: string, targetId: number | string) =>
    (await call(admin.token, 'GET', `/api/admin/audit?action=${action}&targetType=${action.split('.')[0] === 'setting' ? 'setting' : action.startsWith('lobby') ? 'lobby' : 'user'}&targetId=${targetId}`)).body
  const userRow = (id: number) => server.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const bansOf = (id: number) => server.database.db.selectFrom('bans').selectAll().where('user_id', '=', id).execute()
  const auditCount = async () => Number((await server.database.db.selectFrom('admin_audit').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)

  beforeAll(async () => {
    server = await startTestApp()
    admin = await person({ role_id: 3, nickname: `boss${Date.now()}` })
    moderator = await person({ role_id: 2 })
    player = await person()
  })
  afterEach(closeOpenSockets)
  afterAll(() => server.close())

  it('users: literal search, filters, sort and paging with {items,total}; bad filters and pages past the end are refused', async () => {
    const tag = `zq${Date.now().toString(36)}`
    const premium = await person({ nickname: `${tag}_alpha`, is_premium: true })
    const plain = await person({ nickname: `${tag}_beta`, email: `${tag}%beta@example.test` })
    await server.database.db.updateTable('users').set({ admin_confirmation: true }).where('id', '=', premium.id).execute()
    await server.database.db.updateTable('users').set({ admin_confirmation: false }).where('id', '=', plain.id).execute()

    const found = await call(moderator.token, 'GET', `/api/admin/users?search=${tag.toUpperCase()}&sort=nickname&order=asc`)
    expect(found.status).toBe(200)
    expect(found.body.total).toBe(2)
    expect(found.body.items.map((user: { id: number }) => user.id)).toEqual([premium.id, plain.id])
    expect(found.body.items[0]).toMatchObject({ nickname: `${tag}_alpha`, isPremium: true, bans: [], roleId: 1, lastSeenAt: expect.any(String) })
    // Taken literally: '%' is a character to find, not a wildcard; '_' matches only itself.
    expect((await call(admin.token, 'GET', `/api/admin/users?search=${encodeURIComponent(`${tag}%`)}`)).body.items.map((user: { id: number }) => user.id)).toEqual([plain.id])
    expect((await call(admin.token, 'GET', `/api/admin/users?search=${encodeURIComponent(`${tag.slice(0, -1)}_`)}`)).body.total).toBe(0)
    expect((await call(admin.token, 'GET', `/api/admin/users?search=${tag}&premium=true`)).body.items.map((user: { id: number }) => user.id)).toEqual([premium.id])
    expect((await call(admin.token, 'GET', `/api/admin/users?search=${tag}&unconfirmed=true`)).body.items.map((user: { id: number }) => user.id)).toEqual([plain.id])
    expect((await call(admin.token, 'GET', '/api/admin/users?role=3')).body.items.map((user: { id: number }) => user.id)).toEqual([admin.id])

    const firstPage = await call(admin.token, 'GET', `/api/admin/users?search=${tag}&sort=nickname&order=desc&limit=1&page=2`)
    expect(firstPage.body).toMatchObject({ total: 2, items: [{ id: premium.id }] })
    const past = await call(admin.token, 'GET', `/api/admin/users?search=${tag}&limit=1&page=3`)
    expect(past.status).toBe(400)
    expect(past.body.code).toBe('errors.admin.page_out_of_range')
    for (const bad of ['role=9', 'sort=password_hash', 'banned=perhaps', `limit=${adminLimits.limitMax + 1}`, 'page=0', 'whatever=1']) {
      expect((await call(admin.token, 'GET', `/api/admin/users?${bad}`)).status, bad).toBe(400)
    }
    expect((await call(admin.token, 'GET', '/api/admin/users/999999')).status).toBe(404)
    expect((await call(admin.token, 'GET', `/api/admin/users/${premium.id}`)).body).toMatchObject({ id: premium.id, isPremium: true })
  })

  it('edits: a moderator edits the nickname and confirmations but never a role or an admin; the last admin keeps the role; each change is audited', async () => {
    const target = await person()
    const before = await auditCount()
    const edited = await call(moderator.token, 'POST', `/api/admin/users/${target.id}`, { nickname: '  Renamed Player  ', emailConfirmation: false, adminConfirmation: true })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ id: target.id, nickname: 'Renamed Player', emailConfirmation: false, adminConfirmation: true })
    // The session sees the change at once (its cached user was forgotten).
    expect((await call(target.token, 'GET', '/api/auth')).body.nickname).toBe('Renamed Player')

    const refusedRole = await call(moderator.token, 'POST', `/api/admin/users/${target.id}`, { roleId: 2 })
    expect([refusedRole.status, refusedRole.body.code]).toEqual([403, 'errors.admin.admins_only'])
    const refusedAdmin = await call(moderator.token, 'POST', `/api/admin/users/${admin.id}`, { nickname: 'hijacked' })
    expect([refusedAdmin.status, refusedAdmin.body.code]).toEqual([403, 'errors.admin.admins_only'])
    const lastAdmin = await call(admin.token, 'POST', `/api/admin/users/${admin.id}`, { roleId: 1 })
    expect([lastAdmin.status, lastAdmin.body.code]).toEqual([409, 'errors.admin.last_admin'])
    const taken = await call(admin.token, 'POST', `/api/admin/users/${target.id}`, { nickname: (await userRow(player.id)).nickname.toUpperCase() })
    expect([taken.status, taken.body.code]).toEqual([409, 'errors.nickname_taken'])
    for (const bad of [{}, { nickname: '   ' }, { roleId: 4 }, { email: 'x@example.test' }]) {
      expect((await call(admin.token, 'POST', `/api/admin/users/${target.id}`, bad)).status, JSON.stringify(bad)).toBe(400)
    }
    expect((await call(admin.token, 'POST', '/api/admin/users/999999', { nickname: 'ghost' })).status).toBe(404)
    expect(await userRow(admin.id)).toMatchObject({ role_id: 3, nickname: expect.stringMatching(/^boss/) })
    expect(await auditCount()).toBe(before + 1)

    expect((await call(admin.token, 'POST', `/api/admin/users/${target.id}`, { roleId: 2 })).body.roleId).toBe(2)
    const trail = await auditOf('user.update', target.id)
    expect(trail.total).toBe(2)
    expect(trail.items[0]).toMatchObject({ actor: { id: admin.id }, before: { roleId: 1 }, after: { roleId: 2 } })
    expect(trail.items[1]).toMatchObject({
      actor: { id: moderator.id },
      before: { nickname: expect.stringMatching(/^player/), emailConfirmation: true, adminConfirmation: false },
      after: { nickname: 'Renamed Player', emailConfirmation: false, adminConfirmation: true },
    })
  })

  it('bans: refused without a reason, with a bad duration, on oneself, on the last admin, on unknown ids; a ban signs the user out everywhere, sign-in says why and until when; lifting lets them in', async () => {
    const account = await signUpConfirmed(server)
    const target = account.user.id
    const socket = await connectSocket(server.url, account.token)
    const refusals: Array<[string, number, unknown, number, string]> = [
      ['POST', target, { reason: '   ', time: 60 }, 400, 'errors.admin.ban_reason_required'],
      ['POST', target, { reason: 'spam', time: -5 }, 400, 'errors.admin.ban_duration'],
      ['POST', target, { reason: 'spam', time: 0 }, 400, 'errors.admin.ban_duration'],
      ['POST', target, { reason: 'spam', time: adminLimits.banMinutesMax + 1 }, 400, 'errors.admin.ban_duration'],
      ['POST', admin.id, { reason: 'me', time: 60 }, 400, 'errors.admin.ban_self'],
      ['POST', 999999, { reason: 'ghost', time: 60 }, 404, 'errors.not_found'],
      ['PATCH', target, { bans: [{ reason: 'later', time: new Date(Date.now() - 60_000).toISOString() }] }, 400, 'errors.admin.ban_duration'],
    ]
    for (const [method, id, body, status, code] of refusals) {
      const answer = await call(admin.token, method, `/api/admin/bans/${id}`, body)
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([status, code])
    }
    // A moderator never bans an admin (an admin acting is always a free admin, so the last admin is only ever at risk from a self-ban, refused above).
    const byModerator = await call(moderator.token, 'POST', `/api/admin/bans/${admin.id}`, { reason: 'coup', time: 60 })
    expect([byModerator.status, byModerator.body.code]).toEqual([403, 'errors.admin.admins_only'])
    expect(await bansOf(admin.id)).toEqual([])
    expect(await bansOf(target)).toEqual([])
    expect(socket.connected).toBe(true)

    const revoked = nextEvent(socket, 'auth:revoked')
    const banned = await call(moderator.token, 'POST', `/api/admin/bans/${target}`, { reason: '  Abusive chat  ', time: 120 })
    expect(banned.status).toBe(200)
    expect(banned.body.bans).toEqual([{ reason: 'Abusive chat', time: expect.any(String) }])
    const end = Date.parse(banned.body.bans[0].time)
    expect(end - Date.now()).toBeGreaterThan(110 * 60_000)
    expect(end - Date.now()).toBeLessThanOrEqual(120 * 60_000)
    expect(await revoked).toEqual({ reason: 'banned' })
    await expect.poll(() => socket.connected).toBe(false)
    expect((await call(account.token, 'GET', '/api/auth')).status).toBe(401)
    const refused = await signIn(server, account.email, account.password)
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'errors.banned', ban: { reason: 'Abusive chat', time: banned.body.bans[0].time } })

    const until = new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString()
    const edited = await call(admin.token, 'PATCH', `/api/admin/bans/${target}`, { bans: [{ reason: 'Abusive chat, second warning', time: until }] })
    expect(edited.body.bans).toEqual([{ reason: 'Abusive chat, second warning', time: until }])
    expect(((await signIn(server, account.email, account.password)).body as unknown as { ban: unknown }).ban).toEqual({ reason: 'Abusive chat, second warning', time: until })
    expect((await call(admin.token, 'GET', `/api/admin/users?search=${encodeURIComponent(account.email)}&banned=true`)).body.total).toBe(1)

    const lifted = await call(admin.token, 'PATCH', `/api/admin/bans/${target}`, { bans: [] })
    expect([lifted.status, lifted.body.bans]).toEqual([200, []])
    expect((await signIn(server, account.email, account.password)).status).toBe(200)
    expect((await call(admin.token, 'GET', `/api/admin/users?search=${encodeURIComponent(account.email)}&banned=false`)).body.total).toBe(1)

    const trail = await auditOf('ban.create', target)
    expect(trail.items).toEqual([expect.objectContaining({ actor: { id: moderator.id, nickname: expect.any(String) }, before: { bans: [] }, after: { bans: [{ reason: 'Abusive chat', until: banned.body.bans[0].time }] } })])
    expect((await auditOf('ban.lift', target)).items[0]).toMatchObject({ actor: { id: admin.id }, before: { bans: [{ reason: 'Abusive chat, second warning', until }] }, after: { bans: [] } })
    expect((await auditOf('ban.update', target)).total).toBe(1)
  })

  it('tables: the live list with players, judge and media node; join and watch; a disband needs a reason, which the table hears before it closes', async () => {
    const host = await person()
    const guest = await person()
    const hostSocket: TestSocket = await connectSocket(server.url, host.token)
    const lobbyId = (await requestResult(hostSocket, 'mafia:create:lobby', { name: 'Evening table', language: 'en' })).id

    const list = await call(moderator.token, 'GET', '/api/admin/lobby/list')
    expect(list.status).toBe(200)
    expect(list.body.items.find((table: { id: number }) => table.id === lobbyId)).toMatchObject({
      name: 'Evening table',
      status: 'open',
      players: [{ seat: 1, user: { id: host.id } }],
      judge: null,
      spectators: 0,
      mediaNode: 'builtin',
    })
    const watched = await call(moderator.token, 'POST', '/api/admin/lobby/watch', { id: lobbyId })
    expect(watched.body).toMatchObject({ id: lobbyId, as: 'spectator', member: true })
    const joined = await call(guest.token, 'POST', '/api/admin/lobby/join', { id: lobbyId })
    expect(joined.status).toBe(403)
    expect((await call(admin.token, 'POST', '/api/admin/lobby/join', { id: lobbyId })).body).toMatchObject({ id: lobbyId, as: 'player' })
    expect((await call(admin.token, 'POST', '/api/admin/lobby/join', { id: 999999 })).status).toBe(404)

    for (const [body, status, code] of [
      [{ id: lobbyId, reason: '  ' }, 400, 'errors.admin.disband_reason_required'],
      [{ id: lobbyId }, 400, 'errors.required'],
      [{ id: 999999, reason: 'x' }, 404, 'errors.not_found'],
    ] as const) {
      const answer = await call(admin.token, 'POST', '/api/admin/lobby/disband', body)
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([status, code])
    }
    const told = nextEvent(hostSocket, 'admin:lobby:disbanded')
    const closed = await call(moderator.token, 'POST', '/api/admin/lobby/disband', { id: lobbyId, reason: ' Players were abusive ' })
    expect(closed.status).toBe(200)
    expect(await told).toEqual({ id: lobbyId, reason: 'Players were abusive' })
    expect((await call(admin.token, 'GET', '/api/admin/lobby/list')).body.items.some((table: { id: number }) => table.id === lobbyId)).toBe(false)
    const again = await call(admin.token, 'POST', '/api/admin/lobby/disband', { id: lobbyId, reason: 'again' })
    expect([again.status, again.body.code]).toEqual([409, 'errors.admin.table_not_live'])
    expect((await auditOf('lobby.disband', lobbyId)).items).toEqual([expect.objectContaining({ actor: { id: moderator.id, nickname: expect.any(String) }, before: { status: 'open' }, after: { status: 'disbanded', reason: 'Players were abusive' } })])
  })

  it('dashboard and switches: admins only; maintenance reaches every open page at once; the audit trail filters by actor, action, target and dates', async () => {
    expect((await call(moderator.token, 'GET', '/api/admin/dashboard')).status).toBe(403)
    const dashboard = await call(admin.token, 'GET', '/api/admin/dashboard')
    expect(dashboard.status).toBe(200)
    expect(dashboard.body.signups).toHaveLength(30)
    expect(dashboard.body.signups.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: expect.any(Number) })
    expect(dashboard.body.signups.at(-1).count).toBeGreaterThanOrEqual(5)
    expect(dashboard.body.games).toHaveLength(30)
    expect(dashboard.body.activeLastDay).toBeGreaterThanOrEqual(1)
    expect(dashboard.body.onlineNow).toBeGreaterThanOrEqual(0)

    const page = await connectSocket(server.url, player.token)
    const pushed = nextEvent(page, 'settings:changed')
    const switched = await call(admin.token, 'POST', '/api/admin/settings', { name: 'maintenance', value: 'true' })
    expect(switched.status).toBe(200)
    expect(await pushed).toContainEqual({ name: 'maintenance', value: 'true' })
    expect((await call(undefined, 'GET', '/api/settings/load')).body).toContainEqual({ name: 'maintenance', value: 'true' })
    await call(admin.token, 'POST', '/api/admin/settings', { name: 'maintenance_message', value: '  Back at ten  ' })
    expect((await call(undefined, 'GET', '/api/settings/load')).body).toContainEqual({ name: 'maintenance_message', value: 'Back at ten' })
    for (const bad of [{ name: 'maintenance', value: 'perhaps' }, { name: 'smtp_url', value: 'true' }]) {
      expect((await call(admin.token, 'POST', '/api/admin/settings', bad)).status, JSON.stringify(bad)).toBe(400)
    }
    expect((await call(moderator.token, 'POST', '/api/admin/settings', { name: 'maintenance', value: 'false' })).status).toBe(403)
    expect((await call(undefined, 'GET', '/api/settings/load')).body).toContainEqual({ name: 'maintenance', value: 'true' })

    const byAdmin = await call(admin.token, 'GET', `/api/admin/audit?actor=${admin.id}&action=setting.update&targetType=setting&targetId=maintenance`)
    expect(byAdmin.body.items).toEqual([expect.objectContaining({ before: { value: expect.anything() }, after: { value: 'true' } })])
    const future = new Date(Date.now() + 60 * 60_000).toISOString()
    expect((await call(admin.token, 'GET', `/api/admin/audit?from=${encodeURIComponent(future)}`)).body).toEqual({ items: [], total: 0 })
    const all = await call(admin.token, 'GET', `/api/admin/audit?limit=2`)
    expect(all.body.total).toBeGreaterThan(5)
    expect(all.body.items).toHaveLength(2)
    expect(Date.parse(all.body.items[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(all.body.items[1].createdAt))
    const reversed = await call(admin.token, 'GET', `/api/admin/audit?from=${encodeURIComponent(future)}&to=${encodeURIComponent(new Date().toISOString())}`)
    expect([reversed.status, reversed.body.code]).toEqual([400, 'errors.admin.date_range'])
    expect((await call(admin.token, 'GET', '/api/admin/audit?page=500')).body.code).toBe('errors.admin.page_out_of_range')
    expect((await call(admin.token, 'GET', '/api/admin/audit?from=yesterday')).status).toBe(400)
    expect((await call(moderator.token, 'GET', '/api/admin/audit')).status).toBe(403)
  })
})
