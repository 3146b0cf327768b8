import type { TFunction } from 'i18next'

/** Which of a key's plural forms to show: `<key>.0`, `<key>.1` or `<key>.2`. */
export type PluralForm = 0 | 1 | 2

/** Languages with the East Slavic rule (ua is the legacy code of Ukrainian). */
const slavicLanguages = new Set(['uk', 'ua', 'ru'])

/**
 * The product's plural rule. Ukrainian (and ru, legacy ua): numbers ending in 1 except 11 take form 1,
 * ending in 2 to 4 except 12 to 14 take form 2, all else form 0. Other languages: exactly 1 takes form 1,
 * all else form 0.
 */
export function pluralForm(locale: string, count: number): PluralForm {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? ''
  if (slavicLanguages.has(language)) {
    // Fractions read like the 2-to-4 form ("1,5 секунди").
    if (!Number.isInteger(count)) return 2
    const absolute = Math.abs(count)
    const lastDigit = absolute % 10
    const lastTwoDigits = absolute % 100
    if (lastDigit === 1 && lastTwoDigits !== 11) return 1
    if (lastDigit >= 2 && lastDigit <= 4 && (lastTwoDigits < 12 || lastTwoDigits > 14)) return 2
    return 0
  }
  return count === 1 ? 1 : 0
}

/**
 * Translates a plural key: the messages hold `<key>.0`, `<key>.1` and `<key>.2` (every language keeps
 * all three so the files share one shape; a language whose rule never picks form 2 repeats form 0).
 * `{{count}}` is available to the text.
 */
export function translatePlural(t: TFunction, locale: string, key: string, count: number): string {
  return t(`${key}.${pluralForm(locale, count)}`, { count })
}
