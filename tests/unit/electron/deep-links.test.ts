import { describe, expect, it, vi } from 'vitest'
import { deepLinkRoute, findDeepLinkRoute, linkErrorRoute, parseDeepLink, registerDeepLinkScheme } from '../../../electron/main/deep-links'

describe('mafia:// links', () => {
  it.each([
    ['mafia://mafia/1', '/mafia/1'],
    ['mafia://mafia/42', '/mafia/42'],
    ['mafia://mafia/42/', '/mafia/42'],
    ['MAFIA://mafia/7', '/mafia/7'],
    ['mafia://mafia/2147483647', '/mafia/2147483647'],
    ['mafia://confirm/Zk3_x-9aQ2bT7yWvLmN0pR4sUeIoAhCd', '/confirm/Zk3_x-9aQ2bT7yWvLmN0pR4sUeIoAhCd'],
    ['mafia://reset/AbCdEfGh12345678/', '/reset/AbCdEfGh12345678'],
    ['mafia://signup/refToken_42abcdef', '/signup/refToken_42abcdef'],
  ])('open %s as the route %s', (link, route) => {
    expect(parseDeepLink(link)).toBe(route)
  })

  it.each([
    'mafia://mafia/',
    'mafia://mafia',
    'mafia://mafia/0',
    'mafia://mafia/012',
    'mafia://mafia/-1',
    'mafia://mafia/1.5',
    'mafia://mafia/2147483648',
    'mafia://mafia/99999999999',
    'mafia://mafia/abc',
    'mafia://mafia/12/chat',
    'mafia://mafia/12/../13',
    'mafia://mafia/12?x=1',
    'mafia://mafia/12?',
    'mafia://mafia/12#top',
    'mafia://mafia/%31%32',
    'mafia://mafia:80/12',
    'mafia://user@mafia/12',
    'mafia://MAFIA/12',
    'mafia://admin/12',
    'mafia://evil.com/mafia/12',
    'mafia:mafia/12',
    'mafia:///mafia/12',
    'https://mafia/12',
    'javascript://mafia/12',
    ' mafia://mafia/12',
    'mafia://mafia/12 ',
    'mafia://mafia/12\n',
    'mafia://confirm/short',
    'mafia://confirm/has.dot.in.it.123',
    'mafia://confirm/%2e%2e%2fadmin%2fusers',
    'mafia://reset/abcdefgh12345678/extra',
    'mafia://reset/abcdefgh12345678?next=/admin',
    'mafia://signup/' + 'a'.repeat(129),
    'mafia://admin/dashboard',
    'mafia://constructor/abcdefgh12345678',
    'mafia://__proto__/abcdefgh12345678',
    '',
  ])('refuse %j, opening the error screen instead', (link) => {
    expect(parseDeepLink(link)).toBeNull()
    expect(deepLinkRoute(link)).toBe(linkErrorRoute)
  })

  it('refuses anything that is not a string', () => {
    for (const value of [undefined, null, 12, { href: 'mafia://mafia/12' }]) expect(parseDeepLink(value)).toBeNull()
  })

  it('finds the link among command-line arguments', () => {
    expect(findDeepLinkRoute(['/usr/bin/mafia-table', '--flag', 'mafia://mafia/5'])).toBe('/mafia/5')
    expect(findDeepLinkRoute(['/usr/bin/mafia-table', 'mafia://reset/abcdefgh12345678'])).toBe('/reset/abcdefgh12345678')
    expect(findDeepLinkRoute(['/usr/bin/mafia-table', '.'])).toBeNull()
    expect(findDeepLinkRoute(['/usr/bin/mafia-table', 'mafia://mafia/x'])).toBe(linkErrorRoute)
    expect(findDeepLinkRoute(['/usr/bin/mafia-table', 'mafia://evil/1', 'mafia://mafia/6'])).toBe(linkErrorRoute)
  })

  it('registers the scheme, with the app folder when started as `electron .`', () => {
    const app = { setAsDefaultProtocolClient: vi.fn(() => true) }
    registerDeepLinkScheme(app, { defaultApp: false, execPath: '/opt/mafia/mafia-table', argv: ['/opt/mafia/mafia-table'] })
    expect(app.setAsDefaultProtocolClient).toHaveBeenLastCalledWith('mafia')
    registerDeepLinkScheme(app, { defaultApp: true, execPath: '/usr/lib/electron', argv: ['/usr/lib/electron', '/home/me/mafia-table'] })
    expect(app.setAsDefaultProtocolClient).toHaveBeenLastCalledWith('mafia', '/usr/lib/electron', ['/home/me/mafia-table'])
  })
})
