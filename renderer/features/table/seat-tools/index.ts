export { SeatMarkBadge } from './SeatMarkBadge'
export { SeatTools, type SeatToolsProps } from './SeatTools'
export { useSeatMark } from './use-seat-mark'
