// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { listRoutes } from '../../../../renderer/app/route-table'

describe('route table (spec section 2)', () => {
  const routes = listRoutes()
  const find = (path: string) => routes.find((route) => route.path === path)

  const expected: Array<[string, string, string]> = [
    ['/obs-share', 'empty', 'public'],
    ['/signin', 'empty', 'guest'],
    ['/reset/:token', 'empty', 'public'],
    ['/confirm/:token', 'empty', 'public'],
    ['/signup/:token', 'empty', 'public'],
    ['/free_premium', 'empty', 'login'],
    // Not in the spec: the desktop app's own screens (its club server; where an unknown mafia:// link lands).
    ['/desktop/server', 'empty', 'public'],
    ['/desktop/link-error', 'empty', 'public'],
    ['/rules', 'default', 'public'],
    ['/terms_of_use', 'default', 'public'],
    ['/terms_of_processing', 'default', 'public'],
    ['/how_to_play', 'default', 'login'],
    ['/', 'default', 'login'],
    ['/main', 'default', 'login'],
    ['/tournaments', 'default', 'login'],
    ['/settings', 'default', 'login'],
    ['/friends', 'default', 'login'],
    ['/messages', 'default', 'login'],
    ['/chat/:id', 'default', 'login'],
    ['/referral', 'default', 'login'],
    ['/watch', 'default', 'login'],
    ['/game/statistics/:id', 'default', 'login'],
    ['/statistics/:id?', 'default', 'login'],
    ['/ratings', 'default', 'login'],
    ['/ratings/ladder/:id', 'default', 'login'],
    ['/transactions', 'default', 'login'],
    ['/premium', 'default', 'login'],
    ['/success', 'default', 'login'],
    ['/thankyou', 'default', 'login'],
    ['/dota2', 'default', 'login'],
    ['/mafia/:id', 'chat', 'login'],
    ['/mafia_dev', 'chat', 'login'],
    ['/admin', 'admin', 'admin'],
    ['/admin/logs', 'admin', 'admin'],
    ['/admin/logs/:name', 'admin', 'admin'],
    ['/admin/dashboard', 'admin', 'admin'],
    ['/admin/users', 'admin', 'admin'],
    ['/admin/tournaments', 'admin', 'admin'],
    ['/admin/servers', 'admin', 'admin'],
    ['/admin/games', 'admin', 'admin'],
    ['/admin/bug_report', 'admin', 'admin'],
    ['/admin/translates', 'admin', 'admin'],
    ['/admin/advertising', 'admin', 'admin'],
    ['*', 'plain', 'public'],
  ]

  for (const [path, layout, access] of expected) {
    it(`${path}: ${layout} layout, ${access}`, () => {
      expect(find(path)).toEqual({ path, layout, access })
    })
  }

  it('has no address the spec does not name', () => {
    const known = new Set(expected.map(([path]) => path))
    expect(routes.map((route) => route.path).filter((path) => !known.has(path))).toEqual([])
  })
})
