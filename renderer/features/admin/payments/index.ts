export { PaymentsPanel } from './PaymentsPanel'
