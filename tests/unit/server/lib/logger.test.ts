import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, redactUrl } from '../../../../server/lib/logger'

const token = 'Zq3v8bK1_xY-2mN7pQ4rS6tU9wA0cD5eF8gH1jK3lM6'

describe('URLs in logs', () => {
  it('hide the token of a mail link, in any case of the page name and with a trailing part', () => {
    expect(redactUrl(`/reset/${token}`)).toBe('/reset/[redacted]')
    expect(redactUrl(`/confirm/${token}?from=mail`)).toBe('/confirm/[redacted]?from=mail')
    expect(redactUrl(`/Reset/short/`)).toBe('/Reset/[redacted]/')
    expect(redactUrl(`https://mafia.example/confirm/${token}`)).toBe('https://mafia.example/confirm/[redacted]')
  })

  it('hide any path segment or query value that looks like a random token, and any secret-named parameter', () => {
    expect(redactUrl(`/api/things/${token}/more`)).toBe('/api/things/[redacted]/more')
    expect(redactUrl(`/api/auth?token=abc&page=2`)).toBe('/api/auth?token=[redacted]&page=2')
    expect(redactUrl(`/obs-share?key=short&x=${token}`)).toBe('/obs-share?key=[redacted]&x=[redacted]')
    expect(redactUrl(`/media/ws?sig=1&access_token=2`)).toBe('/media/ws?sig=[redacted]&access_token=[redacted]')
  })

  it('keep everything else as it was', () => {
    for (const url of ['/', '/signin', '/api/lobbies?page=2&limit=20', '/uploads/users/aB3dE6gH9jK2mN5pQ8sT1vW4.png', '/reset', '/assets/index-DTDUVjbX.js']) {
      expect(redactUrl(url)).toBe(url)
    }
  })

  it('the logger writes a request line with the URL redacted', () => {
    let written = ''
    const logger = createLogger({
      name: 'test',
      level: 'info',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          written += chunk.toString()
          done()
        },
      }),
    })
    logger.info({ req: { method: 'GET', url: `/reset/${token}`, ip: '203.0.113.9', host: 'mafia.example' } }, 'incoming request')
    expect(JSON.parse(written).req).toEqual({ method: 'GET', url: '/reset/[redacted]', host: 'mafia.example', remoteAddress: '203.0.113.9' })
  })
})
