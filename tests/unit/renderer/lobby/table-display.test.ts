import { describe, expect, it } from 'vitest'
import { tableActions } from '../../../../renderer/features/lobby/lobby-rules'
import { mayLeave, nominationsShown, phaseLabel, seatsTaken, timeLeft } from '../../../../renderer/features/table/table-display'
import { card, summary } from './fixtures'

describe('what the table shows', () => {
  it('the countdown comes from the deadline, or the frozen remainder when paused', () => {
    expect(timeLeft({ deadline: 10_000, paused: false, remaining: null }, 4_000)).toBe(6_000)
    expect(timeLeft({ deadline: 1_000, paused: false, remaining: null }, 4_000)).toBe(0)
    expect(timeLeft({ deadline: null, paused: true, remaining: 2_500 }, 4_000)).toBe(2_500)
    expect(timeLeft({ deadline: null, paused: false, remaining: null }, 4_000)).toBeNull()
  })

  it('a seated player and the judge cannot leave a running game', () => {
    expect(mayLeave('player', 'running')).toBe(false)
    expect(mayLeave('judge', 'running')).toBe(false)
    expect(mayLeave('judge', 'ended')).toBe(true)
    expect(mayLeave('player', 'open')).toBe(true)
    expect(mayLeave('spectator', 'running')).toBe(true)
  })

  it('the judge may start once every seat is taken', () => {
    const seated = (count: number) => summary(1, { players: Array.from({ length: count }, (_, index) => ({ seat: index + 1, user: card(index + 20) })) })
    expect(seatsTaken(seated(9))).toBe(false)
    expect(seatsTaken(seated(10))).toBe(true)
  })

  it('the list offers join, judge and watch as the table allows', () => {
    expect(tableActions(summary(1), null, 5)).toEqual({ open: false, join: true, watch: true, judge: true })
    expect(tableActions(summary(1, { judge: card(9) }), null, 5).judge).toBe(false)
    const full = summary(1, { players: Array.from({ length: 10 }, (_, index) => ({ seat: index + 1, user: card(index + 20) })) })
    expect(tableActions(full, null, 5).join).toBe(false)
    expect(tableActions(summary(1, { status: 'running' }), null, 5)).toEqual({ open: false, join: false, watch: true, judge: false })
    expect(tableActions(summary(1), { id: 1 }, 5).open).toBe(true)
  })

  it('labels the phase by day, night and morning: the best move after night 1 is the morning of day 2', () => {
    const at = (phase: Parameters<typeof phaseLabel>[0]['phase'], day: number, night: number, speaker: number | null = null, nightStep: Parameters<typeof phaseLabel>[0]['nightStep'] = null) => phaseLabel({ phase, day, night, speaker, nightStep })
    expect(at('best_move', 1, 1, 7)).toEqual({ key: 'game.screen.phase.morning.bestMove', values: { day: 2, seat: 7 } })
    expect(at('last_words', 2, 2, 4)).toEqual({ key: 'game.screen.phase.morning.last_words', values: { day: 3, seat: 4 } })
    // Last words after the day's vote belong to that day.
    expect(at('last_words', 2, 1, 4)).toEqual({ key: 'game.screen.phase.day.last_words', values: { day: 2, seat: 4 } })
    expect(at('night_shooting', 1, 1, null, 'shooting')).toEqual({ key: 'game.screen.phase.night.shooting', values: { night: 1 } })
    expect(at('day_speech', 2, 1, 3)).toEqual({ key: 'game.screen.phase.day.day_speech', values: { day: 2, seat: 3 } })
    expect(at('voting', 2, 1)).toEqual({ key: 'game.screen.phase.day.other', values: { day: 2, phase: 'game.phase.voting' } })
    expect(at('zero_night', 0, 0)).toEqual({ key: 'game.phase.zero_night' })
  })

  it('nominations are drawn by day only: not at night, not on the morning after', () => {
    expect(nominationsShown({ phase: 'voting', day: 1, night: 0 })).toBe(true)
    expect(nominationsShown({ phase: 'night_shooting', day: 1, night: 1 })).toBe(false)
    expect(nominationsShown({ phase: 'last_words', day: 1, night: 1 })).toBe(false)
    expect(nominationsShown({ phase: 'last_words', day: 1, night: 0 })).toBe(true)
  })
})
