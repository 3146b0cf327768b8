import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { nest } from '../../../../server/modules/i18n/i18n.service'
import type { Messages } from '../../../../server/contract/http'

export const pagesNamespace = 'pages'
export const locales = ['uk', 'en', 'de', 'he'] as const

// Loaded through the bundler rather than db/seed/i18n-files.ts, which needs a file: URL that the
// browser-like test environment does not give.
const files = import.meta.glob<Messages>('../../../../db/seed/i18n/pages/*.json', { eager: true, import: 'default' })

function flatten(messages: Messages, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') into[path] = value
    else flatten(value, path, into)
  }
  return into
}

/** The seed texts of the "pages" namespace: locale -> dotted key -> text. */
export const pageTranslations = new Map<string, Record<string, string>>()
for (const [file, messages] of Object.entries(files)) {
  const locale = /\.([a-z]{2})\.json$/.exec(file)?.[1] as string
  pageTranslations.set(locale, flatten(messages, '', pageTranslations.get(locale) ?? {}))
}

/** The page keys and their seed file areas. */
export const pages = [
  { page: 'rules', area: 'rules' },
  { page: 'howToPlay', area: 'how-to-play' },
  { page: 'termsOfUse', area: 'terms-of-use' },
  { page: 'termsOfProcessing', area: 'terms-of-processing' },
] as const

/** A fixed-seed shuffle: the server returns translation rows in no set order, and the pages must not care. */
function shuffled<T>(items: T[], seed = 7): T[] {
  const result = [...items]
  let state = seed
  for (let index = result.length - 1; index > 0; index -= 1) {
    state = (state * 1103515245 + 12345) % 2147483648
    const other = state % (index + 1)
    ;[result[index], result[other]] = [result[other] as T, result[index] as T]
  }
  return result
}

/** The nested messages of one locale, built the way the server's i18n service builds them, rows shuffled. */
export function pageMessages(locale: string): Messages {
  const flat = pageTranslations.get(locale) ?? {}
  return nest(shuffled(Object.entries(flat)).map(([constant, translate]) => ({ constant, translate })))
}

/** An i18next instance with the "pages" namespace of every seed language, set to `language`. */
export async function createPagesI18n(language: string, resources = Object.fromEntries(locales.map((locale) => [locale, { [pagesNamespace]: pageMessages(locale) }]))): Promise<i18n> {
  const instance = i18next.createInstance()
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: [pagesNamespace],
    defaultNS: pagesNamespace,
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return instance
}
