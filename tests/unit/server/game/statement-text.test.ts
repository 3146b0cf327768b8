import { describe, expect, it } from 'vitest'
import { integerText, literalOf, writtenOut } from '../../../../server/modules/game/statement-text'

// The game's statements carry their values in their text: each value must come out as the literal
// PostgreSQL reads back as that very value, and nothing else may pass.

describe('statements with their values written out', () => {
  it('writes each kind of value as the literal that reads back as it', () => {
    expect(literalOf(null)).toBe('null')
    expect(literalOf(undefined)).toBe('null')
    expect(literalOf(true)).toBe('true')
    expect(literalOf(false)).toBe('false')
    // A negative number in parentheses: a minus before its placeholder never makes a comment of the line.
    expect(literalOf(-12)).toBe('(-12)')
    expect(integerText(-3)).toBe('(-3)')
    expect(writtenOut({ sql: 'select 10 -$1 as value', parameters: [-1] })).toBe('select 10 -(-1) as value')
    expect(literalOf(2.5)).toBe('2.5')
    expect(literalOf('day_speech')).toBe("'day_speech'")
    // A quote is doubled; a backslash makes the literal an escape string, where it is doubled too (as libpq does).
    expect(literalOf("it's")).toBe("'it''s'")
    expect(literalOf('a\\b')).toBe(" E'a\\\\b'")
    expect(literalOf("'); drop table game_events; --")).toBe("'''); drop table game_events; --'")
    expect(literalOf(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe("'2026-01-02T03:04:05.006Z'")
    expect(literalOf([1, null, 'x'])).toBe("ARRAY[1, null, 'x']")
    expect(literalOf([])).toBe('ARRAY[]')
  })

  it('refuses what has no literal: a number that is not finite, an object, an integer that is not one', () => {
    expect(() => literalOf(Number.NaN)).toThrow()
    expect(() => literalOf(Number.POSITIVE_INFINITY)).toThrow()
    expect(() => literalOf({ a: 1 })).toThrow()
    expect(() => integerText(1.5)).toThrow()
    expect(() => integerText(2 ** 60)).toThrow()
    expect(integerText(42)).toBe('42')
  })

  it('replaces every placeholder by its own value, $1 apart from $10, and refuses a placeholder without one', () => {
    const parameters = Array.from({ length: 11 }, (_, index) => index + 100)
    expect(writtenOut({ sql: 'select $1, $10, $11, $2', parameters })).toBe('select 100, 109, 110, 101')
    expect(writtenOut({ sql: "update t set a = $1 where b = $2", parameters: ["x'$2", 7] })).toBe("update t set a = 'x''$2' where b = 7")
    expect(() => writtenOut({ sql: 'select $2', parameters: [1] })).toThrow()
    expect(() => writtenOut({ sql: 'select $0', parameters: [1] })).toThrow()
  })
})
