import { describe, expect, it } from 'vitest'
import { addressKey } from '../../../../server/modules/auth/sign-in-guard'

describe('the address a failed sign-in is counted under', () => {
  it('is the IPv4 address itself, also when mapped into IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7')
  })

  it('is the /64 network of an IPv6 address, however it is written', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'))
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })
})
