export { countOnline, registerPresenceEvents } from './presence.socket'
