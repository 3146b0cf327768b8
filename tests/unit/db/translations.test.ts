import { describe, expect, it } from 'vitest'
import { readSeedTranslations, seedLocales } from '../../../db/seed/i18n-files'
import { errorCodes } from '../../../server/contract/errors'

const translations = readSeedTranslations()

describe('seed translations', () => {
  for (const [namespace, locales] of translations) {
    it(`namespace "${namespace}" has every key, non-empty, in all four languages`, () => {
      const allKeys = new Set<string>()
      for (const messages of locales.values()) for (const key of Object.keys(messages)) allKeys.add(key)
      const missing: string[] = []
      for (const locale of seedLocales) {
        const messages = locales.get(locale) ?? {}
        for (const key of allKeys) {
          if (!messages[key]?.trim()) missing.push(`${locale}: ${namespace}:${key}`)
        }
      }
      expect(missing).toEqual([])
    })

    it(`namespace "${namespace}" keeps the same {{placeholders}} in every language`, () => {
      const english = locales.get('en') ?? {}
      const mismatched: string[] = []
      const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort().join(',')
      for (const locale of seedLocales) {
        for (const [key, text] of Object.entries(locales.get(locale) ?? {})) {
          const reference = english[key]
          if (reference !== undefined && placeholders(reference) !== placeholders(text)) mismatched.push(`${locale}: ${namespace}:${key}`)
        }
      }
      expect(mismatched).toEqual([])
    })
  }

  it('has a translation for every error code in the main set', () => {
    const english = translations.get('mafia')?.get('en') ?? {}
    expect(errorCodes.filter((code) => !english[code])).toEqual([])
  })
})

describe('media error translations', () => {
  it('translate every media signalling error code in the main set', async () => {
    const { mediaErrorCodes } = await import('../../../server/contract/rtc')
    const english = translations.get('mafia')?.get('en') ?? {}
    expect(mediaErrorCodes.filter((code: string) => !english[code])).toEqual([])
  })
})
