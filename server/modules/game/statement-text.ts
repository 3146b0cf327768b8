export { integerText, literalOf, literalText, writtenOut } from '../../../db/statement-literals'

/*
 * Statements with their values written out in their text instead of sent as parameters. A
 * statement without parameters goes by PostgreSQL's simple query protocol: one message that the
 * database parses and runs at once. A statement with parameters takes five (parse, bind, describe,
 * execute, sync), and the embedded database's server answers each of them on its own, which costs
 * it several times the CPU and the time to the answer. The game's statements (every move's insert
 * above all) are written out so; their values are numbers, booleans, dates and texts, quoted as
 * libpq quotes them (`db/statement-literals.ts`). The rarer ones whose text never changes run
 * prepared instead (`db/connection.ts`), which writes their values out in the same way.
 */
