import { CompiledQuery, type Kysely, type QueryResult, type RawBuilder, type Transaction } from 'kysely'
import pg from 'pg'
import type { Database } from '../../../db/schema'

/*
 * Statements with their values written out in their text instead of sent as parameters. A
 * statement without parameters goes by PostgreSQL's simple query protocol: one message that the
 * database parses and runs at once. A statement with parameters takes five (parse, bind, describe,
 * execute, sync), and the embedded database's server answers each of them on its own, which costs
 * it several times the CPU and the time to the answer. The game's statements (every move's insert
 * above all) are written out so; their values are numbers, booleans, dates and texts, quoted as
 * libpq quotes them.
 */

type Queries = Kysely<Database> | Transaction<Database>

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

/** A text as an SQL string literal, quoted as libpq quotes it (`pg`'s `escapeLiteral`); most texts need no escaping at all. */
export const literalText = (text: string): string => (/['\\]/.test(text) ? pg.escapeLiteral(text) : `'${text}'`)

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

/** Runs a statement built with Kysely's `sql` with its values written out (see above). */
export function executeWrittenOut<Row>(queries: Queries, statement: RawBuilder<Row>): Promise<QueryResult<Row>> {
  return queries.executeQuery(CompiledQuery.raw(writtenOut(statement.compile(queries))) as CompiledQuery<Row>)
}
