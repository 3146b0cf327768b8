import { sql, type Kysely, type Transaction } from 'kysely'
import type { AdvertsTable, Database } from '../../../db/schema'
import type { Insertable, Selectable, Updateable } from 'kysely'

export type AdvertRow = Selectable<AdvertsTable>
export type NewAdvertRow = Insertable<AdvertsTable>
export type AdvertChange = Updateable<AdvertsTable>

/** All SQL of adverts. */
export function createAdvertisingRepository(db: Kysely<Database>) {
  return {
    /** The adverts of a kind active at `now`, in order. */
    active(kind: AdvertRow['kind'], now: Date, limit: number) {
      return db
        .selectFrom('adverts')
        .selectAll()
        .where('kind', '=', kind)
        .where((eb) => eb.or([eb('active_from', 'is', null), eb('active_from', '<=', now)]))
        .where((eb) => eb.or([eb('active_until', 'is', null), eb('active_until', '>', now)]))
        .orderBy('sort_order')
        .orderBy('id')
        .limit(limit)
        .execute()
    },

    async list(kind: AdvertRow['kind'] | undefined, page: { offset: number; limit: number }) {
      let query = db.selectFrom('adverts')
      if (kind !== undefined) query = query.where('kind', '=', kind)
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('kind').orderBy('sort_order').orderBy('id').offset(page.offset).limit(page.limit).execute(),
        query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      ])
      return { rows, total: Number(count.total) }
    },

    find(id: number, executor: Kysely<Database> | Transaction<Database> = db, lock = false) {
      const query = executor.selectFrom('adverts').selectAll().where('id', '=', id)
      return (lock ? query.forUpdate() : query).executeTakeFirst()
    },

    insert(trx: Transaction<Database>, row: NewAdvertRow) {
      return trx.insertInto('adverts').values(row).returningAll().executeTakeFirstOrThrow()
    },

    update(trx: Transaction<Database>, id: number, change: AdvertChange) {
      return trx.updateTable('adverts').set({ ...change, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
    },

    async remove(trx: Transaction<Database>, id: number) {
      await trx.deleteFrom('adverts').where('id', '=', id).execute()
    },

    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(work),
  }
}

export type AdvertisingRepository = ReturnType<typeof createAdvertisingRepository>
