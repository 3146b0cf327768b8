import type { Transaction } from 'kysely'
import type { Database } from '../../../db/schema'
import type { I18nConstant, I18nConstantPage, I18nDifferences, I18nGroups, I18nListQuery, I18nSet, I18nSynced } from '../../contract/http/i18n-admin'
import { i18nAdminLimits } from '../../contract/http/i18n-admin'
import { AppError, badRequest, notFound } from '../../lib/app-error'
import type { I18nAdminRepository, TranslateRow } from './i18n-admin.repository'
import { createSyncClient, type Snapshot, type SyncClient } from './i18n-sync'

/** Writes one change to the audit trail, in the change's transaction. */
export type AuditWriter = (
  trx: Transaction<Database>,
  entry: { actorId: number; action: string; target: { type: string; id: number | string | null }; before: unknown; after: unknown },
) => Promise<void>

/** The `{{name}}` placeholders of a text, sorted and without repeats. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((match) => match[1] as string))].sort()
}

const samePlaceholders = (a: string[], b: string[]) => a.length === b.length && a.every((name, index) => name === b[index])

const toConstant = (row: { id: number; group_id: number; constant: string }, translates: TranslateRow[]): I18nConstant => ({
  id: row.id,
  groupId: row.group_id,
  constant: row.constant,
  translates: translates
    .filter((translate) => translate.const_id === row.id)
    .map((translate) => ({ constId: translate.const_id, groupId: translate.group_id, langId: translate.lang_id, locale: translate.locale, translate: translate.translate, source: translate.source })),
})

const keyOf = (group: string, constant: string) => `${group}\u0000${constant}`

export interface I18nAdminOptions {
  repository: I18nAdminRepository
  audit: AuditWriter
  /** Called after every committed change: every node's message cache forgets what it held. */
  changed(): void
  /** The other instance to exchange translations with (I18N_SYNC_URL) and an admin token there (I18N_SYNC_TOKEN). */
  sync?: { url: string; token: string | undefined }
  fetch?: typeof fetch
}

/** The translation editor's rules: listing, one constant edited in every language at once, and the exchange with another instance. */
export function createI18nAdminService(options: I18nAdminOptions) {
  const { repository, audit, changed } = options
  const client: SyncClient | null = options.sync ? createSyncClient({ ...options.sync, fetch: options.fetch }) : null
  const syncClient = (): SyncClient => {
    if (!client) throw new AppError(503, 'errors.i18n.sync_not_configured')
    return client
  }

  const localSnapshot = async (): Promise<Snapshot> => {
    const snapshot: Snapshot = new Map()
    for (const row of await repository.everything()) {
      const key = keyOf(row.group, row.constant)
      const entry = snapshot.get(key) ?? { id: row.id, group: row.group, constant: row.constant, texts: {} }
      if (row.locale !== null && row.translate !== null) entry.texts[row.locale] = row.translate
      snapshot.set(key, entry)
    }
    return snapshot
  }

  /**
   * Validates and writes the texts of one constant (`set`'s rules) and records the change; returns
   * the constant with its texts.
   */
  const write = async (actorId: number, input: I18nSet, action: string): Promise<I18nConstant> => {
    const languages = new Map((await repository.languages()).map((language) => [language.short, language.id]))
    const seen = new Set<string>()
    for (const [index, { locale, translate }] of input.translates.entries()) {
      if (!languages.has(locale)) throw badRequest('errors.i18n.unknown_locale', `translates.${index}.locale`)
      if (seen.has(locale)) throw badRequest('errors.invalid_value', `translates.${index}.locale`)
      if (translate.includes('\0')) throw badRequest('errors.invalid_value', `translates.${index}.translate`)
      seen.add(locale)
    }
    const result = await repository.transaction(async (trx) => {
      const constant = await repository.constant(input.id, trx)
      if (!constant) throw notFound()
      if (constant.constant !== input.constant) throw badRequest('errors.i18n.constant_mismatch', 'constant')
      const before = await repository.translates(constant.id, trx)
      const sentEnglish = input.translates.find((entry) => entry.locale === 'en')
      const english = sentEnglish ? sentEnglish.translate : before.find((row) => row.locale === 'en')?.translate
      if (english === undefined || english.trim() === '') {
        throw badRequest('errors.i18n.english_required', sentEnglish ? `translates.${input.translates.indexOf(sentEnglish)}.translate` : 'translates')
      }
      const expected = placeholdersOf(english)
      for (const [index, { translate }] of input.translates.entries()) {
        if (translate !== '' && !samePlaceholders(placeholdersOf(translate), expected)) throw badRequest('errors.i18n.placeholders', `translates.${index}.translate`)
      }
      const texts = input.translates.map(({ locale, translate }) => ({ langId: languages.get(locale) as number, translate: translate === '' ? null : translate }))
      await repository.write(trx, constant.id, texts)
      const after = await repository.translates(constant.id, trx)
      const byLocale = (rows: TranslateRow[]) => Object.fromEntries(rows.filter((row) => seen.has(row.locale)).map((row) => [row.locale, row.translate]))
      const textsBefore = byLocale(before)
      const textsAfter = byLocale(after)
      if (JSON.stringify(textsBefore) !== JSON.stringify(textsAfter)) {
        await audit(trx, { actorId, action, target: { type: 'i18n_constant', id: constant.id }, before: { constant: constant.constant, texts: textsBefore }, after: { constant: constant.constant, texts: textsAfter } })
      }
      return toConstant(constant, after)
    })
    changed()
    return result
  }

  /** The texts that differ between two snapshots, for the constants and languages both sides have. */
  const differences = (local: Snapshot, remote: Snapshot, localesHere: Set<string>, localesThere: Set<string>) => {
    const items: I18nDifferences['items'] = []
    const keys = [...new Set([...local.keys(), ...remote.keys()])].sort()
    for (const key of keys) {
      const here = local.get(key)
      const there = remote.get(key)
      const entry = (here ?? there) as NonNullable<typeof here>
      for (const locale of [...localesHere].filter((locale) => localesThere.has(locale)).sort()) {
        const localText = here?.texts[locale] ?? null
        const remoteText = there?.texts[locale] ?? null
        if (localText !== remoteText) items.push({ group: entry.group, constant: entry.constant, locale, local: localText, remote: remoteText })
      }
    }
    return items
  }

  const compare = async () => {
    const remote = await syncClient().snapshot()
    const local = await localSnapshot()
    const localesHere = new Set((await repository.languages()).map((language) => language.short))
    return { remote, local, items: differences(local, remote.snapshot, localesHere, remote.locales) }
  }

  return {
    async groups(): Promise<I18nGroups> {
      return { items: await repository.groups() }
    },

    async list(query: I18nListQuery): Promise<I18nConstantPage> {
      const group = await repository.group(query.group)
      if (!group) throw notFound()
      let missingLangId: number | undefined
      if (query.locale !== undefined) {
        missingLangId = (await repository.languages()).find((language) => language.short === query.locale)?.id
        if (missingLangId === undefined) throw badRequest('errors.i18n.unknown_locale', 'locale')
      }
      const limit = query.limit ?? i18nAdminLimits.itemsPerPageDefault
      const page = query.page ?? 1
      const search = query.search?.trim()
      const { rows, translates, total } = await repository.constants(group.id, { missing: query.missing, missingLangId, search: search || undefined }, { offset: (page - 1) * limit, limit })
      if (page > 1 && rows.length === 0) throw badRequest('errors.page_out_of_range', 'page')
      return { items: rows.map((row) => toConstant(row, translates)), total }
    },

    set: (actorId: number, input: I18nSet) => write(actorId, input, 'translation.update'),

    /** What differs from the other instance; nothing is written. */
    async load(): Promise<I18nDifferences> {
      const { items } = await compare()
      return { items, total: items.length }
    },

    /** Takes the other instance's differing texts here (constants this side lacks are skipped, as are texts these rules refuse). */
    async syncFromProd(actorId: number): Promise<I18nSynced> {
      const { local, remote, items } = await compare()
      let changed = 0
      let skipped = 0
      for (const [key, entries] of groupByConstant(items)) {
        const here = local.get(key)
        const translates = entries.filter((item) => item.remote !== null).map((item) => ({ locale: item.locale, translate: item.remote as string }))
        if (!here || translates.length === 0 || !remote.snapshot.has(key)) {
          skipped += 1
          continue
        }
        try {
          await write(actorId, { id: here.id, constant: here.constant, translates }, 'translation.sync_from')
          changed += 1
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error
          skipped += 1
        }
      }
      return { changed, skipped }
    },

    /** Writes this instance's differing texts there, one constant at a time through its own `POST /api/i18n/set`. */
    async syncToProd(actorId: number): Promise<I18nSynced> {
      const { local, remote, items } = await compare()
      let changed = 0
      let skipped = 0
      for (const [key, entries] of groupByConstant(items)) {
        const there = remote.snapshot.get(key)
        const translates = entries.filter((item) => item.local !== null).map((item) => ({ locale: item.locale, translate: item.local as string }))
        if (!there || translates.length === 0 || !local.has(key)) {
          skipped += 1
          continue
        }
        if (await syncClient().set({ id: there.id, constant: there.constant, translates })) changed += 1
        else skipped += 1
      }
      await repository.transaction((trx) => audit(trx, { actorId, action: 'translation.sync_to', target: { type: 'i18n_sync', id: null }, before: null, after: { changed, skipped } }))
      return { changed, skipped }
    },
  }
}

function groupByConstant(items: I18nDifferences['items']): Map<string, I18nDifferences['items']> {
  const grouped = new Map<string, I18nDifferences['items']>()
  for (const item of items) {
    const key = keyOf(item.group, item.constant)
    grouped.set(key, [...(grouped.get(key) ?? []), item])
  }
  return grouped
}

export type I18nAdminService = ReturnType<typeof createI18nAdminService>
