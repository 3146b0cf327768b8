import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../../server/config'

describe('config', () => {
  it('has defaults that work on a laptop', () => {
    const config = loadConfig({})
    expect(config.port).toBe(8080)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.publicUrl).toBe('http://localhost:8080')
    expect(config.logServicePort).toBe(9991)
    expect(config.mediaPublicIp).toBe('127.0.0.1')
    expect(config.dataDir.endsWith('/data')).toBe(true)
    expect(config.authRateLimitPerIp).toBe(30)
  })

  it('lets an operator raise the per-address sign-in limit, but not to nothing', () => {
    expect(loadConfig({ AUTH_RATE_LIMIT_PER_IP: '200' }).authRateLimitPerIp).toBe(200)
    expect(() => loadConfig({ AUTH_RATE_LIMIT_PER_IP: '0' })).toThrow(ConfigError)
  })

  it('refuses a port that is not a number and a half-set admin', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError)
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.c' })).toThrow(/set together/)
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(ConfigError)
  })

  it('reads a media node\'s settings and refuses half-set or weak ones', () => {
    const config = loadConfig({ MEDIA_APP_URL: 'http://app:8080/', MEDIA_NODE_URL: 'wss://media1.example/media/ws', MEDIA_NODE_EMAIL: 'node@example.test', MEDIA_NODE_PASSWORD: 'a long node password' })
    expect(config).toMatchObject({ mediaAppUrl: 'http://app:8080', mediaNodeUrl: 'wss://media1.example/media/ws', mediaNodeCapacity: 240, mediaNodeId: undefined })
    expect(() => loadConfig({ MEDIA_NODE_EMAIL: 'node@example.test' })).toThrow(/set together/)
    expect(() => loadConfig({ MEDIA_NODE_EMAIL: 'node@example.test', MEDIA_NODE_PASSWORD: 'short' })).toThrow(ConfigError)
    expect(() => loadConfig({ MEDIA_NODE_URL: 'https://media1.example/media/ws' })).toThrow(/ws:\/\//)
    expect(() => loadConfig({ MEDIA_NODE_ID: 'a b' })).toThrow(ConfigError)
    expect(() => loadConfig({ MEDIA_NODE_CAPACITY: '0' })).toThrow(ConfigError)
  })

  it('reads the media origins the pages may connect to, and refuses anything but origins', () => {
    expect(loadConfig({}).mediaOrigins).toEqual([])
    expect(loadConfig({ MEDIA_ORIGINS: 'wss://media-1.example:8443, https://media-2.example/' }).mediaOrigins).toEqual(['wss://media-1.example:8443', 'https://media-2.example'])
    expect(() => loadConfig({ MEDIA_ORIGINS: 'wss://media-1.example/media/ws' })).toThrow(ConfigError)
    expect(() => loadConfig({ MEDIA_ORIGINS: 'ftp://media-1.example' })).toThrow(ConfigError)
    expect(() => loadConfig({ MEDIA_ORIGINS: '*' })).toThrow(ConfigError)
  })

  it('strips a trailing slash from PUBLIC_URL so mail links are clean', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://mafia.example/' }).publicUrl).toBe('https://mafia.example')
  })
})
