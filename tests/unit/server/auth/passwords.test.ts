import { describe, expect, it } from 'vitest'
import { currentScryptParameters, hashPassword, needsRehash, verifyPassword } from '../../../../server/modules/auth/passwords'

/** Cheap parameters where the test is about the format, not the cost. */
const cheap = { logCost: 10, blockSize: 8, parallelism: 1 }

describe('password hashing', () => {
  it('stores scrypt with its parameters and a salt, never the password', async () => {
    const hash = await hashPassword('correct horse battery')
    const { logCost, blockSize, parallelism } = currentScryptParameters
    expect(hash).toMatch(new RegExp(`^\\$scrypt\\$ln=${logCost},r=${blockSize},p=${parallelism}\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`))
    expect(hash).not.toContain('correct horse battery')
  })

  it('is memory-hard: at least 16 MiB per hash', () => {
    const bytes = 128 * 2 ** currentScryptParameters.logCost * currentScryptParameters.blockSize
    expect(bytes).toBeGreaterThanOrEqual(16 * 1024 * 1024)
  })

  it('salts every hash, so one password gives different hashes', async () => {
    const [first, second] = await Promise.all([hashPassword('same password', cheap), hashPassword('same password', cheap)])
    expect(first).not.toBe(second)
    expect(await verifyPassword('same password', first)).toBe(true)
    expect(await verifyPassword('same password', second)).toBe(true)
  })

  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery', cheap)
    expect(await verifyPassword('correct horse battery', hash)).toBe(true)
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })

  it('treats canonically equal Unicode spellings as one password', async () => {
    const composed = 'caf\u00e9 au lait'
    const decomposed = 'cafe\u0301 au lait'
    expect(await verifyPassword(decomposed, await hashPassword(composed, cheap))).toBe(true)
  })

  it('verifies with the parameters stored in the hash, and asks for a rehash when they are not today’s', async () => {
    const old = await hashPassword('an older account', cheap)
    expect(await verifyPassword('an older account', old)).toBe(true)
    expect(needsRehash(old)).toBe(true)
    expect(needsRehash(await hashPassword('a new account'))).toBe(false)
  })

  it('never matches an unusable or tampered hash', async () => {
    const hash = await hashPassword('secret words', cheap)
    expect(await verifyPassword('secret words', '!')).toBe(false)
    expect(await verifyPassword('secret words', '')).toBe(false)
    expect(await verifyPassword('secret words', hash.replace('$scrypt$', '$argon2id$'))).toBe(false)
    // Parameters that would cost absurd memory are refused rather than run.
    expect(await verifyPassword('secret words', hash.replace('ln=10', 'ln=40'))).toBe(false)
    const parts = hash.split('$')
    const key = Buffer.from(parts[4] as string, 'base64')
    key[0] = (key[0] as number) ^ 1
    parts[4] = key.toString('base64').replace(/=+$/, '')
    expect(await verifyPassword('secret words', parts.join('$'))).toBe(false)
  })
})
