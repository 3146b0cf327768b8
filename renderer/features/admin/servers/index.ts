export { ServersScreen } from './ServersScreen'
