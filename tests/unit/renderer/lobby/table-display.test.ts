// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { judgeControls, mayLeave, playerControls, timeLeft, visibleRole } from '../../../../renderer/features/table/table-rules'
import { tableActions } from '../../../../renderer/features/lobby/lobby-rules'
import { card, summary, view } from './fixtures'

describe('player controls', () => {
  it('the speaker may nominate once and end the speech; others see nothing', () => {
    const speaker = playerControls(view({}, 1))
    expect(speaker.endSpeech).toBe(true)
    expect(speaker.nominate).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(playerControls(view({ nominations: [{ by: 1, target: 4 }] }, 1)).nominate).toEqual([])
    expect(playerControls(view({ pendingNomination: { by: 1, target: 4 } }, 1)).nominate).toEqual([])
    const other = playerControls(view({}, 3))
    expect(other.endSpeech).toBe(false)
    expect(other.nominate).toEqual([])
  })

  it('nobody acts while paused or after the time is up', () => {
    expect(playerControls(view({ paused: true }, 1)).endSpeech).toBe(false)
    expect(playerControls(view({ timeUp: true }, 1)).nominate).toEqual([])
  })

  it('classic voting offers only the called candidate, simultaneous every nominee, and only before voting', () => {
    const voting = { kind: 'vote' as const, round: 1, votingType: 0 as const, candidates: [4, 7], current: 7, counts: [], votes: null, voted: 0, yourVote: null }
    expect(playerControls(view({ phase: 'voting', speaker: null, voting }, 3)).vote).toEqual([7])
    expect(playerControls(view({ phase: 'voting', speaker: null, voting: { ...voting, votingType: 1, current: null } }, 3)).vote).toEqual([4, 7])
    expect(playerControls(view({ phase: 'voting', speaker: null, voting: { ...voting, yourVote: 7 } }, 3)).vote).toEqual([])
  })

  it('at night only the acting role sees its targets, once', () => {
    const night = { phase: 'night_shooting' as const, speaker: null, speech: null, nightStep: 'shooting' as const, night: 1 }
    expect(playerControls(view(night, 2)).night?.step).toBe('shooting')
    expect(playerControls(view(night, 4)).night?.targets).toHaveLength(10)
    expect(playerControls(view(night, 1)).night).toBeNull()
    expect(playerControls(view({ ...night, nightActions: [{ night: 1, step: 'shooting', seat: 4, target: 1, result: null }] }, 4)).night).toBeNull()
    const sheriff = { ...night, phase: 'night_sheriff' as const, nightStep: 'sheriff' as const }
    expect(playerControls(view(sheriff, 5)).night?.step).toBe('sheriff')
    expect(playerControls(view(sheriff, 2)).night).toBeNull()
  })

  it('the first-night victim names the best move although they left', () => {
    const base = view({ phase: 'best_move', speaker: 6, speech: null, night: 1 }, 6)
    const left = { ...base, seats: base.seats.map((seat) => (seat.seat === 6 ? { ...seat, atTable: false, left: 'night' as const } : seat)) }
    expect(playerControls(left).bestMove).toHaveLength(9)
    expect(playerControls({ ...left, bestMoves: [{ seat: 6, targets: [2] }] }).bestMove).toEqual([])
  })

  it('the judge and spectators get no player controls', () => {
    expect(playerControls(view({}, 0))).toMatchObject({ endSpeech: false, nominate: [] })
    expect(playerControls(view({}, -1))).toMatchObject({ endSpeech: false, nominate: [] })
  })
})

describe('judge controls', () => {
  it('only for the judge: start once every seat is taken, then the game tools', () => {
    expect(judgeControls(view({}, 0), { isJudge: false, seated: 10, seatCount: 10 })).toBeNull()
    expect(judgeControls(null, { isJudge: true, seated: 9, seatCount: 10 })?.start).toBe(false)
    expect(judgeControls(null, { isJudge: true, seated: 10, seatCount: 10 })?.start).toBe(true)
    const running = judgeControls(view({ pendingNomination: { by: 1, target: 4 } }, 0), { isJudge: true, seated: 10, seatCount: 10 })
    expect(running).toMatchObject({ next: true, confirmNomination: true, pause: true, resume: false, endGame: true })
    expect(running?.seats).toHaveLength(10)
    expect(judgeControls(view({ paused: true }, 0), { isJudge: true, seated: 10, seatCount: 10 })).toMatchObject({ next: false, resume: true })
  })
})

describe('what a viewer sees', () => {
  it('a spectator never sees a living player role, even if one slipped into the view', () => {
    const leaked = view({}, -1)
    const seats = leaked.seats.map((seat) => ({ ...seat, role: 'Don' as const }))
    expect(visibleRole({ ...leaked, seats }, 2)).toBeNull()
    expect(visibleRole({ ...leaked, seats, phase: 'ended' }, 2)).toBe('Don')
    expect(visibleRole(view({}, 0), 2)).toBe('Don')
  })

  it('the countdown comes from the deadline, or the frozen remainder when paused', () => {
    expect(timeLeft({ deadline: 10_000, paused: false, remaining: null }, 4_000)).toBe(6_000)
    expect(timeLeft({ deadline: 1_000, paused: false, remaining: null }, 4_000)).toBe(0)
    expect(timeLeft({ deadline: null, paused: true, remaining: 2_500 }, 4_000)).toBe(2_500)
  })

  it('a seated player and the judge cannot leave a running game', () => {
    expect(mayLeave('player', 'running')).toBe(false)
    expect(mayLeave('judge', 'running')).toBe(false)
    expect(mayLeave('judge', 'ended')).toBe(true)
    expect(mayLeave('player', 'open')).toBe(true)
    expect(mayLeave('spectator', 'running')).toBe(true)
  })

  it('the list offers join, judge and watch as the table allows', () => {
    expect(tableActions(summary(1), null, 5)).toEqual({ open: false, join: true, watch: true, judge: true })
    expect(tableActions(summary(1, { judge: card(9) }), null, 5).judge).toBe(false)
    const full = summary(1, { players: Array.from({ length: 10 }, (_, index) => ({ seat: index + 1, user: card(index + 20) })) })
    expect(tableActions(full, null, 5).join).toBe(false)
    expect(tableActions(summary(1, { status: 'running' }), null, 5)).toEqual({ open: false, join: false, watch: true, judge: false })
    expect(tableActions(summary(1), { id: 1 }, 5).open).toBe(true)
  })
})
