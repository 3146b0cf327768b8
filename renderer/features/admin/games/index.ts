export { AdminGamesScreen } from './AdminGamesScreen'
