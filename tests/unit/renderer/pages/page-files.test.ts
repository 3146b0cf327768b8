import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { flatten, seedLocales } from '../../../../db/seed/i18n-files'
import { pages } from './pages-i18n'

const directory = new URL('../../../../db/seed/i18n/pages/', import.meta.url)
const areas = [...pages, { page: 'common', area: 'common' }] as const

type Nested = { [key: string]: string | Nested }
const read = (area: string, locale: string): Nested => JSON.parse(readFileSync(new URL(`${area}.${locale}.json`, directory), 'utf8')) as Nested

/** The shapes a key of a page may take (see renderer/features/pages/page-content.ts). */
const pageKey = /^(title|intro|updated|sections\.s[1-9]\d*\.(title|(p|h|note)[1-9]\d*|(ul|ol)[1-9]\d*\.i[1-9]\d*(\.(term|text))?))$/

/** Letters each language's text must use, to catch a text left in another language. */
const script: Record<string, RegExp> = { uk: /[а-яіїєґ]/i, he: /[\u05d0-\u05ea]/, de: /[a-zäöüß]/i, en: /[a-z]/i }

describe('the "pages" translation files', () => {
  for (const { page, area } of areas) {
    describe(area, () => {
      it('exists in all four languages, with the page key at the top', () => {
        for (const locale of seedLocales) {
          expect(existsSync(new URL(`${area}.${locale}.json`, directory)), `${area}.${locale}.json`).toBe(true)
          expect(Object.keys(read(area, locale))).toEqual([page])
        }
      })

      it('has the same keys in every language', () => {
        const english = Object.keys(flatten(read(area, 'en'))).sort()
        for (const locale of seedLocales) expect(Object.keys(flatten(read(area, locale))).sort(), locale).toEqual(english)
      })

      it('uses the letters of its language and no markup', () => {
        for (const locale of seedLocales) {
          for (const [key, text] of Object.entries(flatten(read(area, locale)))) {
            expect(text, `${locale}: ${key}`).not.toMatch(/<\/?[a-z][^>]*>/i)
            if (text.split(/\s+/).length >= 3) expect(text, `${locale}: ${key}`).toMatch(script[locale] as RegExp)
          }
        }
      })
    })
  }

  for (const { page, area } of pages) {
    describe(`${area} structure`, () => {
      const english = read(area, 'en')[page] as Nested
      const sectionsOf = (content: Nested) => Object.keys(content.sections as Nested).sort()

      it('has a title and at least two sections, each with a title', () => {
        expect(typeof english.title).toBe('string')
        const sections = english.sections as Nested
        expect(Object.keys(sections).length).toBeGreaterThanOrEqual(2)
        for (const [key, section] of Object.entries(sections)) expect(typeof (section as Nested).title, key).toBe('string')
      })

      it('uses only the key shapes the page renderer knows', () => {
        const unknown = Object.keys(flatten(english)).filter((key) => !pageKey.test(key))
        expect(unknown).toEqual([])
      })

      it('numbers the sections 1..n and the blocks of a section without gaps or repeats', () => {
        const sections = english.sections as Nested
        const sectionNumbers = Object.keys(sections).map((key) => Number(key.slice(1))).sort((a, b) => a - b)
        expect(sectionNumbers).toEqual(sectionNumbers.map((_, index) => index + 1))
        for (const [key, section] of Object.entries(sections)) {
          const blockNumbers = Object.keys(section as Nested)
            .filter((name) => name !== 'title')
            .map((name) => Number(/\d+$/.exec(name)?.[0]))
            .sort((a, b) => a - b)
          expect(blockNumbers, key).toEqual(blockNumbers.map((_, index) => index + 1))
          for (const [name, block] of Object.entries(section as Nested)) {
            if (typeof block === 'string') continue
            const items = Object.keys(block).map((item) => Number(item.slice(1))).sort((a, b) => a - b)
            expect(items, `${key}.${name}`).toEqual(items.map((_, index) => index + 1))
            for (const [item, value] of Object.entries(block)) if (typeof value !== 'string') expect(typeof value.text, `${key}.${name}.${item}`).toBe('string')
          }
        }
      })

      it('has as many sections in every language as in English', () => {
        for (const locale of seedLocales) expect(sectionsOf(read(area, locale)[page] as Nested), locale).toEqual(sectionsOf(english))
      })
    })
  }
})
