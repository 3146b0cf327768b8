import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrganizationDetail } from '../../server/contract/http/tournaments-organizations'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

interface Account {
  id: number
  token: string
}

let testApp: TestApp
let admin: Account
let moderator: Account
let first: Account
let second: Account

const call = (as: Account | null, method: string, path: string, body?: unknown) => request(testApp.url, method, path, { ...(as ? { token: as.token } : {}), ...(body === undefined ? {} : { body }) })
const counts = async () => {
  const row = await sql<{ organizations: number; members: number; audit: number }>`
    select (select count(*)::int from organizations) as organizations,
      (select count(*)::int from organization_members) as members,
      (select count(*)::int from admin_audit where target_type = 'organization') as audit`.execute(testApp.database.db)
  return row.rows[0]
}
const organizationsOf = async (as: Account) => ((await call(as, 'GET', '/api/tournaments/loadOrganizations')).body.items as { name: string }[]).map((item) => item.name)

describe('organisations in the admin panel', () => {
  beforeAll(async () => {
    testApp = await startTestApp()
    const account = async (role_id = 1, nickname?: string) => {
      const { user, token } = await createUserWithSession(testApp.database.db, { role_id, ...(nickname ? { nickname } : {}) })
      return { id: user.id, token }
    }
    admin = await account(3)
    moderator = await account(2)
    first = await account(1, `Anna ${Date.now()}`)
    second = await account(1, `Bohdan ${Date.now()}`)
  })

  afterAll(async () => {
    await testApp?.close()
  })

  it('admins create one with members, who then organise its tournaments; renamed, re-staffed and deleted, each in the audit trail', async () => {
    const created = await call(admin, 'POST', '/api/admin/organizations', { name: '  Lviv Mafia Club ', members: [first.id] })
    expect(created.status).toBe(200)
    const organization = created.body.organization as OrganizationDetail
    expect(organization).toMatchObject({ name: 'Lviv Mafia Club', tournaments: 0 })
    expect(organization.members.map((member) => member.id)).toEqual([first.id])
    expect(await organizationsOf(first)).toEqual(['Lviv Mafia Club'])
    expect(await organizationsOf(second)).toEqual([])

    // A tournament its member organises.
    const form = new FormData()
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    form.set('tournamentSettings', JSON.stringify({ name: 'Lviv Open', date_start: day(10), date_end: day(11), time_start: '18:00', registration_end_date: new Date(Date.now() + 86_400_000).toISOString(), organizationId: organization.id }))
    const tournament = await request(testApp.url, 'POST', '/api/tournaments/save', { token: first.token, form })
    expect(tournament.status).toBe(200)

    const page = await call(admin, 'GET', '/api/admin/organizations?search=lviv')
    expect(page.body).toMatchObject({ total: 1, items: [{ id: organization.id, tournaments: 1 }] })

    const changed = await call(admin, 'PATCH', `/api/admin/organizations/${organization.id}`, { name: 'Lviv Sport Mafia', members: [second.id] })
    expect(changed.status).toBe(200)
    expect(changed.body.organization.members.map((member: { id: number }) => member.id)).toEqual([second.id])
    expect(await organizationsOf(first)).toEqual([])
    expect(await organizationsOf(second)).toEqual(['Lviv Sport Mafia'])

    expect((await call(admin, 'DELETE', `/api/admin/organizations/${organization.id}`)).status).toBe(200)
    expect(await organizationsOf(second)).toEqual([])
    // The tournament stays, without an organisation.
    expect((await call(admin, 'GET', `/api/tournaments/${tournament.body.tournament.id}`)).body.tournament.organizationId).toBeNull()
    const audit = await sql<{ action: string }>`select action from admin_audit where target_type = 'organization' and target_id = ${String(organization.id)} order by id`.execute(testApp.database.db)
    expect(audit.rows.map((row) => row.action)).toEqual(['organization.create', 'organization.update', 'organization.delete'])
  })

  it('refuses bad input and other callers with a translated error, and writes nothing', async () => {
    const kept = (await call(admin, 'POST', '/api/admin/organizations', { name: 'Kharkiv Club' })).body.organization as OrganizationDetail
    const before = await counts()
    const cases: [Account | null, string, string, unknown, number, string][] = [
      [null, 'POST', '/api/admin/organizations', { name: 'Anonymous' }, 401, 'errors.unauthorized'],
      [first, 'POST', '/api/admin/organizations', { name: 'By a player' }, 403, 'errors.forbidden'],
      [moderator, 'POST', '/api/admin/organizations', { name: 'By a moderator' }, 403, 'errors.forbidden'],
      [first, 'GET', '/api/admin/organizations', undefined, 403, 'errors.forbidden'],
      [admin, 'POST', '/api/admin/organizations', { name: '   ' }, 400, 'errors.required'],
      [admin, 'POST', '/api/admin/organizations', { name: 'kharkiv CLUB' }, 409, 'errors.tournaments.organization_taken'],
      [admin, 'POST', '/api/admin/organizations', { name: 'Ghosts', members: [2_000_000_000] }, 400, 'errors.tournaments.unknown_user'],
      [admin, 'POST', '/api/admin/organizations', { name: 'Twice', members: [first.id, first.id] }, 400, 'errors.invalid_value'],
      [admin, 'POST', '/api/admin/organizations', { name: 'Extra', owner: 1 }, 400, 'errors.unknown_field'],
      [admin, 'POST', '/api/admin/organizations', { name: 'x'.repeat(81) }, 400, 'errors.too_long'],
      [admin, 'PATCH', `/api/admin/organizations/${kept.id}`, { name: '' }, 400, 'errors.required'],
      [admin, 'PATCH', `/api/admin/organizations/${kept.id}`, { members: [2_000_000_000] }, 400, 'errors.tournaments.unknown_user'],
      [admin, 'PATCH', '/api/admin/organizations/2000000000', { name: 'Nowhere' }, 404, 'errors.not_found'],
      [admin, 'DELETE', '/api/admin/organizations/2000000000', undefined, 404, 'errors.not_found'],
      [admin, 'GET', '/api/admin/organizations?page=500', undefined, 400, 'errors.tournaments.page_out_of_range'],
    ]
    for (const [as, method, path, body, status, code] of cases) {
      const answer = await call(as, method, path, body)
      expect([method, path, answer.status, answer.body.code]).toEqual([method, path, status, code])
    }
    expect(await counts()).toEqual(before)
    // A search is taken literally.
    expect((await call(admin, 'GET', `/api/admin/organizations?search=${encodeURIComponent('%')}`)).body.total).toBe(0)
  })
})
