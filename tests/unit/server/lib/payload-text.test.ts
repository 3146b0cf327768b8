import { describe, expect, it } from 'vitest'
import { nulCharacterPath } from '../../../../server/lib/payload-text'

describe('nulCharacterPath: where a payload holds text PostgreSQL cannot store', () => {
  it('answers null for a payload without a NUL character, whatever its shape', () => {
    expect(nulCharacterPath({ id: 7, command: { type: 'vote', target: 3, note: 'ok' }, list: ['a', 'b'], empty: null })).toBeNull()
    expect(nulCharacterPath('plain')).toBeNull()
    expect(nulCharacterPath(42)).toBeNull()
    expect(nulCharacterPath(undefined)).toBeNull()
  })

  it('answers the dotted path of the string that holds it: the payload itself, a field, an item of a list', () => {
    expect(nulCharacterPath('a\u0000b')).toBe('')
    expect(nulCharacterPath({ text: 'x\u0000' })).toBe('text')
    expect(nulCharacterPath({ chat: { body: 'fine', title: '\u0000' } })).toBe('chat.title')
    expect(nulCharacterPath({ ids: [1, 2], names: ['ok', 'bad\u0000'] })).toBe('names.1')
  })

  it('walks a payload nested ten thousand levels deep without overflowing the stack', () => {
    let deep: unknown = 'end\u0000'
    for (let level = 0; level < 10_000; level++) deep = { next: deep }
    expect(nulCharacterPath(deep, 20_000)).toBe(Array.from({ length: 10_000 }, () => 'next').join('.'))
  })

  it('stops after maxNodes values: a NUL beyond them is not looked for', () => {
    // The walk takes a list's items from its end: the first item is the last one it reaches.
    const payload = { items: ['bad\u0000', ...Array.from({ length: 50 }, () => 'fine')] }
    expect(nulCharacterPath(payload, 10)).toBeNull()
    expect(nulCharacterPath(payload)).toBe('items.0')
  })
})
