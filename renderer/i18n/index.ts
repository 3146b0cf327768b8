import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { call } from '../api/client'
import type { Locale, Messages } from '../../server/contract/http'
import { supportedLocales } from '../../server/contract/http/auth'
import { i18nRoutes, mainNamespace } from '../../server/contract/http/i18n'
import { chooseLocale, fallbackLocale, isSupportedLocale, readStoredLanguage } from './language'
import { createLocaleLoader, createLocaleState } from './locale-loader'

export { pluralForm, translatePlural } from './plural'
export { formatClock, formatDuration, durationParts, breakDownDuration } from './durations'
export { i18nReadyEvent } from './locale-loader'
export { textDirection, isRtlLocale, isSupportedLocale } from './language'

/** The renderer's one i18next instance. */
export const i18n = i18next.createInstance()

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

const storedAtStart = (() => {
  const storage = browserStorage()
  return storage ? readStoredLanguage(storage) : null
})()

/** The spec's initial locale: the stored value or English, until the chosen one has loaded. */
export const localeState = createLocaleState(isSupportedLocale(storedAtStart) ? storedAtStart : fallbackLocale)

export const localeLoader = createLocaleLoader({
  i18n,
  fetchMessages: (namespace, locale) => call(i18nRoutes.messages, { params: { namespace, locale } }) as Promise<Messages>,
  state: localeState,
  document,
  window,
})

/** The content pages live in their own namespace, merged under `pages`. */
localeLoader.registerNamespace('pages')

let initialised: Promise<void> | null = null

/** Sets up i18next and loads the chosen language (stored, else browser, else Ukrainian). */
export function initI18n(): Promise<void> {
  initialised ??= (async () => {
    await i18n.use(initReactI18next).init({
      lng: localeState.locale,
      fallbackLng: fallbackLocale,
      supportedLngs: [...supportedLocales],
      ns: [mainNamespace],
      defaultNS: mainNamespace,
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false, bindI18n: 'languageChanged', bindI18nStore: 'added' },
    })
    const locale = chooseLocale({ stored: storedAtStart, browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language] })
    await localeLoader.load(locale).catch((error: unknown) => console.error('translations could not be loaded', error))
  })()
  return initialised
}

/** Before each route: loads the active language if needed, refreshes it when stale. */
export async function ensureLocale(): Promise<void> {
  await initI18n()
  await localeLoader.ensure()
}

export function currentLocale(): Locale {
  return localeState.locale
}
