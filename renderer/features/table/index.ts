export { TableScreen } from './TableScreen'
export { mayLeave, seatsTaken, timeLeft } from './table-display'
