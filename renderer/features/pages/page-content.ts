import type { Messages } from '../../../server/contract/http'

/**
 * The content pages keep their text in the "pages" translation namespace as nested keys, because the
 * translation store holds strings only (no arrays). One page looks like this:
 *
 *   <page>.title                         the page heading
 *   <page>.intro, <page>.updated         optional lead paragraph and "last updated" line
 *   <page>.sections.s<N>.title           a section heading (the sections are ordered by N)
 *   <page>.sections.s<N>.p<M>            a paragraph
 *   <page>.sections.s<N>.h<M>            a sub-heading
 *   <page>.sections.s<N>.note<M>         a highlighted note
 *   <page>.sections.s<N>.ul<M>.i<K>      an item of a bulleted list (ol<M> for a numbered list)
 *   <page>.sections.s<N>.ul<M>.i<K>.term + .text   an item that starts with a highlighted term
 *
 * Inside a section the number M orders the blocks whatever their kind, so it is unique per section.
 * The order of keys in the loaded object means nothing (the server returns rows in no set order):
 * only the numbers count, and s10 comes after s9.
 */

/** One list item: plain text, or a highlighted term followed by its explanation. */
export interface PageListItem {
  term?: string
  text: string
}

export type PageBlock =
  | { kind: 'paragraph'; key: string; text: string }
  | { kind: 'heading'; key: string; text: string }
  | { kind: 'note'; key: string; text: string }
  | { kind: 'list'; key: string; ordered: boolean; items: PageListItem[] }

export interface PageSection {
  /** The section's key (`s1`, `s2`, ...), also the base of its in-page anchor. */
  key: string
  title: string
  blocks: PageBlock[]
}

export interface PageContent {
  title: string
  intro?: string
  updated?: string
  sections: PageSection[]
}

/** The block kinds a section may hold, by their key prefix. */
export const blockKeyPattern = /^(p|h|note|ul|ol)([1-9]\d*)$/
export const sectionKeyPattern = /^s([1-9]\d*)$/
export const itemKeyPattern = /^i([1-9]\d*)$/

export function isMessages(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The number at the end of a key (`s12` -> 12); keys without one sort last. */
export function keyNumber(key: string): number {
  const match = /(\d+)$/.exec(key)
  return match ? Number(match[1]) : Number.POSITIVE_INFINITY
}

/** The entries of a node whose keys match `pattern`, ordered by the number in the key. */
export function orderedEntries(node: Messages, pattern: RegExp): Array<[string, string | Messages]> {
  return Object.entries(node)
    .filter(([key]) => pattern.test(key))
    .sort(([left], [right]) => keyNumber(left) - keyNumber(right) || left.localeCompare(right))
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined)

function readItem(value: string | Messages): PageListItem | undefined {
  if (typeof value === 'string') return text(value) === undefined ? undefined : { text: value }
  const itemText = text(value.text)
  if (itemText === undefined) return undefined
  const term = text(value.term)
  return term === undefined ? { text: itemText } : { term, text: itemText }
}

function readBlock(key: string, value: string | Messages): PageBlock | undefined {
  const kind = blockKeyPattern.exec(key)?.[1]
  if (kind === 'ul' || kind === 'ol') {
    if (!isMessages(value)) return undefined
    const items = orderedEntries(value, itemKeyPattern)
      .map(([, item]) => readItem(item))
      .filter((item): item is PageListItem => item !== undefined)
    return items.length > 0 ? { kind: 'list', key, ordered: kind === 'ol', items } : undefined
  }
  const blockText = text(value)
  if (blockText === undefined) return undefined
  if (kind === 'h') return { kind: 'heading', key, text: blockText }
  if (kind === 'note') return { kind: 'note', key, text: blockText }
  return { kind: 'paragraph', key, text: blockText }
}

function readSection(key: string, value: string | Messages): PageSection | undefined {
  if (!isMessages(value)) return undefined
  const title = text(value.title)
  if (title === undefined) return undefined
  const blocks = orderedEntries(value, blockKeyPattern)
    .map(([blockKey, block]) => readBlock(blockKey, block))
    .filter((block): block is PageBlock => block !== undefined)
  return { key, title, blocks }
}

/**
 * Reads one page from the object that `t(page, { returnObjects: true })` returns. Returns undefined
 * when the page is not loaded (i18next then answers with the key itself) or has no title.
 */
export function readPageContent(value: unknown): PageContent | undefined {
  if (!isMessages(value)) return undefined
  const title = text(value.title)
  if (title === undefined) return undefined
  const sections = isMessages(value.sections)
    ? orderedEntries(value.sections, sectionKeyPattern)
        .map(([key, section]) => readSection(key, section))
        .filter((section): section is PageSection => section !== undefined)
    : []
  const page: PageContent = { title, sections }
  const intro = text(value.intro)
  const updated = text(value.updated)
  if (intro !== undefined) page.intro = intro
  if (updated !== undefined) page.updated = updated
  return page
}
