import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { keepMarksFor, markOf, seatMarksState, type SeatMark } from '../../../state/seat-marks'

/**
 * The viewer's mark on a seat of this table (for a tile's `data-mark`). Being shown at a table
 * forgets the marks of the table before.
 */
export function useSeatMark(lobbyId: number, seat: number): SeatMark {
  const marks = useSnapshot(seatMarksState)
  useEffect(() => keepMarksFor(lobbyId), [lobbyId])
  return markOf(marks, lobbyId, seat)
}
