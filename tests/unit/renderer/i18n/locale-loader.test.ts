// @vitest-environment jsdom
import i18next from 'i18next'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Locale, Messages } from '../../../../server/contract/http'
import { createLocaleLoader, createLocaleState, i18nReadyEvent } from '../../../../renderer/i18n/locale-loader'

const messages: Record<string, Record<string, Messages>> = {
  mafia: {
    en: { greeting: 'Hello', meta: { keywords: 'mafia, game', description: 'An online mafia club' }, onlyEnglish: 'English only' },
    he: { greeting: 'שלום', meta: { keywords: 'מאפיה', description: 'מועדון מאפיה' } },
    de: { greeting: 'Hallo', meta: { keywords: 'Mafia', description: 'Ein Mafia-Club' } },
  },
  pages: {
    en: { rules: { title: 'Rules' } },
    he: { rules: { title: 'חוקים' } },
    de: { rules: { title: 'Regeln' } },
  },
}

async function setup(options: { failPages?: boolean; now?: () => number } = {}) {
  const i18n = i18next.createInstance()
  await i18n.init({ lng: 'en', fallbackLng: 'en', ns: ['mafia'], defaultNS: 'mafia', resources: {}, partialBundledLanguages: true, interpolation: { escapeValue: false } })
  const requests: string[] = []
  const fetchMessages = vi.fn(async (namespace: string, locale: Locale) => {
    requests.push(`${namespace}/${locale}`)
    if (namespace === 'pages' && options.failPages) throw new Error('404')
    const found = messages[namespace]?.[locale]
    if (!found) throw new Error(`no ${namespace}/${locale}`)
    return found
  })
  const state = createLocaleState('en')
  const loader = createLocaleLoader({ i18n, fetchMessages, state, document, window, ...(options.now ? { now: options.now } : {}) })
  loader.registerNamespace('pages')
  return { i18n, loader, state, requests }
}

beforeEach(() => {
  document.documentElement.lang = 'en'
  document.documentElement.dir = 'ltr'
  for (const element of document.head.querySelectorAll('meta[name="keywords"], meta[name="description"]')) element.remove()
})

describe('language loading', () => {
  it('fetches the main set, then each extra namespace merged under its name, and activates the locale', async () => {
    const { i18n, loader, state, requests } = await setup()
    await loader.load('de')
    expect(requests.indexOf('mafia/de')).toBeLessThan(requests.indexOf('pages/de'))
    expect(requests).toEqual(expect.arrayContaining(['mafia/de', 'pages/de', 'mafia/en', 'pages/en']))
    expect(i18n.language).toBe('de')
    expect(i18n.t('greeting')).toBe('Hallo')
    expect(i18n.t('pages.rules.title')).toBe('Regeln')
    expect(i18n.t('rules.title', { ns: 'pages' })).toBe('Regeln')
    // English is the fallback.
    expect(i18n.t('onlyEnglish')).toBe('English only')
    expect(state).toMatchObject({ locale: 'de', dir: 'ltr', ready: true, failed: false })
  })

  it('sets <html lang> and dir, rtl for Hebrew and back to ltr', async () => {
    const { loader, state } = await setup()
    await loader.load('he')
    expect(document.documentElement.lang).toBe('he')
    expect(document.documentElement.dir).toBe('rtl')
    expect(state.dir).toBe('rtl')
    await loader.load('en')
    expect(document.documentElement.lang).toBe('en')
    expect(document.documentElement.dir).toBe('ltr')
  })

  it('fires the i18n:ready window event once, after the first load only', async () => {
    const { loader } = await setup()
    const ready = vi.fn()
    window.addEventListener(i18nReadyEvent, ready)
    try {
      expect(i18nReadyEvent).toBe('i18n:ready')
      await loader.load('en')
      expect(ready).toHaveBeenCalledTimes(1)
      await loader.load('he')
      await loader.load('de')
      expect(ready).toHaveBeenCalledTimes(1)
    } finally {
      window.removeEventListener(i18nReadyEvent, ready)
    }
  })

  it('updates the keywords and description meta tags from meta.keywords and meta.description', async () => {
    const { loader } = await setup()
    await loader.load('en')
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="keywords"]')?.content).toBe('mafia, game')
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe('An online mafia club')
    await loader.load('he')
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe('מועדון מאפיה')
  })

  it('still loads when an extra namespace is missing', async () => {
    const { i18n, loader } = await setup({ failPages: true })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await loader.load('en')
    warn.mockRestore()
    expect(i18n.t('greeting')).toBe('Hello')
  })

  it('before each route: refetches nothing while fresh, refetches when stale', async () => {
    let time = 0
    const { loader, requests } = await setup({ now: () => time })
    await loader.load('en')
    const afterLoad = requests.length
    await loader.ensure()
    expect(requests.length).toBe(afterLoad)
    time = 11 * 60_000
    await loader.ensure()
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(afterLoad))
  })

  it('a failed first load is reported, not swallowed', async () => {
    const i18n = i18next.createInstance()
    await i18n.init({ lng: 'en', resources: {} })
    const state = createLocaleState('en')
    const loader = createLocaleLoader({ i18n, fetchMessages: async () => Promise.reject(new Error('offline')), state, document, window })
    await expect(loader.load('en')).rejects.toThrow('offline')
    expect(state).toMatchObject({ ready: true, failed: true })
  })
})
