import type { i18n as I18n } from 'i18next'
import { proxy } from 'valtio'
import type { Messages } from '../../server/contract/http'
import { mainNamespace } from '../../server/contract/http/i18n'
import type { Locale } from '../../server/contract/http'
import { fallbackLocale, textDirection } from './language'

/** The window event fired once, after the first language load. */
export const i18nReadyEvent = 'i18n:ready'

/** The active interface language, for components that style by it (direction) and for the shell. */
export interface LocaleState {
  locale: Locale
  dir: 'ltr' | 'rtl'
  /** The first load finished (successfully or not). */
  ready: boolean
  /** The first load failed: the server could not be reached. */
  failed: boolean
}

export interface LocaleLoaderOptions {
  i18n: I18n
  /** GET /api/i18n/{namespace}/{locale}. */
  fetchMessages(namespace: string, locale: Locale): Promise<Messages>
  state: LocaleState
  document: Document
  window: Window
  now?: () => number
  /** Loaded messages older than this are fetched again (in the background) before the next route. */
  staleAfterMilliseconds?: number
}

export function createLocaleState(locale: Locale): LocaleState {
  return proxy<LocaleState>({ locale, dir: textDirection(locale), ready: false, failed: false })
}

function setMeta(document: Document, name: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (!element) {
    element = document.createElement('meta')
    element.name = name
    document.head.append(element)
  }
  element.content = content
}

/**
 * Loads interface languages the way the spec orders it: the main set (`mafia`), then each registered
 * extra namespace merged under its own name, then the active locale, the page's lang and dir, the
 * one-time ready event, and the keywords and description meta tags.
 *
 * Extra namespaces are reachable both as `t('pages.key')` in the main set and as their own i18next
 * namespace (`useTranslation('pages')`).
 */
export function createLocaleLoader(options: LocaleLoaderOptions) {
  const { i18n, state } = options
  const now = options.now ?? (() => Date.now())
  const staleAfter = options.staleAfterMilliseconds ?? 10 * 60_000
  const extraNamespaces: string[] = []
  const loadedAt = new Map<Locale, number>()
  const inFlight = new Map<Locale, Promise<void>>()
  let readyFired = false
  let latestRequest = 0

  async function fetchLocale(locale: Locale): Promise<void> {
    const main = await options.fetchMessages(mainNamespace, locale)
    const merged: Messages = { ...main }
    await Promise.all(
      extraNamespaces.map(async (namespace) => {
        try {
          const extra = await options.fetchMessages(namespace, locale)
          merged[namespace] = extra
          i18n.addResourceBundle(locale, namespace, extra, true, true)
        } catch (error) {
          // An extra set that is missing must not keep the interface from loading.
          console.warn(`translations ${namespace}/${locale} could not be loaded`, error)
        }
      }),
    )
    i18n.addResourceBundle(locale, mainNamespace, merged, true, true)
    loadedAt.set(locale, now())
  }

  /** Fetches one locale's messages once at a time. */
  function fetchOnce(locale: Locale): Promise<void> {
    let promise = inFlight.get(locale)
    if (!promise) {
      promise = fetchLocale(locale).finally(() => inFlight.delete(locale))
      inFlight.set(locale, promise)
    }
    return promise
  }

  function applyToDocument(locale: Locale): void {
    const dir = textDirection(locale)
    options.document.documentElement.lang = locale
    options.document.documentElement.dir = dir
    if (i18n.exists('meta.keywords')) setMeta(options.document, 'keywords', i18n.t('meta.keywords'))
    if (i18n.exists('meta.description')) setMeta(options.document, 'description', i18n.t('meta.description'))
  }

  function fireReadyOnce(): void {
    if (readyFired) return
    readyFired = true
    options.window.dispatchEvent(new Event(i18nReadyEvent))
  }

  const isStale = (locale: Locale) => {
    const time = loadedAt.get(locale)
    return time === undefined || now() - time >= staleAfter
  }

  return {
    /** Registers an extra namespace (fetched with every locale from the next load on). */
    registerNamespace(namespace: string): void {
      if (namespace !== mainNamespace && !extraNamespaces.includes(namespace)) extraNamespaces.push(namespace)
    },

    get namespaces(): readonly string[] {
      return [mainNamespace, ...extraNamespaces]
    },

    /** Fetches `locale` (and English, the fallback) and makes it the active language. */
    async load(locale: Locale): Promise<void> {
      const request = ++latestRequest
      try {
        const wanted = locale === fallbackLocale ? [locale] : [locale, fallbackLocale]
        await Promise.all(wanted.map((code) => (isStale(code) || !loadedAt.has(code) ? fetchOnce(code) : Promise.resolve())))
        // A later choice wins over a slower, earlier one.
        if (request !== latestRequest) return
        await i18n.changeLanguage(locale)
        state.locale = locale
        state.dir = textDirection(locale)
        state.failed = false
        applyToDocument(locale)
        fireReadyOnce()
      } catch (error) {
        if (!state.ready) state.failed = true
        throw error
      } finally {
        state.ready = true
      }
    },

    /**
     * Before each route: cheap. Loads the active locale if it never loaded; refetches in the
     * background when its messages are stale (an admin may have edited texts).
     */
    async ensure(): Promise<void> {
      const locale = state.locale
      if (!loadedAt.has(locale) || i18n.language !== locale) return this.load(locale)
      if (isStale(locale)) {
        fetchOnce(locale)
          .then(() => applyToDocument(locale))
          .catch((error: unknown) => console.warn('translations refresh failed', error))
      }
    },

    isLoaded(locale: Locale): boolean {
      return loadedAt.has(locale)
    },
  }
}

export type LocaleLoader = ReturnType<typeof createLocaleLoader>
