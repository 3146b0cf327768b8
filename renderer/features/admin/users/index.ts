export { AdminUsersScreen } from './AdminUsersScreen'
