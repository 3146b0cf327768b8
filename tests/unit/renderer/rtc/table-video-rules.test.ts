import { describe, expect, it } from 'vitest'
import type { GameView } from '../../../../server/contract/game'
import { cameraDimmed, stageUser } from '../../../../renderer/features/table/video/video-rules'

/** A six-seat game as one viewer receives it: the cameras the server sends them, and who speaks. */
function view(cameras: number[], speaker: number | null = null): Pick<GameView, 'cameras' | 'speaker' | 'seats'> {
  return { cameras, speaker, seats: [1, 2, 3, 4, 5, 6].map((seat) => ({ seat, user: 100 + seat })) as unknown as GameView['seats'] }
}

const dimmedSeats = (game: Pick<GameView, 'cameras'>) => [1, 2, 3, 4, 5, 6].filter((seat) => cameraDimmed(game, seat))

describe('the cameras a viewer receives', () => {
  it('are bright exactly where the view says they reach this viewer, and dimmed everywhere else', () => {
    expect(dimmedSeats(view([1, 2, 3, 4, 5, 6]))).toEqual([])
    expect(dimmedSeats(view([1, 2]))).toEqual([3, 4, 5, 6])
    expect(dimmedSeats(view([]))).toEqual([1, 2, 3, 4, 5, 6])
  })

  it("before the deal nothing is dimmed, and the judge's own camera never is", () => {
    expect(cameraDimmed(null, 1)).toBe(false)
    expect(cameraDimmed(view([]), 'judge')).toBe(false)
  })
})

describe('the large tile', () => {
  it('shows the pinned player, else the speaker the view names, else nobody', () => {
    expect(stageUser(view([], 4), null)).toBe(104)
    expect(stageUser(view([], 4), 102)).toBe(102)
    expect(stageUser(view([], null), null)).toBeNull()
    expect(stageUser(null, null)).toBeNull()
  })
})
