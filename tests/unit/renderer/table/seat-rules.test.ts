import { describe, expect, it } from 'vitest'
import { fitGrid } from '../../../../renderer/features/table/layout/fit-grid'
import { pickedSeats, tileAction, toggleBestMove } from '../../../../renderer/features/table/seats/seat-actions'
import { arrowTarget, digitSeat } from '../../../../renderer/features/table/seats/seat-keys'
import { mediaLive } from '../../../../renderer/features/table/video/video-rules'
import { judgeActions, playerActions, view } from '../lobby/fixtures'

describe('seat tiles', () => {
  it('offer exactly the seats the view lists, nothing else', () => {
    const nominating = view({ actions: { player: playerActions({ nominate: [3] }), judge: null } }, 1)
    expect([1, 2, 3, 4].map((seat) => tileAction(nominating, seat))).toEqual([null, null, 'nominate', null])
    const night = view({ actions: { player: playerActions({ night: { step: 'sheriff', targets: [2, 6] } }), judge: null } }, 5)
    expect([2, 5, 6].map((seat) => tileAction(night, seat))).toEqual(['night', null, 'night'])
    const judging = view({ pendingNomination: { by: 1, target: 4 }, actions: { player: null, judge: judgeActions({ confirmNomination: true }) } }, 0)
    expect([1, 4].map((seat) => tileAction(judging, seat))).toEqual([null, 'judge-confirm'])
    // No confirmation allowed: no tile offers one, whatever is pending.
    expect(tileAction({ ...judging, actions: { player: null, judge: judgeActions() } }, 4)).toBeNull()
  })

  it('a best move holds three picks at most; a picked seat toggles off', () => {
    expect(toggleBestMove([2, 4, 6], 8)).toEqual([2, 4, 6])
    expect(toggleBestMove([2, 4, 6], 4)).toEqual([2, 6])
    expect(toggleBestMove([], 1)).toEqual([1])
  })

  it("the viewer's picks are what the server holds: a nomination by day only, this step's night action", () => {
    const day = view({ nominations: [{ by: 1, target: 5 }, { by: 2, target: 6 }] }, 1)
    expect([...pickedSeats(day, [])]).toEqual([5])
    expect([...pickedSeats({ ...day, phase: 'night_shooting', nightStep: 'shooting', night: 1 }, [])]).toEqual([])
    const night = view({ phase: 'night_don', nightStep: 'don', night: 1, nightActions: [{ night: 1, step: 'shooting', seat: 2, target: 3, result: null }, { night: 1, step: 'don', seat: 2, target: 7, result: 'not_sheriff' }] }, 2)
    expect([...pickedSeats(night, [])]).toEqual([7])
  })

  it('keys: arrows step and wrap rows (mirrored right to left), Home and End, digits 1–9 and 0 for seat 10', () => {
    expect(arrowTarget('ArrowRight', 2, 11, 4, false)).toBe(3)
    expect(arrowTarget('ArrowRight', 2, 11, 4, true)).toBe(1)
    expect(arrowTarget('ArrowDown', 2, 11, 4, false)).toBe(6)
    expect(arrowTarget('ArrowDown', 9, 11, 4, false)).toBe(9)
    expect(arrowTarget('End', 0, 11, 4, false)).toBe(10)
    expect(arrowTarget('a', 0, 11, 4, false)).toBeNull()
    expect(['1', '9', '0', 'x'].map(digitSeat)).toEqual([1, 9, 10, null])
  })
})

describe('the seat grid', () => {
  it('fits eleven 16:9 tiles into the table area of a 1366×768 window with the chat beside it', () => {
    // About 1000 × 560 px are left between the phase bar and the action bar.
    const fit = fitGrid(11, 1000, 560, 8)
    expect(fit.columns).toBe(4)
    const rows = Math.ceil(11 / fit.columns)
    expect(fit.tileWidth * fit.columns + 8 * (fit.columns - 1)).toBeLessThanOrEqual(1000)
    expect((fit.tileWidth * 9) / 16 * rows + 8 * (rows - 1)).toBeLessThanOrEqual(560)
    expect(fit.tileWidth).toBeGreaterThan(200)
  })

  it('a tall narrow area stacks fewer columns; nothing to fit gives no size', () => {
    expect(fitGrid(11, 400, 1200, 8).columns).toBe(2)
    expect(fitGrid(11, 0, 0, 8).tileWidth).toBe(0)
  })
})

describe('the table media', () => {
  it('stays joined after the end for the talk after the game; a disbanded table has no room', () => {
    expect(['open', 'running', 'ended', 'disbanded'].map(mediaLive)).toEqual([true, true, true, false])
  })
})
