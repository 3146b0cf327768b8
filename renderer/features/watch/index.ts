export { WatchScreen } from './WatchScreen'
