import { sql, type Kysely } from 'kysely'
import type { Database } from '../schema'
import { readSeedTranslations } from './i18n-files'

/** The interface languages. */
export const seedLanguages = [
  { short: 'uk', value: 'Українська', icon: 'flag-ua', rtl: false },
  { short: 'en', value: 'English', icon: 'flag-gb', rtl: false },
  { short: 'de', value: 'Deutsch', icon: 'flag-de', rtl: false },
  { short: 'he', value: 'עברית', icon: 'flag-il', rtl: true },
]

/** Settings every install starts with; an existing value is never overwritten. */
export const seedSettings = [
  { name: 'maintenance', value: 'false' },
  { name: 'maintenance_message', value: '' },
  { name: 'premium_page', value: 'false' },
]

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = []
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size))
  return result
}

/**
 * Data every install needs. Idempotent: runs at every start. Seed translations follow the files,
 * but a translation an admin edited (source 'admin') is kept.
 */
export async function seedDatabase(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('languages')
      .values(seedLanguages)
      .onConflict((conflict) => conflict.column('short').doUpdateSet({ value: (eb) => eb.ref('excluded.value'), icon: (eb) => eb.ref('excluded.icon'), rtl: (eb) => eb.ref('excluded.rtl') }))
      .execute()
    await trx.insertInto('settings').values(seedSettings).onConflict((conflict) => conflict.column('name').doNothing()).execute()

    const languageIds = new Map((await trx.selectFrom('languages').select(['id', 'short']).execute()).map((row) => [row.short, row.id]))
    for (const [namespace, locales] of readSeedTranslations()) {
      await trx.insertInto('i18n_groups').values({ name: namespace }).onConflict((conflict) => conflict.column('name').doNothing()).execute()
      const group = await trx.selectFrom('i18n_groups').select('id').where('name', '=', namespace).executeTakeFirstOrThrow()
      const constants = new Set<string>()
      for (const messages of locales.values()) for (const key of Object.keys(messages)) constants.add(key)
      for (const batch of chunks([...constants], 1000)) {
        await trx
          .insertInto('i18n_constants')
          .values(batch.map((constant) => ({ group_id: group.id, constant })))
          .onConflict((conflict) => conflict.columns(['group_id', 'constant']).doNothing())
          .execute()
      }
      const constantIds = new Map(
        (await trx.selectFrom('i18n_constants').select(['id', 'constant']).where('group_id', '=', group.id).execute()).map((row) => [row.constant, row.id]),
      )
      const rows: Array<{ const_id: number; lang_id: number; translate: string }> = []
      for (const [locale, messages] of locales) {
        const langId = languageIds.get(locale)
        if (langId === undefined) throw new Error(`seed translations for unknown language ${locale}`)
        for (const [key, text] of Object.entries(messages)) rows.push({ const_id: constantIds.get(key) as number, lang_id: langId, translate: text })
      }
      for (const batch of chunks(rows, 1000)) {
        await trx
          .insertInto('i18n_translates')
          .values(batch)
          .onConflict((conflict) =>
            conflict
              .columns(['const_id', 'lang_id'])
              .doUpdateSet({ translate: (eb) => eb.ref('excluded.translate') })
              .where('i18n_translates.source', '=', sql<'seed'>`'seed'`),
          )
          .execute()
      }
    }
  })
}
