import { afterEach, describe, expect, it } from 'vitest'
import { currentScryptParameters, hashPassword, needsRehash, setTestHashingCost, verifyPassword } from '../../../../server/modules/auth/passwords'

afterEach(() => setTestHashingCost(currentScryptParameters.logCost))

describe('the test app’s password hashing cost', () => {
  it('is production’s 2^15 until a test process lowers it; then new hashes carry the lower cost and still verify', async () => {
    expect(await hashPassword('a password')).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$/)
    setTestHashingCost(10)
    const cheap = await hashPassword('a password')
    expect(cheap).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/)
    expect(await verifyPassword('a password', cheap)).toBe(true)
    expect(await verifyPassword('another password', cheap)).toBe(false)
    expect(needsRehash(cheap)).toBe(false)
  })

  it('refuses a cost a stored hash could not carry, and keeps the one it had', async () => {
    setTestHashingCost(10)
    for (const cost of [0, 21, 9.5, Number.NaN]) expect(() => setTestHashingCost(cost)).toThrow('scrypt log cost must be an integer from 1 to 20')
    expect(await hashPassword('a password')).toMatch(/^\$scrypt\$ln=10,/)
  })
})
