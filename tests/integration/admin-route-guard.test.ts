import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

/**
 * Every route of the admin area, read from the app's own route table (so routes added later are
 * walked too): an anonymous client gets 401, a user 403, a moderator 403 on admin-only calls, and
 * nothing changes in the database.
 */
const adminArea = [/^\/api\/admin(\/|$)/, /^\/api\/bugs(\/|$)/, /^\/api\/i18n\/(groups|list|set|load|syncToProd|syncFromProd)$/, /^\/api\/statistic(\/|$)/]
/** Moderators reach these (users, bans, tables, bug reports); everything else is for admins only. */
const moderatorAllowed = [/^\/api\/admin\/(users|bans)(\/|$)/, /^\/api\/admin\/lobby\/(list|join|watch|disband)$/, /^\/api\/bugs(\/|$)/]
/** Open to every signed-in user: filing a bug report, reading one's own and its screenshot. */
const userAllowed = new Set(['POST /api/bugs', 'GET /api/bugs', 'GET /api/bugs/:id/image'])

/** The routes of `printRoutes({ commonPrefix: false })`'s tree as method and full path. */
function routesOf(tree: string): Array<{ method: string; url: string }> {
  const stack: string[] = []
  const routes: Array<{ method: string; url: string }> = []
  for (const line of tree.split('\n')) {
    const match = /^([│\s]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line)
    if (!match) continue
    const depth = Math.round([...(match[1] ?? '')].length / 4)
    stack.length = depth
    stack.push(match[2] ?? '')
    const url = stack.join('')
    for (const method of (match[3] ?? '').split(',').map((name) => name.trim()).filter((name) => name && name !== 'HEAD')) routes.push({ method, url })
  }
  return routes
}

describe('the admin area’s route table', () => {
  let server: TestApp
  let user: string
  let moderator: string

  beforeAll(async () => {
    server = await startTestApp()
    user = (await createUserWithSession(server.database.db)).token
    moderator = (await createUserWithSession(server.database.db, { role_id: 2 })).token
  })
  afterAll(() => server.close())

  /** A fingerprint of every table but the sessions (whose last use may be written). */
  async function databaseFingerprint(): Promise<Record<string, string>> {
    const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'kysely_migration', 'kysely_migration_lock') order by 1`.execute(server.database.db)
    const prints: Record<string, string> = {}
    for (const { name } of tables.rows) {
      const row = await sql<{ print: string | null }>`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as print from ${sql.table(name)} t`.execute(server.database.db)
      prints[name] = row.rows[0]?.print ?? ''
    }
    return prints
  }

  it('answers 401 anonymous, 403 to a user and to a moderator on admin-only calls, and changes nothing', async () => {
    const routes = routesOf(server.app.printRoutes({ commonPrefix: false })).filter((route) => adminArea.some((path) => path.test(route.url)))
    const urls = new Set(routes.map((route) => `${route.method} ${route.url}`))
    // The walk sees the admin core's calls and the other admin areas' calls as the app registers them.
    for (const expected of ['GET /api/admin/users', 'POST /api/admin/bans/:id', 'PATCH /api/admin/bans/:id', 'POST /api/admin/lobby/disband', 'GET /api/admin/audit', 'GET /api/statistic/recalc']) {
      expect(urls, expected).toContain(expected)
    }
    const before = await databaseFingerprint()
    const answers: string[] = []
    for (const route of routes) {
      const path = route.url.replace(/:[A-Za-z]+/g, '1')
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : { id: 1, reason: 'x', time: 60, bans: [], name: 'maintenance', value: 'true', nickname: 'x', is_solved: true }
      const key = `${route.method} ${route.url}`
      const ask = (token?: string) => request(server.url, route.method, path, { token, body })
      answers.push(`${key} anonymous ${(await ask()).status}`)
      if (!userAllowed.has(key)) answers.push(`${key} user ${(await ask(user)).status}`)
      if (!moderatorAllowed.some((allowed) => allowed.test(route.url))) answers.push(`${key} moderator ${(await ask(moderator)).status}`)
    }
    const expected = answers.map((answer) => answer.replace(/\d+$/, answer.includes(' anonymous ') ? '401' : '403'))
    expect(answers).toEqual(expected)
    expect(await databaseFingerprint()).toEqual(before)
  })
})
