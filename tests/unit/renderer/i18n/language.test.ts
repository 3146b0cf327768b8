import { describe, expect, it } from 'vitest'
import {
  chooseLocale,
  defaultLocale,
  fallbackLocale,
  hasChosenLanguage,
  languageStorageKey,
  matchBrowserLanguage,
  readStoredLanguage,
  storeLanguage,
  textDirection,
} from '../../../../renderer/i18n/language'

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  }
}

describe('language choice', () => {
  it('uses the stored value first', () => {
    expect(chooseLocale({ stored: 'de', browserLanguages: ['he-IL', 'en-US'] })).toBe('de')
  })

  it('else the first browser language that is supported', () => {
    expect(chooseLocale({ stored: null, browserLanguages: ['fr-FR', 'he-IL', 'en-US'] })).toBe('he')
    expect(chooseLocale({ stored: null, browserLanguages: ['en-GB'] })).toBe('en')
    expect(chooseLocale({ stored: null, browserLanguages: ['iw'] })).toBe('he')
  })

  it('else Ukrainian', () => {
    expect(chooseLocale({ stored: null, browserLanguages: ['fr-FR', 'pl'] })).toBe('uk')
    expect(chooseLocale({ stored: null, browserLanguages: [] })).toBe('uk')
    expect(defaultLocale).toBe('uk')
    expect(fallbackLocale).toBe('en')
  })

  it('ignores a stored value that is not supported', () => {
    expect(chooseLocale({ stored: 'ka', browserLanguages: ['de-AT'] })).toBe('de')
    expect(chooseLocale({ stored: 'xx', browserLanguages: [] })).toBe('uk')
  })

  it('matches browser tags by their primary subtag', () => {
    expect(matchBrowserLanguage(['uk-UA'])).toBe('uk')
    expect(matchBrowserLanguage(['DE'])).toBe('de')
    expect(matchBrowserLanguage(['pt-BR'])).toBeNull()
  })
})

describe('stored language', () => {
  it('migrates the legacy value ua to uk, in storage too', () => {
    const storage = memoryStorage({ [languageStorageKey]: 'ua' })
    expect(readStoredLanguage(storage)).toBe('uk')
    expect(storage.values.get('lang')).toBe('uk')
    expect(chooseLocale({ stored: readStoredLanguage(storage), browserLanguages: ['en'] })).toBe('uk')
  })

  it('migrates ge to ka, which is not supported, so the browser language decides', () => {
    const storage = memoryStorage({ lang: 'ge' })
    expect(readStoredLanguage(storage)).toBe('ka')
    expect(storage.values.get('lang')).toBe('ka')
    expect(chooseLocale({ stored: readStoredLanguage(storage), browserLanguages: ['en-US'] })).toBe('en')
    expect(hasChosenLanguage(storage)).toBe(false)
  })

  it('stores the choice under lang and reports it as chosen', () => {
    const storage = memoryStorage()
    expect(hasChosenLanguage(storage)).toBe(false)
    storeLanguage(storage, 'he')
    expect(storage.values.get('lang')).toBe('he')
    expect(hasChosenLanguage(storage)).toBe(true)
  })

  it('survives blocked storage', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
    }
    expect(readStoredLanguage(blocked)).toBeNull()
    expect(() => storeLanguage(blocked, 'en')).not.toThrow()
  })

  it('Hebrew is right-to-left, the others left-to-right', () => {
    expect(textDirection('he')).toBe('rtl')
    for (const locale of ['uk', 'en', 'de']) expect(textDirection(locale)).toBe('ltr')
  })
})
