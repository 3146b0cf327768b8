import type { GameView } from '../../../../server/contract/game'

/**
 * Whether a seat's camera is dimmed for this viewer: exactly when the server does not send it to
 * them now (`view.cameras`, decided by the engine), so the tile shows what the viewer receives and
 * tells nothing more. Before the deal, and the judge's own camera, always reach everyone.
 */
export function cameraDimmed(view: Pick<GameView, 'cameras'> | null, seat: number | 'judge'): boolean {
  if (!view || seat === 'judge') return false
  return !view.cameras.includes(seat)
}

/** The user whose tile is shown large: the pinned one, else the seat the view says holds the word (null: none). */
export function stageUser(view: Pick<GameView, 'speaker' | 'seats'> | null, pinned: number | null): number | null {
  if (pinned !== null) return pinned
  if (!view || view.speaker === null) return null
  return view.seats.find((seat) => seat.seat === view.speaker)?.user ?? null
}
