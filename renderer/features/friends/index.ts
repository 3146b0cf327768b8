export { FriendsScreen } from './FriendsScreen'
