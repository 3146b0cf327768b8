import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema'

export function createSystemRepository(db: Kysely<Database>) {
  return {
    ping: () => db.selectFrom('settings').select('name').limit(1).execute(),
    settings: () => db.selectFrom('settings').select(['name', 'value']).orderBy('name').execute(),
  }
}
