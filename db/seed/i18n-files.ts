import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const seedLocales = ['uk', 'en', 'de', 'he'] as const

const i18nDir = fileURLToPath(new URL('./i18n', import.meta.url))

type Nested = { [key: string]: string | Nested }

/** Flattens nested messages to dotted keys: { a: { b: 'x' } } -> { 'a.b': 'x' }. */
export function flatten(messages: Nested, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') into[path] = value
    else flatten(value, path, into)
  }
  return into
}

/**
 * Reads the seed translations: `i18n/<namespace>/<area>.<locale>.json`. Areas split one namespace into
 * files that are edited apart; a key defined by two areas is an error.
 * Returns namespace -> locale -> dotted key -> text.
 */
export function readSeedTranslations(dir = i18nDir): Map<string, Map<string, Record<string, string>>> {
  const result = new Map<string, Map<string, Record<string, string>>>()
  for (const namespace of readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()) {
    const locales = new Map<string, Record<string, string>>()
    for (const file of readdirSync(join(dir, namespace)).filter((name) => name.endsWith('.json')).sort()) {
      const match = /^(?<area>[a-z0-9-]+)\.(?<locale>[a-z]{2})\.json$/.exec(file)
      if (!match?.groups) throw new Error(`translation file name must be <area>.<locale>.json: ${namespace}/${file}`)
      const locale = match.groups.locale as string
      const flat = flatten(JSON.parse(readFileSync(join(dir, namespace, file), 'utf8')) as Nested)
      const target = locales.get(locale) ?? {}
      for (const [key, text] of Object.entries(flat)) {
        if (key in target) throw new Error(`translation key ${namespace}:${key} (${locale}) is defined twice`)
        target[key] = text
      }
      locales.set(locale, target)
    }
    result.set(namespace, locales)
  }
  return result
}
