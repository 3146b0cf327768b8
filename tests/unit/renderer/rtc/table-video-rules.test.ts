import { describe, expect, it } from 'vitest'
import type { GameView, RoleName, Viewer, YouView } from '../../../../server/contract/game'
import { cameraDimmed, stageUser } from '../../../../renderer/features/table/video/video-rules'

const roles: RoleName[] = ['Don', 'Mafia', 'Sheriff', 'Doctor', 'Civil', 'Civil']

/** A six-seat game as one viewer sees it: roles shown only where that viewer may know them. */
function view(phase: GameView['phase'], viewer: Viewer, options: { you?: YouView; knows?: (seat: number) => boolean; speaker?: number | null } = {}): GameView {
  const knows = options.knows ?? (() => false)
  return {
    phase,
    viewer,
    nightStep: phase.startsWith('night_') ? (phase.slice('night_'.length) as GameView['nightStep']) : null,
    speaker: options.speaker ?? null,
    you: options.you ?? null,
    seats: roles.map((role, index) => ({ seat: index + 1, user: 100 + index + 1, role: knows(index + 1) ? role : null })),
  } as unknown as GameView
}

const dimmedSeats = (game: GameView) => [1, 2, 3, 4, 5, 6].filter((seat) => cameraDimmed(game, seat))

describe('cameras at night', () => {
  it('are all bright by day and before the deal', () => {
    expect(dimmedSeats(view('day_speech', { kind: 'spectator' }))).toEqual([])
    expect(dimmedSeats(view('created', { kind: 'spectator' }))).toEqual([])
    expect(cameraDimmed(null, 1)).toBe(false)
  })

  it('are all dimmed for a spectator, so dimming never tells who is awake', () => {
    expect(dimmedSeats(view('night_sheriff', { kind: 'spectator' }))).toEqual([1, 2, 3, 4, 5, 6])
    expect(cameraDimmed(view('night_sheriff', { kind: 'spectator' }), 'judge')).toBe(false)
  })

  it('leave the acting players bright for the judge', () => {
    const judge = { kind: 'judge' } as const
    expect(dimmedSeats(view('night_shooting', judge, { knows: () => true }))).toEqual([3, 4, 5, 6])
    expect(dimmedSeats(view('night_sheriff', judge, { knows: () => true }))).toEqual([1, 2, 4, 5, 6])
    expect(dimmedSeats(view('zero_night', judge, { knows: () => true }))).toEqual([3, 4, 5, 6])
  })

  it('leave a black player and the partners they know bright at the shooting, and dim them at the sheriff', () => {
    const don: YouView = { seat: 1, role: 'Don', team: 'black', partners: [{ seat: 2, role: 'Mafia' }] }
    const viewer = { kind: 'player', seat: 1 } as const
    expect(dimmedSeats(view('night_shooting', viewer, { you: don, knows: (seat) => seat <= 2 }))).toEqual([3, 4, 5, 6])
    expect(dimmedSeats(view('night_don', viewer, { you: don, knows: (seat) => seat <= 2 }))).toEqual([2, 3, 4, 5, 6])
    expect(dimmedSeats(view('night_sheriff', viewer, { you: don, knows: (seat) => seat <= 2 }))).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('show the sheriff only themselves awake, and a sleeping civilian nobody', () => {
    const sheriff: YouView = { seat: 3, role: 'Sheriff', team: 'red', partners: [] }
    expect(dimmedSeats(view('night_sheriff', { kind: 'player', seat: 3 }, { you: sheriff, knows: (seat) => seat === 3 }))).toEqual([1, 2, 4, 5, 6])
    const civilian: YouView = { seat: 5, role: 'Civil', team: 'red', partners: [] }
    expect(dimmedSeats(view('night_shooting', { kind: 'player', seat: 5 }, { you: civilian, knows: (seat) => seat === 5 }))).toEqual([1, 2, 3, 4, 5, 6])
  })
})

describe('the large tile', () => {
  it('shows the pinned player, else the speaker, else nobody', () => {
    const game = view('day_speech', { kind: 'spectator' }, { speaker: 4 })
    expect(stageUser(game, null)).toBe(104)
    expect(stageUser(game, 102)).toBe(102)
    expect(stageUser(view('night_shooting', { kind: 'spectator' }), null)).toBeNull()
    expect(stageUser(null, null)).toBeNull()
  })
})
