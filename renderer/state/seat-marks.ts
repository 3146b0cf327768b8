import { proxy } from 'valtio'

/**
 * The viewer's own colour on a seat of the table they are at: a private reminder (suspicion red,
 * trust green, unsure yellow), never sent anywhere. Marks are about one game at one table, so only
 * the current table's are kept (on this device, surviving a reload); marking a seat at another
 * table, or `keepMarksFor` another table, forgets the previous table's.
 */
export const seatMarks = ['none', 'suspicion', 'trust', 'unsure'] as const
export type SeatMark = (typeof seatMarks)[number]

export interface SeatMarksState {
  /** The table the marks belong to; null before any mark. */
  lobbyId: number | null
  /** Seat number (1..10) to its mark; a seat without one is absent. */
  marks: Record<number, Exclude<SeatMark, 'none'>>
}

/** localStorage key of the current table's marks. */
export const seatMarksStorageKey = 'seatMarks'

/** Seats of a table: ten players. */
const seatCount = 10

const isSeat = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= seatCount
const isLobbyId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1
export const isSeatMark = (value: unknown): value is SeatMark => typeof value === 'string' && (seatMarks as readonly string[]).includes(value)

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** The marks saved on this device; a malformed save, or any malformed entry in it, is ignored. */
export function readSeatMarks(from: Storage | null = storage()): SeatMarksState {
  const empty: SeatMarksState = { lobbyId: null, marks: {} }
  try {
    const parsed: unknown = JSON.parse(from?.getItem(seatMarksStorageKey) ?? 'null')
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return empty
    const { lobbyId, marks } = parsed as Record<string, unknown>
    if (!isLobbyId(lobbyId) || typeof marks !== 'object' || marks === null || Array.isArray(marks)) return empty
    const kept: SeatMarksState['marks'] = {}
    for (const [seat, mark] of Object.entries(marks)) {
      const number = Number(seat)
      if (isSeat(number) && isSeatMark(mark) && mark !== 'none') kept[number] = mark
    }
    return { lobbyId, marks: kept }
  } catch {
    return empty
  }
}

export function writeSeatMarks(state: SeatMarksState, to: Storage | null = storage()): void {
  try {
    if (state.lobbyId === null) to?.removeItem(seatMarksStorageKey)
    else to?.setItem(seatMarksStorageKey, JSON.stringify({ lobbyId: state.lobbyId, marks: state.marks }))
  } catch {
    // blocked storage: the marks last for this visit
  }
}

export const seatMarksState = proxy<SeatMarksState>(readSeatMarks())

/** The viewer's mark on a seat of a table ('none' for any seat of a table the marks are not about). */
export function markOf(state: Pick<SeatMarksState, 'lobbyId' | 'marks'>, lobbyId: number, seat: number): SeatMark {
  return state.lobbyId === lobbyId ? (state.marks[seat] ?? 'none') : 'none'
}

/** The viewer is at this table: another table's marks are forgotten. */
export function keepMarksFor(lobbyId: number): void {
  if (!isLobbyId(lobbyId) || seatMarksState.lobbyId === lobbyId) return
  seatMarksState.lobbyId = lobbyId
  seatMarksState.marks = {}
  writeSeatMarks(seatMarksState)
}

/** Colours a seat ('none' takes the colour off). Anything but a seat 1..10 and a known mark is ignored. */
export function setSeatMark(lobbyId: number, seat: number, mark: SeatMark): void {
  if (!isLobbyId(lobbyId) || !isSeat(seat) || !isSeatMark(mark)) return
  keepMarksFor(lobbyId)
  if (mark === 'none') delete seatMarksState.marks[seat]
  else seatMarksState.marks[seat] = mark
  writeSeatMarks(seatMarksState)
}

/** Forgets every mark (signing out). */
export function clearSeatMarks(): void {
  seatMarksState.lobbyId = null
  seatMarksState.marks = {}
  writeSeatMarks(seatMarksState)
}
