import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultServerOrigin, parseServerOrigin, selectServerOrigin, serverOriginMessage, webSocketTwin } from '../../../electron/main/server-origin'
import { createSettingsStore, parseWindowBounds } from '../../../electron/main/settings-store'

describe('a server origin the user types', () => {
  it.each([
    ['https://club.example.org', 'https://club.example.org'],
    ['https://club.example.org/', 'https://club.example.org'],
    ['  https://Club.Example.org:8443  ', 'https://club.example.org:8443'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('accepts %s as %s', (input, origin) => {
    expect(parseServerOrigin(input)).toEqual({ ok: true, origin })
  })

  it.each([
    ['http://club.example.org', 'not_secure'],
    ['http://192.168.1.10:8080', 'not_secure'],
    ['ws://localhost:8080', 'not_secure'],
    ['ftp://club.example.org', 'not_secure'],
    ['file:///etc/passwd', 'not_secure'],
    ['javascript:alert(1)', 'not_secure'],
    ['app://mafia', 'not_secure'],
    ['https://user:pw@club.example.org', 'credentials'],
    ['https://club.example.org/lobby', 'has_path'],
    ['https://club.example.org/?x=1', 'has_path'],
    ['https://club.example.org/#top', 'has_path'],
    ['club.example.org', 'not_a_url'],
    ['', 'not_a_url'],
    [42, 'not_a_url'],
    [null, 'not_a_url'],
  ])('refuses %j (%s), with a message', (input, reason) => {
    expect(parseServerOrigin(input)).toEqual({ ok: false, reason })
    expect(serverOriginMessage(reason as never)).toMatch(/server address/)
  })
})

describe('the server of a run', () => {
  it('is the default club server until one is chosen', () => {
    expect(selectServerOrigin({ override: undefined, saved: undefined })).toEqual({ origin: defaultServerOrigin, chosen: false })
    expect(defaultServerOrigin).toMatch(/^https:\/\//)
  })

  it('is the remembered one, unless it no longer passes', () => {
    expect(selectServerOrigin({ override: undefined, saved: 'https://club.example.org' })).toEqual({ origin: 'https://club.example.org', chosen: true })
    expect(selectServerOrigin({ override: undefined, saved: 'http://evil.example.com' })).toEqual({ origin: defaultServerOrigin, chosen: false })
  })

  it('is MAFIA_SERVER_URL over everything, and a bad one stops the run with its reason', () => {
    expect(selectServerOrigin({ override: 'http://localhost:8080', saved: 'https://club.example.org' })).toEqual({ origin: 'http://localhost:8080', chosen: true })
    expect(() => selectServerOrigin({ override: 'http://club.example.org', saved: undefined })).toThrow(/MAFIA_SERVER_URL: The server address must start with https/)
  })

  it('has a WebSocket twin', () => {
    expect(webSocketTwin('https://club.example.org')).toBe('wss://club.example.org')
    expect(webSocketTwin('http://localhost:8080')).toBe('ws://localhost:8080')
  })
})

describe('the remembered settings', () => {
  it('survive a restart, and a broken file is a fresh start', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mafia-settings-')), 'nested', 'desktop-settings.json')
    const store = createSettingsStore(path)
    expect(store.read()).toEqual({})
    store.update({ serverOrigin: 'https://club.example.org' })
    store.update({ mainWindow: { x: 1, y: 2, width: 1000, height: 700, maximized: false } })
    expect(createSettingsStore(path).read()).toEqual({ serverOrigin: 'https://club.example.org', mainWindow: { x: 1, y: 2, width: 1000, height: 700, maximized: false } })
    expect(JSON.parse(readFileSync(path, 'utf8')).serverOrigin).toBe('https://club.example.org')
    writeFileSync(path, '{ not json')
    expect(createSettingsStore(path).read()).toEqual({})
    writeFileSync(path, JSON.stringify({ serverOrigin: 7, mainWindow: { x: 'a' } }))
    expect(createSettingsStore(path).read()).toEqual({})
  })

  it('keep only sane window bounds', () => {
    expect(parseWindowBounds({ x: -10, y: 0, width: 800, height: 600, maximized: true })).toEqual({ x: -10, y: 0, width: 800, height: 600, maximized: true })
    for (const bad of [null, {}, { x: 0, y: 0, width: 0, height: 600 }, { x: 0.5, y: 0, width: 800, height: 600 }, { x: 0, y: 0, width: 1e9, height: 600 }]) expect(parseWindowBounds(bad)).toBeNull()
  })
})
