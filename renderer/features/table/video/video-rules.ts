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

/**
 * The user whose tile is shown large on a phone: the pinned one, else the seat the view says holds
 * the word, else the judge (null: none).
 */
export function stageUser(view: Pick<GameView, 'speaker' | 'seats'> | null, pinned: number | null, judge: number | null = null): number | null {
  if (pinned !== null) return pinned
  if (!view || view.speaker === null) return judge
  return view.seats.find((seat) => seat.seat === view.speaker)?.user ?? judge
}

/**
 * Whether the table's media room stays joined: while the table is open or running, and after the
 * end for the post-game talk until the viewer leaves the screen (a disbanded table has no room).
 */
export function mediaLive(status: string): boolean {
  return status === 'open' || status === 'running' || status === 'ended'
}
