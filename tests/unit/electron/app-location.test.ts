import { describe, expect, it } from 'vitest'
import { appEntryUrl, isAppUrl, resolveAppLocation } from '../../../electron/main/app-location'

const indexPath = '/opt/mafia/dist/renderer/index.html'

describe('where the app comes from', () => {
  it('is the renderer build on disk when MAFIA_APP_URL is unset or empty', () => {
    for (const value of [undefined, '', '  ']) {
      expect(resolveAppLocation(value, indexPath)).toEqual({
        kind: 'file',
        entryUrl: 'file:///opt/mafia/dist/renderer/index.html',
        rootUrl: 'file:///opt/mafia/dist/renderer/',
      })
    }
  })

  it('is the app server MAFIA_APP_URL names, https anywhere or http on this machine', () => {
    expect(resolveAppLocation('https://play.example.com/', indexPath)).toEqual({ kind: 'server', entryUrl: 'https://play.example.com/', origin: 'https://play.example.com' })
    expect(resolveAppLocation('http://localhost:8080', indexPath)).toEqual({ kind: 'server', entryUrl: 'http://localhost:8080/', origin: 'http://localhost:8080' })
    expect(resolveAppLocation('http://127.0.0.1:5173/main#x', indexPath)).toMatchObject({ entryUrl: 'http://127.0.0.1:5173/main', origin: 'http://127.0.0.1:5173' })
    expect(resolveAppLocation('http://[::1]:8080', indexPath)).toMatchObject({ origin: 'http://[::1]:8080' })
  })

  it.each(['http://play.example.com', 'http://192.168.1.5:8080', 'ftp://localhost', 'file:///etc/passwd', 'javascript:alert(1)', 'localhost:8080', 'not a url', 'https://user:secret@play.example.com'])(
    'refuses MAFIA_APP_URL=%s',
    (value) => {
      expect(() => resolveAppLocation(value, indexPath)).toThrow(/MAFIA_APP_URL/)
    },
  )
})

describe('what belongs to the app', () => {
  const file = resolveAppLocation(undefined, indexPath)
  const server = resolveAppLocation('http://localhost:8080', indexPath)

  it('is, for the build on disk, any file under the build directory', () => {
    expect(isAppUrl('file:///opt/mafia/dist/renderer/index.html', file)).toBe(true)
    expect(isAppUrl('file:///opt/mafia/dist/renderer/index.html#/mafia/3', file)).toBe(true)
    expect(isAppUrl('file:///opt/mafia/dist/renderer/sounds/notify.wav', file)).toBe(true)
  })

  it('is not, for the build on disk, any other file or origin', () => {
    expect(isAppUrl('file:///opt/mafia/dist/renderer-evil/index.html', file)).toBe(false)
    expect(isAppUrl('file:///opt/mafia/dist/renderer/../../secrets.html', file)).toBe(false)
    expect(isAppUrl('file:///opt/mafia/dist/renderer/%2e%2e/%2e%2e/secrets.html', file)).toBe(false)
    expect(isAppUrl('file:///etc/passwd', file)).toBe(false)
    expect(isAppUrl('file://remote-host/opt/mafia/dist/renderer/index.html', file)).toBe(false)
    expect(isAppUrl('http://localhost:8080/', file)).toBe(false)
  })

  it('is, for an app server, exactly its origin', () => {
    expect(isAppUrl('http://localhost:8080/mafia/3', server)).toBe(true)
    expect(isAppUrl('http://localhost:8081/', server)).toBe(false)
    expect(isAppUrl('https://localhost:8080/', server)).toBe(false)
    expect(isAppUrl('http://localhost.evil.com:8080/', server)).toBe(false)
    expect(isAppUrl('file:///opt/mafia/dist/renderer/index.html', server)).toBe(false)
  })

  it('is never an empty or broken address', () => {
    for (const address of [undefined, null, '', 'not a url']) {
      expect(isAppUrl(address, file)).toBe(false)
      expect(isAppUrl(address, server)).toBe(false)
    }
  })
})

describe('the address of an app route', () => {
  it('is the entry itself without a route', () => {
    expect(appEntryUrl(resolveAppLocation(undefined, indexPath))).toBe('file:///opt/mafia/dist/renderer/index.html')
    expect(appEntryUrl(resolveAppLocation('http://localhost:8080', indexPath))).toBe('http://localhost:8080/')
  })

  it('routes by the hash for the build on disk and by the path for a server', () => {
    expect(appEntryUrl(resolveAppLocation(undefined, indexPath), '/mafia/12')).toBe('file:///opt/mafia/dist/renderer/index.html#/mafia/12')
    expect(appEntryUrl(resolveAppLocation('https://play.example.com/welcome', indexPath), '/mafia/12')).toBe('https://play.example.com/mafia/12')
  })

  it('refuses anything that is not a path of the app', () => {
    const server = resolveAppLocation('http://localhost:8080', indexPath)
    for (const route of ['mafia/12', '//evil.com/x', 'https://evil.com/']) expect(() => appEntryUrl(server, route)).toThrow(/Not an app route/)
  })
})
