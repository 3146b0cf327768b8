export { TableScreen } from './TableScreen'
export { judgeControls, mayLeave, playerControls, timeLeft, visibleRole } from './table-rules'
