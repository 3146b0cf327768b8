import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../../db/schema'

export interface ConstantFilter {
  /** Only constants missing a text: in this language, or in any when undefined. */
  missing?: boolean
  missingLangId?: number
  /** Part of the constant's name or of any of its texts, case-insensitive. */
  search?: string
}

export interface TranslateRow {
  const_id: number
  group_id: number
  lang_id: number
  locale: string
  translate: string
  source: string
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

/** All SQL of the translation editor (the public message sets read through i18n.repository.ts). */
export function createI18nAdminRepository(db: Kysely<Database>) {
  const translatesOf = (executor: Kysely<Database> | Transaction<Database>, constIds: number[]): Promise<TranslateRow[]> =>
    constIds.length === 0
      ? Promise.resolve([])
      : executor
          .selectFrom('i18n_translates as t')
          .innerJoin('i18n_constants as c', 'c.id', 't.const_id')
          .innerJoin('languages as l', 'l.id', 't.lang_id')
          .select(['t.const_id', 'c.group_id', 't.lang_id', 'l.short as locale', 't.translate', 't.source'])
          .where('t.const_id', 'in', constIds)
          .orderBy('t.const_id')
          .orderBy('t.lang_id')
          .execute()

  return {
    languages() {
      return db.selectFrom('languages').select(['id', 'short']).orderBy('id').execute()
    },

    async groups() {
      const rows = await db
        .selectFrom('i18n_groups as g')
        .leftJoin('i18n_constants as c', 'c.group_id', 'g.id')
        .select([
          'g.id',
          'g.name',
          sql<string>`count(c.id)`.as('constants'),
          sql<string>`count(c.id) filter (where (select count(*) from i18n_translates t where t.const_id = c.id) < (select count(*) from languages))`.as('missing'),
        ])
        .groupBy(['g.id', 'g.name'])
        .orderBy('g.name')
        .execute()
      return rows.map((row) => ({ id: row.id, name: row.name, constants: Number(row.constants), missing: Number(row.missing) }))
    },

    group(name: string) {
      return db.selectFrom('i18n_groups').select(['id', 'name']).where('name', '=', name).executeTakeFirst()
    },

    /** A page of a group's constants (by name) and their texts. */
    async constants(groupId: number, filter: ConstantFilter, page: { offset: number; limit: number }) {
      let query = db.selectFrom('i18n_constants as c').where('c.group_id', '=', groupId)
      if (filter.missing) {
        query =
          filter.missingLangId === undefined
            ? query.where(sql<boolean>`(select count(*) from i18n_translates t where t.const_id = c.id) < (select count(*) from languages)`)
            : query.where(sql<boolean>`not exists (select 1 from i18n_translates t where t.const_id = c.id and t.lang_id = ${filter.missingLangId})`)
      }
      if (filter.search) {
        const pattern = likePattern(filter.search)
        query = query.where(sql<boolean>`(c.constant ilike ${pattern} or exists (select 1 from i18n_translates t where t.const_id = c.id and t.translate ilike ${pattern}))`)
      }
      const [rows, count] = await Promise.all([
        query.select(['c.id', 'c.group_id', 'c.constant']).orderBy('c.constant').offset(page.offset).limit(page.limit).execute(),
        query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      ])
      return { rows, translates: await translatesOf(db, rows.map((row) => row.id)), total: Number(count.total) }
    },

    constant(id: number, executor: Kysely<Database> | Transaction<Database> = db) {
      return executor.selectFrom('i18n_constants').select(['id', 'group_id', 'constant']).where('id', '=', id).executeTakeFirst()
    },

    translates: (constId: number, executor: Kysely<Database> | Transaction<Database> = db) => translatesOf(executor, [constId]),

    /** Writes the texts of one constant: a string is stored as the admin's, null removes that language's text. */
    async write(trx: Transaction<Database>, constId: number, texts: Array<{ langId: number; translate: string | null }>) {
      for (const { langId, translate } of texts) {
        if (translate === null) {
          await trx.deleteFrom('i18n_translates').where('const_id', '=', constId).where('lang_id', '=', langId).execute()
        } else {
          await trx
            .insertInto('i18n_translates')
            .values({ const_id: constId, lang_id: langId, translate, source: 'admin' })
            .onConflict((conflict) => conflict.columns(['const_id', 'lang_id']).doUpdateSet({ translate, source: 'admin' }))
            .execute()
        }
      }
    },

    /** Every text of every group: (group, constant) -> its id and texts by locale. */
    async everything() {
      const rows = await db
        .selectFrom('i18n_constants as c')
        .innerJoin('i18n_groups as g', 'g.id', 'c.group_id')
        .leftJoin('i18n_translates as t', 't.const_id', 'c.id')
        .leftJoin('languages as l', 'l.id', 't.lang_id')
        .select(['c.id', 'g.name as group', 'c.constant', 'l.short as locale', 't.translate'])
        .execute()
      return rows
    },

    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(work),
  }
}

export type I18nAdminRepository = ReturnType<typeof createI18nAdminRepository>
