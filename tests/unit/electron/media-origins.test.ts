import { describe, expect, it } from 'vitest'
import { resolveAppLocation } from '../../../electron/main/app-location'
import { configuredMediaOrigins, learnMediaOrigins, mediaOriginsFromPolicy, parseMediaOrigin } from '../../../electron/main/media-origins'
import { buildContentSecurityPolicy } from '../../../electron/main/security'

const club = 'https://club.example.org'
/** What the club server's own policy says (server/plugins/security-headers.ts) when two media nodes are registered with it. */
const serverPolicy = "default-src 'self'; connect-src 'self' wss://club.example.org wss://media-1.example.org:8443 wss://media-2.example.org; object-src 'none'"

const connectSources = (policy: string) => policy.split(';').map((part) => part.trim().split(/\s+/)).find(([name]) => name === 'connect-src')?.slice(1) ?? []

describe('a media node origin', () => {
  it('is a WebSocket origin: wss anywhere, ws on this machine only', () => {
    expect(parseMediaOrigin('wss://media-1.example.org:8443')).toBe('wss://media-1.example.org:8443')
    expect(parseMediaOrigin('wss://media-1.example.org/')).toBe('wss://media-1.example.org')
    expect(parseMediaOrigin('ws://127.0.0.1:8090')).toBe('ws://127.0.0.1:8090')
    for (const refused of ['ws://media-1.example.org', 'https://media-1.example.org', 'wss://*.example.org', 'wss://user:pw@media.example.org', 'wss://media.example.org/media/ws', "'self'", '*', 42]) {
      expect(parseMediaOrigin(refused), String(refused)).toBeNull()
    }
  })

  it('comes from the club server\'s own policy, without the server itself', () => {
    expect(mediaOriginsFromPolicy(serverPolicy, club)).toEqual(['wss://media-1.example.org:8443', 'wss://media-2.example.org'])
    expect(mediaOriginsFromPolicy("connect-src 'self' * wss: https://evil.example.org", club)).toEqual([])
    expect(mediaOriginsFromPolicy(null, club)).toEqual([])
  })

  it('is learned from the club server\'s answer; no answer in time, or an error, learns nothing', async () => {
    const asked: string[] = []
    const answering = async (url: string) => (asked.push(url), new Response('{}', { headers: { 'Content-Security-Policy': serverPolicy } }))
    expect(await learnMediaOrigins({ serverOrigin: club, fetch: answering })).toEqual(['wss://media-1.example.org:8443', 'wss://media-2.example.org'])
    expect(asked).toEqual(['https://club.example.org/api/health'])
    expect(await learnMediaOrigins({ serverOrigin: club, fetch: () => new Promise<Response>(() => {}), timeoutMs: 20 })).toBeNull()
    expect(await learnMediaOrigins({ serverOrigin: club, fetch: () => Promise.reject(new Error('offline')) })).toBeNull()
    expect(await learnMediaOrigins({ serverOrigin: club, fetch: async () => new Response('', { status: 503, headers: { 'Content-Security-Policy': serverPolicy } }) })).toBeNull()
  })

  it('is configured with MAFIA_MEDIA_ORIGINS; a bad entry stops the app with its reason', () => {
    expect(configuredMediaOrigins(undefined)).toEqual([])
    expect(configuredMediaOrigins(' wss://a.example.org:8443 , wss://b.example.org,wss://a.example.org:8443')).toEqual(['wss://a.example.org:8443', 'wss://b.example.org'])
    expect(() => configuredMediaOrigins('wss://a.example.org,*')).toThrow(/MAFIA_MEDIA_ORIGINS/)
  })
})

describe('the page\'s policy with media nodes', () => {
  it('lets the page reach a media node the club names, and no other origin', () => {
    const app = resolveAppLocation(undefined, club)
    const media = mediaOriginsFromPolicy(serverPolicy, club)
    const connect = connectSources(buildContentSecurityPolicy(app, media))
    expect(connect).toContain('wss://media-1.example.org:8443')
    expect(connect).toContain('wss://media-2.example.org')
    expect(connect).not.toContain('wss://media-3.example.org')
    expect(connect).toEqual(["'self'", club, 'wss://club.example.org', 'wss://media-1.example.org:8443', 'wss://media-2.example.org'])
    expect(connectSources(buildContentSecurityPolicy(app))).not.toContain('wss://media-1.example.org:8443')
    expect(buildContentSecurityPolicy(app, media)).not.toMatch(/\*/)
  })
})
