import type { Generated, Kysely, Transaction } from 'kysely'
import type { Database } from '../../../db/schema'

/** The `media_servers` table (migration 0015-media-servers). */
export interface MediaServersTable {
  id: Generated<number>
  node_id: string
  name: string
  url: string
  enabled: Generated<boolean>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface MediaServerRow {
  id: number
  node_id: string
  name: string
  url: string
  enabled: boolean
  created_at: Date
  updated_at: Date
}

type ServersDatabase = Database & { media_servers: MediaServersTable }
export type ServersDb = Kysely<ServersDatabase> | Transaction<ServersDatabase>

/** All SQL of the media servers admins added. */
export function createAdminServersRepository(database: Kysely<Database>) {
  const db = database as unknown as Kysely<ServersDatabase>
  return {
    db,
    all: (): Promise<MediaServerRow[]> => db.selectFrom('media_servers').selectAll().orderBy('id').execute(),
    find: (id: number, trx: ServersDb = db): Promise<MediaServerRow | undefined> => trx.selectFrom('media_servers').selectAll().where('id', '=', id).executeTakeFirst(),
    byNode: (nodeId: string): Promise<MediaServerRow | undefined> => db.selectFrom('media_servers').selectAll().where('node_id', '=', nodeId).executeTakeFirst(),
    disabledNodes: async (): Promise<string[]> => (await db.selectFrom('media_servers').select('node_id').where('enabled', '=', false).execute()).map((row) => row.node_id),
    /** The new row, or undefined when the node id is taken. */
    insert: (trx: ServersDb, values: { node_id: string; name: string; url: string; enabled: boolean }): Promise<MediaServerRow | undefined> =>
      trx.insertInto('media_servers').values(values).onConflict((conflict) => conflict.column('node_id').doNothing()).returningAll().executeTakeFirst(),
    update: (trx: ServersDb, id: number, values: Partial<{ name: string; url: string; enabled: boolean }>): Promise<MediaServerRow | undefined> =>
      trx
        .updateTable('media_servers')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    remove: (trx: ServersDb, id: number): Promise<MediaServerRow | undefined> => trx.deleteFrom('media_servers').where('id', '=', id).returningAll().executeTakeFirst(),
  }
}

export type AdminServersRepository = ReturnType<typeof createAdminServersRepository>
