import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema'

export function createI18nRepository(db: Kysely<Database>) {
  return {
    listLanguages() {
      return db.selectFrom('languages').select(['id', 'value', 'short', 'icon', 'rtl']).orderBy('id').execute()
    },

    /** Every (constant, text) of one namespace in one language. */
    messages(namespace: string, locale: string) {
      return db
        .selectFrom('i18n_translates as t')
        .innerJoin('i18n_constants as c', 'c.id', 't.const_id')
        .innerJoin('i18n_groups as g', 'g.id', 'c.group_id')
        .innerJoin('languages as l', 'l.id', 't.lang_id')
        .select(['c.constant', 't.translate'])
        .where('g.name', '=', namespace)
        .where('l.short', '=', locale)
        .execute()
    },

    async namespaceExists(namespace: string): Promise<boolean> {
      return (await db.selectFrom('i18n_groups').select('id').where('name', '=', namespace).executeTakeFirst()) !== undefined
    },
  }
}

export type I18nRepository = ReturnType<typeof createI18nRepository>
