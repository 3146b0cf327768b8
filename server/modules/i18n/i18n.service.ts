import type { Messages } from '../../contract/http/i18n'
import { mainNamespace } from '../../contract/http/i18n'
import { supportedLocales, type Locale } from '../../contract/http/auth'
import { notFound } from '../../lib/app-error'
import type { I18nRepository } from './i18n.repository'

/** Builds nested messages from dotted keys: { 'a.b': 'x' } -> { a: { b: 'x' } }. */
export function nest(rows: Array<{ constant: string; translate: string }>): Messages {
  const root: Messages = {}
  for (const { constant, translate } of rows) {
    const parts = constant.split('.')
    let node = root
    for (const part of parts.slice(0, -1)) {
      const next = node[part]
      if (typeof next === 'object') node = next
      else node = node[part] = {}
    }
    node[parts.at(-1) as string] = translate
  }
  return root
}

export function isLocale(value: string): value is Locale {
  return (supportedLocales as readonly string[]).includes(value)
}

/**
 * Messages per namespace and locale, cached in memory (translations change only through the admin
 * panel, which clears the cache). The server uses the same texts for mails.
 */
export function createI18nService(repository: I18nRepository) {
  const cache = new Map<string, Promise<Record<string, string>>>()

  const flatMessages = (namespace: string, locale: string): Promise<Record<string, string>> => {
    const key = `${namespace}/${locale}`
    let entry = cache.get(key)
    if (!entry) {
      entry = repository.messages(namespace, locale).then((rows) => Object.fromEntries(rows.map((row) => [row.constant, row.translate])))
      entry.catch(() => cache.delete(key))
      cache.set(key, entry)
    }
    return entry
  }

  return {
    languages: () => repository.listLanguages(),

    async messages(namespace: string, locale: string): Promise<Messages> {
      if (!isLocale(locale) || !(await repository.namespaceExists(namespace))) throw notFound()
      const flat = await flatMessages(namespace, locale)
      return nest(Object.entries(flat).map(([constant, translate]) => ({ constant, translate })))
    },

    /** One text of the main set with {{name}} placeholders filled; falls back to English, then to the key. */
    async translate(locale: string, key: string, values: Record<string, string | number> = {}): Promise<string> {
      const wanted = isLocale(locale) ? locale : 'en'
      const text = (await flatMessages(mainNamespace, wanted))[key] ?? (await flatMessages(mainNamespace, 'en'))[key] ?? key
      return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
    },

    clearCache(): void {
      cache.clear()
    },
  }
}

export type I18nService = ReturnType<typeof createI18nService>
