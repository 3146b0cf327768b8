import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import cors, { desktopAppOrigin } from '../../../../server/plugins/cors'

async function app() {
  const server = Fastify()
  await server.register(cors, { origins: [desktopAppOrigin, 'http://127.0.0.1:9000'] })
  server.post('/api/things', async () => ({ ok: true }))
  server.get('/page', async () => 'page')
  return server
}

describe('cross-origin calls from the desktop app', () => {
  it('are answered for app://mafia and the configured origins, without credentials', async () => {
    const server = await app()
    for (const origin of [desktopAppOrigin, 'http://127.0.0.1:9000']) {
      const answer = await server.inject({ method: 'POST', url: '/api/things', headers: { origin, 'content-type': 'application/json' }, payload: '{}' })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['access-control-allow-origin']).toBe(origin)
      expect(answer.headers.vary).toContain('Origin')
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined()
    }
  })

  it('get their preflight answered: the bearer header and JSON allowed', async () => {
    const server = await app()
    const answer = await server.inject({
      method: 'OPTIONS',
      url: '/api/things',
      headers: { origin: desktopAppOrigin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    })
    expect(answer.statusCode).toBe(204)
    expect(answer.headers['access-control-allow-origin']).toBe(desktopAppOrigin)
    expect(answer.headers['access-control-allow-headers']).toBe('Authorization, Content-Type')
    expect(answer.headers['access-control-allow-methods']).toContain('POST')
  })

  it('get nothing from any other origin, nor outside /api and /uploads', async () => {
    const server = await app()
    for (const origin of ['https://evil.example.com', 'app://evil', 'http://127.0.0.1:9001', 'null']) {
      const answer = await server.inject({ method: 'POST', url: '/api/things', headers: { origin, 'content-type': 'application/json' }, payload: '{}' })
      expect(answer.headers['access-control-allow-origin']).toBeUndefined()
      const preflight = await server.inject({ method: 'OPTIONS', url: '/api/things', headers: { origin, 'access-control-request-method': 'POST' } })
      expect(preflight.statusCode).toBe(404)
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    }
    expect((await server.inject({ url: '/page', headers: { origin: desktopAppOrigin } })).headers['access-control-allow-origin']).toBeUndefined()
    expect((await server.inject({ url: '/apiary', headers: { origin: desktopAppOrigin } })).headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('the origins of the desktop app', () => {
  it('are app://mafia always, plus DESKTOP_ORIGINS; anything but an http(s) origin there stops the server with a message', async () => {
    const { loadConfig } = await import('../../../../server/config')
    expect(loadConfig({}).desktopOrigins).toEqual([desktopAppOrigin])
    expect(loadConfig({ DESKTOP_ORIGINS: 'http://127.0.0.1:8418, https://app.example.org/' }).desktopOrigins).toEqual([desktopAppOrigin, 'http://127.0.0.1:8418', 'https://app.example.org'])
    for (const bad of ['*', 'https://app.example.org/path', 'ftp://x.example', 'app.example.org']) {
      expect(() => loadConfig({ DESKTOP_ORIGINS: bad })).toThrow(/DESKTOP_ORIGINS must list origins/)
    }
  })
})
