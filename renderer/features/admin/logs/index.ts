export { LogsScreen } from './LogsScreen'
export { LogFileScreen } from './LogFileScreen'
