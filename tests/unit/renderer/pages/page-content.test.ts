import { describe, expect, it } from 'vitest'
import { keyNumber, readPageContent } from '../../../../renderer/features/pages/page-content'

describe('readPageContent', () => {
  it('orders sections, blocks and items by the number in their keys, whatever the object order', () => {
    const page = readPageContent({
      title: 'Title',
      sections: {
        s10: { title: 'Ten', p1: 'ten' },
        s2: { title: 'Two', ul3: { i10: 'c', i2: 'b', i1: 'a' }, p1: 'first', h2: 'second' },
        s1: { title: 'One' },
        s9: { title: 'Nine', ol1: { i1: { term: 'Term', text: 'text' } } },
      },
    })
    expect(page?.sections.map((section) => section.key)).toEqual(['s1', 's2', 's9', 's10'])
    expect(page?.sections[1]?.blocks).toEqual([
      { kind: 'paragraph', key: 'p1', text: 'first' },
      { kind: 'heading', key: 'h2', text: 'second' },
      { kind: 'list', key: 'ul3', ordered: false, items: [{ text: 'a' }, { text: 'b' }, { text: 'c' }] },
    ])
    expect(page?.sections[2]?.blocks).toEqual([{ kind: 'list', key: 'ol1', ordered: true, items: [{ term: 'Term', text: 'text' }] }])
  })

  it('keeps the optional intro and updated lines and a note block', () => {
    const page = readPageContent({ title: 'T', intro: 'Lead', updated: 'Today', sections: { s1: { title: 'A', note1: 'Mind this' } } })
    expect(page).toMatchObject({ intro: 'Lead', updated: 'Today' })
    expect(page?.sections[0]?.blocks).toEqual([{ kind: 'note', key: 'note1', text: 'Mind this' }])
  })

  it('ignores unknown keys, empty texts and sections without a title', () => {
    const page = readPageContent({
      title: 'T',
      sections: { s1: { title: 'A', extra: 'x', p1: ' ', ul2: { i1: '' } }, s2: { p1: 'no title' }, other: { title: 'B' } },
    })
    expect(page?.sections).toEqual([{ key: 's1', title: 'A', blocks: [] }])
  })

  it('answers undefined for a page that is not loaded (i18next returns the key)', () => {
    expect(readPageContent('rules')).toBeUndefined()
    expect(readPageContent(undefined)).toBeUndefined()
    expect(readPageContent({ sections: {} })).toBeUndefined()
  })

  it('reads the number at the end of a key', () => {
    expect(keyNumber('s12')).toBe(12)
    expect(keyNumber('title')).toBe(Number.POSITIVE_INFINITY)
  })
})
