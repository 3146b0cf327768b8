import { describe, expect, it } from 'vitest'
import { appEntryUrl, isAppUrl, resolveAppLocation } from '../../../electron/main/app-location'

const club = 'https://club.example.org'

describe('where the app comes from', () => {
  it('is its own scheme app://mafia, talking to the chosen server, when MAFIA_APP_URL is unset or empty', () => {
    for (const value of [undefined, '', '  ']) {
      expect(resolveAppLocation(value, club)).toEqual({ kind: 'scheme', entryUrl: 'app://mafia/', origin: 'app://mafia', serverOrigin: club })
    }
  })

  it('is the app server MAFIA_APP_URL names, https anywhere or http on this machine', () => {
    expect(resolveAppLocation('https://play.example.com/', club)).toEqual({ kind: 'server', entryUrl: 'https://play.example.com/', origin: 'https://play.example.com', serverOrigin: 'https://play.example.com' })
    expect(resolveAppLocation('http://localhost:8080', club)).toMatchObject({ entryUrl: 'http://localhost:8080/', origin: 'http://localhost:8080' })
    expect(resolveAppLocation('http://127.0.0.1:5173/main#x', club)).toMatchObject({ entryUrl: 'http://127.0.0.1:5173/main', origin: 'http://127.0.0.1:5173' })
    expect(resolveAppLocation('http://[::1]:8080', club)).toMatchObject({ origin: 'http://[::1]:8080' })
  })

  it.each(['http://play.example.com', 'http://192.168.1.5:8080', 'ftp://localhost', 'file:///etc/passwd', 'javascript:alert(1)', 'localhost:8080', 'not a url', 'https://user:secret@play.example.com'])(
    'refuses MAFIA_APP_URL=%s',
    (value) => {
      expect(() => resolveAppLocation(value, club)).toThrow(/MAFIA_APP_URL/)
    },
  )
})

describe('what belongs to the app', () => {
  const scheme = resolveAppLocation(undefined, club)
  const server = resolveAppLocation('http://localhost:8080', club)

  it('is, for its own scheme, any page of app://mafia', () => {
    expect(isAppUrl('app://mafia/', scheme)).toBe(true)
    expect(isAppUrl('app://mafia/mafia/3', scheme)).toBe(true)
    expect(isAppUrl('app://mafia/sounds/notify.wav', scheme)).toBe(true)
  })

  it('is not, for its own scheme, another host, the club server, a file or a look-alike', () => {
    for (const address of ['app://evil/', 'app://mafia.evil.com/', 'app://mafia:81/', 'app://user@mafia/', 'file:///opt/mafia/dist/renderer/index.html', club, 'https://mafia/', 'mafia://mafia/1']) {
      expect(isAppUrl(address, scheme)).toBe(false)
    }
  })

  it('is, for an app server, exactly its origin', () => {
    expect(isAppUrl('http://localhost:8080/mafia/3', server)).toBe(true)
    expect(isAppUrl('http://localhost:8081/', server)).toBe(false)
    expect(isAppUrl('https://localhost:8080/', server)).toBe(false)
    expect(isAppUrl('http://localhost.evil.com:8080/', server)).toBe(false)
    expect(isAppUrl('app://mafia/', server)).toBe(false)
  })

  it('is never an empty or broken address', () => {
    for (const address of [undefined, null, '', 'not a url']) {
      expect(isAppUrl(address, scheme)).toBe(false)
      expect(isAppUrl(address, server)).toBe(false)
    }
  })
})

describe('the address of an app route', () => {
  it('is the entry itself without a route', () => {
    expect(appEntryUrl(resolveAppLocation(undefined, club))).toBe('app://mafia/')
    expect(appEntryUrl(resolveAppLocation('http://localhost:8080', club))).toBe('http://localhost:8080/')
  })

  it('routes by the path, on the app scheme as on a server', () => {
    expect(appEntryUrl(resolveAppLocation(undefined, club), '/mafia/12')).toBe('app://mafia/mafia/12')
    expect(appEntryUrl(resolveAppLocation('https://play.example.com/welcome', club), '/mafia/12')).toBe('https://play.example.com/mafia/12')
  })

  it('refuses anything that is not a path of the app', () => {
    for (const location of [resolveAppLocation('http://localhost:8080', club), resolveAppLocation(undefined, club)]) {
      for (const route of ['mafia/12', '//evil.com/x', 'https://evil.com/']) expect(() => appEntryUrl(location, route)).toThrow(/Not an app route/)
    }
  })
})
