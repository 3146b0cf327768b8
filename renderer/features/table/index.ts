export { TableScreen } from './TableScreen'
export { formatClock, mayLeave, seatsTaken, timeLeft } from './table-display'
export { useTimeLeft } from './layout/use-time-left'
