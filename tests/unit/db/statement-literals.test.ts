import { describe, expect, it } from 'vitest'
import { literalOf, literalText } from '../../../db/statement-literals'

// Values written out in a statement's text travel by the simple query protocol, whose text ends at
// the first NUL character: one inside a value would cut the statement short.

describe('values written out in a statement', () => {
  it('refuses a text holding a NUL character, alone or inside a list', () => {
    expect(() => literalText('a\0b')).toThrow(/NUL/)
    expect(() => literalOf(['fine', '\0'])).toThrow(/NUL/)
    expect(literalText('a0b')).toBe("'a0b'")
  })
})
