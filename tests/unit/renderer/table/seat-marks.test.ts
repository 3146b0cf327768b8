// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Module from '../../../../renderer/state/seat-marks'

type SeatMarksModule = typeof Module


/** The module as a fresh page load gets it: its state read from what this device stored. */
async function reload(): Promise<SeatMarksModule> {
  vi.resetModules()
  return import('../../../../renderer/state/seat-marks')
}

beforeEach(() => localStorage.clear())

describe('seat marks', () => {
  it('colours a seat, changes and clears it; survives a reload of the page', async () => {
    const page = await reload()
    page.setSeatMark(7, 3, 'suspicion')
    page.setSeatMark(7, 5, 'trust')
    page.setSeatMark(7, 5, 'unsure')
    page.setSeatMark(7, 9, 'trust')
    page.setSeatMark(7, 9, 'none')
    expect(page.markOf(page.seatMarksState, 7, 3)).toBe('suspicion')
    expect(page.markOf(page.seatMarksState, 7, 5)).toBe('unsure')
    expect(page.markOf(page.seatMarksState, 7, 9)).toBe('none')

    const reloaded = await reload()
    expect(reloaded.seatMarksState).toEqual({ lobbyId: 7, marks: { 3: 'suspicion', 5: 'unsure' } })
    expect(reloaded.markOf(reloaded.seatMarksState, 7, 5)).toBe('unsure')
  })

  it('belong to one table: another table shows none of them, and sitting at another table forgets them', async () => {
    const page = await reload()
    page.setSeatMark(7, 3, 'suspicion')
    expect(page.markOf(page.seatMarksState, 8, 3)).toBe('none')

    page.keepMarksFor(7)
    expect(page.markOf(page.seatMarksState, 7, 3)).toBe('suspicion')

    page.keepMarksFor(8)
    expect(page.seatMarksState).toEqual({ lobbyId: 8, marks: {} })
    expect((await reload()).markOf((await reload()).seatMarksState, 7, 3)).toBe('none')

    // A mark at a third table also starts afresh.
    page.setSeatMark(8, 1, 'trust')
    page.setSeatMark(9, 2, 'unsure')
    expect((await reload()).seatMarksState).toEqual({ lobbyId: 9, marks: { 2: 'unsure' } })
  })

  it('ignores seats and marks that do not exist', async () => {
    const page = await reload()
    for (const seat of [0, 11, 2.5, Number.NaN]) page.setSeatMark(7, seat, 'trust')
    page.setSeatMark(7, 4, 'red' as never)
    page.setSeatMark(0, 4, 'trust')
    expect(page.seatMarksState.marks).toEqual({})
  })

  it('ignores bad stored data: not JSON, the wrong shape, unknown marks or seats (keeping the good entries)', async () => {
    for (const stored of ['{not json', '[]', '42', '{"lobbyId":"7","marks":{}}', '{"lobbyId":7,"marks":[]}', '{"lobbyId":-1,"marks":{"1":"trust"}}']) {
      localStorage.setItem('seatMarks', stored)
      expect((await reload()).seatMarksState, stored).toEqual({ lobbyId: null, marks: {} })
    }
    localStorage.setItem('seatMarks', JSON.stringify({ lobbyId: 7, marks: { 1: 'trust', 2: 'red', 11: 'trust', x: 'unsure', 4: 'none', 5: 7, 6: 'unsure' } }))
    expect((await reload()).seatMarksState).toEqual({ lobbyId: 7, marks: { 1: 'trust', 6: 'unsure' } })
  })

  it('keeps working when storage is blocked', async () => {
    const page = await reload()
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError')
    })
    page.setSeatMark(7, 2, 'trust')
    expect(page.markOf(page.seatMarksState, 7, 2)).toBe('trust')
    setItem.mockRestore()
  })
})
