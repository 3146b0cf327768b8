import { describe, expect, it } from 'vitest'
import { compileTrustProxy, parseTrustProxy } from '../../../../server/lib/client-address'
import { ConfigError, loadConfig } from '../../../../server/config'

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told: unset, empty, false and 0', () => {
    for (const raw of [undefined, '', 'false', '0', ' false ']) expect(parseTrustProxy(raw)).toBe(false)
    expect(loadConfig({}).trustProxy).toBe(false)
  })

  it('reads true, a hop count, or a list of addresses and ranges', () => {
    expect(parseTrustProxy('true')).toBe(true)
    expect(parseTrustProxy('2')).toBe(2)
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback'])
  })

  it('refuses what is none of these, at start', () => {
    expect(() => parseTrustProxy('yes please')).toThrow()
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(ConfigError)
  })

  it('a list trusts exactly its addresses, a count the nearest hops, false none', () => {
    const list = compileTrustProxy(['10.0.0.0/8'])
    expect(list('10.1.2.3', 0)).toBe(true)
    expect(list('203.0.113.1', 0)).toBe(false)
    const hops = compileTrustProxy(1)
    expect([hops('203.0.113.1', 0), hops('203.0.113.1', 1)]).toEqual([true, false])
    expect(compileTrustProxy(false)('127.0.0.1', 0)).toBe(false)
    expect(compileTrustProxy(true)('203.0.113.1', 5)).toBe(true)
  })
})
