export { AdminDashboardScreen } from './AdminDashboardScreen'
