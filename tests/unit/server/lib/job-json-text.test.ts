import { describe, expect, it } from 'vitest'
import { jobJsonText } from '../../../../server/lib/job-json-text'

describe('jobJsonText', () => {
  it('writes what JSON.stringify writes', () => {
    const value = { a: 1, b: 'two "quoted" \\ ünïcödé\n', c: null, d: undefined, e: [1, undefined, { h: [] }], at: new Date(0) }
    expect(jobJsonText(value)).toBe(JSON.stringify(value))
  })

  it("reuses a value's text for the rest of the job, and writes it afresh in the next one", async () => {
    const value = { seats: [{ fouls: 0 }] }
    expect(jobJsonText(value)).toBe('{"seats":[{"fouls":0}]}')
    // Values are never changed once made; changing one here shows which text is reused.
    value.seats[0]!.fouls = 1
    expect(jobJsonText(value)).toBe('{"seats":[{"fouls":0}]}')
    expect(jobJsonText({ ...value })).toBe('{"seats":[{"fouls":1}]}')
    await Promise.resolve()
    expect(jobJsonText(value)).toBe('{"seats":[{"fouls":1}]}')
  })
})
