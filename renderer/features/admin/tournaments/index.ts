export { AdminTournamentsScreen } from './AdminTournamentsScreen'
