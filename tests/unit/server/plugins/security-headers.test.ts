import { createHash } from 'node:crypto'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import securityHeaders, { inlineScriptHashes, webSocketOrigin } from '../../../../server/plugins/security-headers'

describe('security headers', () => {
  it('hash only the inline scripts of a page, byte for byte', () => {
    const html = `<script>var a = 1</script><script type="module" src="./assets/x.js"></script><script>\n  b()\n</script>`
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    expect(inlineScriptHashes(html)).toEqual([sha256('var a = 1'), sha256('\n  b()\n')])
    expect(inlineScriptHashes('<script src="/a.js"></script>')).toEqual([])
  })

  it('turn app and node addresses into WebSocket origins', () => {
    expect(webSocketOrigin('https://mafia.example/path')).toBe('wss://mafia.example')
    expect(webSocketOrigin('http://localhost:8080')).toBe('ws://localhost:8080')
    expect(webSocketOrigin('ws://10.0.0.5:8090/media/ws')).toBe('ws://10.0.0.5:8090')
    expect(webSocketOrigin('/media/ws')).toBeNull()
    expect(webSocketOrigin('ftp://x')).toBeNull()
  })

  it('allow connections to each media node that registered, and keep it allowed after it leaves', async () => {
    let nodes = ['wss://media-1.example:8443/media/ws', '/media/ws']
    const app = Fastify()
    await app.register(securityHeaders, { publicUrl: 'https://mafia.example', rendererDir: '/nonexistent', mediaUrls: () => nodes })
    app.get('/', async () => 'ok')
    const connectSources = async () => {
      const policy = (await app.inject({ url: '/' })).headers['content-security-policy'] as string
      return policy.split(';').find((directive) => directive.startsWith('connect-src'))
    }
    expect(await connectSources()).toBe("connect-src 'self' wss://mafia.example wss://media-1.example:8443")
    nodes = ['ws://10.0.0.7:8090/media/ws']
    expect(await connectSources()).toBe("connect-src 'self' wss://mafia.example wss://media-1.example:8443 ws://10.0.0.7:8090")
    await app.close()
  })
})
