import type { Locale } from '../../server/contract/http'
import { supportedLocales } from '../../server/contract/http/auth'

/** The stored language preference (spec: key `lang` in persistent browser storage). */
export const languageStorageKey = 'lang'

/** The language used when nothing else decides. */
export const defaultLocale: Locale = 'uk'

/** Texts missing in the active language come from English. */
export const fallbackLocale: Locale = 'en'

/** Right-to-left interface languages. */
const rtlLocales = new Set<string>(['he'])

/** Old codes once stored under `lang`, and what they mean today. */
const legacyCodes: Record<string, string> = { ua: 'uk', ge: 'ka' }

/** Browser codes that name a supported language differently. */
const browserAliases: Record<string, string> = { ua: 'uk', iw: 'he' }

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value)
}

export function isRtlLocale(locale: string): boolean {
  return rtlLocales.has(locale)
}

export function textDirection(locale: string): 'rtl' | 'ltr' {
  return isRtlLocale(locale) ? 'rtl' : 'ltr'
}

/** The minimal Storage the language choice needs (localStorage in the app, a map in tests). */
export type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>

/**
 * Reads the stored preference, rewriting a legacy value (ua -> uk, ge -> ka) in place.
 * Returns the stored code even when it is not a supported language (the caller decides).
 */
export function readStoredLanguage(storage: LanguageStorage): string | null {
  let stored: string | null
  try {
    stored = storage.getItem(languageStorageKey)
  } catch {
    return null
  }
  if (!stored) return null
  const migrated = legacyCodes[stored]
  if (migrated) {
    try {
      storage.setItem(languageStorageKey, migrated)
    } catch {
      // storage may be full or blocked; the migrated value is still used for this visit
    }
    return migrated
  }
  return stored
}

export function storeLanguage(storage: LanguageStorage, locale: Locale): void {
  try {
    storage.setItem(languageStorageKey, locale)
  } catch {
    // private mode or blocked storage: the choice lasts for this visit only
  }
}

/** The first browser language whose primary subtag is supported (en-GB -> en, iw -> he). */
export function matchBrowserLanguage(browserLanguages: readonly string[]): Locale | null {
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0] ?? ''
    const code = browserAliases[primary] ?? primary
    if (isSupportedLocale(code)) return code
  }
  return null
}

/**
 * The language to show, in the spec's order: the stored value (when supported), else the browser
 * language matched against the supported list, else Ukrainian.
 */
export function chooseLocale(input: { stored: string | null; browserLanguages: readonly string[] }): Locale {
  if (isSupportedLocale(input.stored)) return input.stored
  return matchBrowserLanguage(input.browserLanguages) ?? defaultLocale
}

/** Whether this visitor picked a language on this device (a signed-in user's account language wins otherwise). */
export function hasChosenLanguage(storage: LanguageStorage): boolean {
  return isSupportedLocale(readStoredLanguage(storage))
}
