import pg from 'pg'

/*
 * Values written out in a statement's text, as SQL literals, instead of sent as parameters: a
 * statement without parameters goes by PostgreSQL's simple query protocol, one message that the
 * database parses and runs at once (see `server/modules/game/statement-text.ts` and the prepared
 * statements of `connection.ts`). Each value must come out as the literal PostgreSQL reads back as
 * that very value, and nothing else may pass.
 */

/**
 * A number as its literal; a negative one in parentheses, so that a minus written before the value in
 * the statement (`a -$1`) can never make a comment (`a --1`) of the rest of the line.
 */
const numberText = (value: number): string => (value < 0 || Object.is(value, -0) ? `(${value})` : String(value))

/** An integer written out in a statement's text; anything else is a bug and fails the write. */
export function integerText(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`)
  return numberText(value)
}

/**
 * A text as an SQL string literal, quoted as libpq quotes it (`pg`'s `escapeLiteral`); most texts need
 * no escaping at all. A NUL character is refused: the simple protocol's text ends at the first one,
 * and no PostgreSQL text can hold it anyway.
 */
export function literalText(text: string): string {
  if (text.includes('\0')) throw new Error('a text holding a NUL character cannot be written out')
  return /['\\]/.test(text) ? pg.escapeLiteral(text) : `'${text}'`
}

/** One value as an SQL literal: null, a boolean, a finite number, a text, a date (as its instant), or an array of these. */
export function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`)
    return numberText(value)
  }
  if (typeof value === 'string') return literalText(value)
  if (value instanceof Date) return literalText(value.toISOString())
  if (Array.isArray(value)) return `ARRAY[${value.map(literalOf).join(', ')}]`
  throw new Error(`no literal for a value of type ${typeof value}`)
}

/** The statement's text with each `$n` replaced by its value written out (the statements given here hold no other `$`). */
export function writtenOut(query: { sql: string; parameters: readonly unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_placeholder, index: string) => {
    const position = Number(index) - 1
    if (position < 0 || position >= query.parameters.length) throw new Error(`no value for $${index}`)
    return literalOf(query.parameters[position])
  })
}
