export { AdminBugReportsScreen } from './AdminBugReportsScreen'
