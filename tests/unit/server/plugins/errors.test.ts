import { describe, expect, it } from 'vitest'
import { nonFiniteNumberPath } from '../../../../server/plugins/errors'

describe('nonFiniteNumberPath', () => {
  it('finds a number that is not finite in params, queries and nested bodies, and names its path', () => {
    expect(nonFiniteNumberPath({ id: Number.POSITIVE_INFINITY })).toEqual(['id'])
    expect(nonFiniteNumberPath({ page: 1, limit: Number.NEGATIVE_INFINITY })).toEqual(['limit'])
    expect(nonFiniteNumberPath({ settings: { items: [1, 2, JSON.parse('1e999') as number] } })).toEqual(['settings', 'items', '2'])
    expect(nonFiniteNumberPath({ value: Number.NaN })).toEqual(['value'])
  })

  it('passes finite numbers, strings that spell infinity, raw bodies and empty parts', () => {
    expect(nonFiniteNumberPath({ id: 5, name: 'Infinity', nested: { list: [0, -1.5, 1e300] } })).toBeNull()
    expect(nonFiniteNumberPath(Buffer.from('{"a":1e999}'))).toBeNull()
    expect(nonFiniteNumberPath(undefined)).toBeNull()
    expect(nonFiniteNumberPath(null)).toBeNull()
  })
})
