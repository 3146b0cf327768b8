export { AdminAdvertisingScreen } from './AdminAdvertisingScreen'
