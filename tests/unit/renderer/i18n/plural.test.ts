import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { pluralForm, translatePlural } from '../../../../renderer/i18n/plural'

describe('pluralForm', () => {
  it('Ukrainian: ending in 1 except 11 -> 1; ending in 2-4 except 12-14 -> 2; else 0', () => {
    const cases: Array<[number, number]> = [
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 2],
      [5, 0],
      [9, 0],
      [10, 0],
      [11, 0],
      [12, 0],
      [13, 0],
      [14, 0],
      [15, 0],
      [20, 0],
      [21, 1],
      [22, 2],
      [24, 2],
      [25, 0],
      [101, 1],
      [111, 0],
      [112, 0],
      [114, 0],
      [122, 2],
      [1001, 1],
    ]
    for (const [count, form] of cases) expect(pluralForm('uk', count), `uk ${count}`).toBe(form)
  })

  it('applies the same rule to ru and the legacy ua code, and to regional tags', () => {
    for (const locale of ['ru', 'ua', 'uk-UA', 'RU']) {
      expect(pluralForm(locale, 1)).toBe(1)
      expect(pluralForm(locale, 3)).toBe(2)
      expect(pluralForm(locale, 11)).toBe(0)
      expect(pluralForm(locale, 7)).toBe(0)
    }
  })

  it('reads fractions in Ukrainian like the 2-to-4 form', () => {
    expect(pluralForm('uk', 1.5)).toBe(2)
  })

  it('other languages: exactly 1 -> 1, anything else -> 0', () => {
    for (const locale of ['en', 'de', 'he']) {
      expect(pluralForm(locale, 1), locale).toBe(1)
      for (const count of [0, 2, 3, 4, 5, 11, 21, 22, 101, 1.5]) expect(pluralForm(locale, count), `${locale} ${count}`).toBe(0)
    }
  })
})

describe('translatePlural', () => {
  it('picks the key child of the computed form, with {{count}} available', async () => {
    const i18n = i18next.createInstance()
    await i18n.init({
      lng: 'uk',
      resources: { uk: { translation: { apples: { 0: '{{count}} яблук', 1: '{{count}} яблуко', 2: '{{count}} яблука' } } } },
      interpolation: { escapeValue: false },
    })
    expect(translatePlural(i18n.t, 'uk', 'apples', 1)).toBe('1 яблуко')
    expect(translatePlural(i18n.t, 'uk', 'apples', 3)).toBe('3 яблука')
    expect(translatePlural(i18n.t, 'uk', 'apples', 11)).toBe('11 яблук')
    expect(translatePlural(i18n.t, 'uk', 'apples', 21)).toBe('21 яблуко')
  })
})
