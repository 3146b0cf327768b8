import type { Locale } from '../../../server/contract/http'
import { supportedLocales } from '../../../server/contract/http/auth'

export function isLocale(value: string | undefined | null): value is Locale {
  return (supportedLocales as readonly string[]).includes(value ?? '')
}

/** The language the interface shows now, as one of the account languages (English when it is none). */
export function uiLocale(language: string | undefined): Locale {
  const base = language?.split('-')[0]?.toLowerCase()
  return isLocale(base) ? base : 'en'
}

/** A language's own name for itself ("Deutsch", "עברית"): the same in every interface language. */
export function languageName(locale: Locale): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
  } catch {
    return locale
  }
}
