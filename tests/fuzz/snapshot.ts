import { readdir } from 'node:fs/promises'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'

/**
 * Columns and tables that change on purpose when a request is refused or merely read, so they are
 * left out of the content hash: a session's last use (and the address it was used from), and the
 * failed sign-ins the lock counts (a wrong password is refused and counted, by design).
 */
export const ignoredColumns: Record<string, readonly string[] | '*'> = {
  sessions: ['last_seen_at', 'address'],
  users: ['failed_logins', 'locked_until', 'updated_at'],
  sign_in_failures: '*',
}

export interface TableState {
  rows: number
  hash: string
}

/** What the database (and the uploads folder) held at one moment. */
export interface Snapshot {
  /** The write-ahead log's insert position: it stands still while nothing is written, which spares the hash. */
  walPosition: string
  tables: Map<string, TableState>
  uploads: number
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).length
}

/**
 * Takes snapshots of every table: its row count and an order-free hash of its rows (the sum of
 * each row's 64-bit hash), with the ignored columns left out. The hash is recomputed only when the
 * write-ahead log moved since the last one; reads never move it.
 */
export async function createSnapshotter(db: Kysely<Database>, uploadsDir: string) {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db)
  const byTable = new Map<string, string[]>()
  for (const row of columns.rows) {
    const ignored = ignoredColumns[row.table_name]
    if (ignored === '*' || ignored?.includes(row.column_name)) continue
    byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name])
  }
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
  const hashQuery = [...byTable]
    .map(([table, names]) => `select ${`'${table}'`} as name, count(*)::int as rows, coalesce(sum(hashtextextended(row(${names.map(quote).join(', ')})::text, 7)), 0)::text as hash from ${quote(table)}`)
    .join(' union all ')

  let last: { walPosition: string; tables: Map<string, TableState> } | undefined

  async function walPosition(): Promise<string> {
    const result = await sql<{ position: string }>`select pg_current_wal_insert_lsn()::text as position`.execute(db)
    return result.rows[0]?.position ?? ''
  }

  return {
    tableNames: [...byTable.keys()],

    async take(): Promise<Snapshot> {
      const position = await walPosition()
      if (!last || last.walPosition !== position) {
        const result = await sql.raw<{ name: string; rows: number; hash: string }>(hashQuery).execute(db)
        last = { walPosition: position, tables: new Map(result.rows.map((row) => [row.name, { rows: row.rows, hash: row.hash }])) }
      }
      return { walPosition: last.walPosition, tables: last.tables, uploads: await countFiles(uploadsDir) }
    },
  }
}

/** What differs between two snapshots: `table (rows a → b)` or `table (content)`, and uploaded files. */
export function changes(before: Snapshot, after: Snapshot): string[] {
  if (before.tables === after.tables && before.uploads === after.uploads) return []
  const found: string[] = []
  for (const [name, state] of after.tables) {
    const earlier = before.tables.get(name)
    if (!earlier) found.push(`${name} (new table)`)
    else if (earlier.rows !== state.rows) found.push(`${name} (rows ${earlier.rows} → ${state.rows})`)
    else if (earlier.hash !== state.hash) found.push(`${name} (content)`)
  }
  if (before.uploads !== after.uploads) found.push(`uploads (files ${before.uploads} → ${after.uploads})`)
  return found
}
