export { registerPresenceEvents } from './presence.socket'
export type { PresenceRegistry } from './presence.registry'
