import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock'
import type { BindRequests } from '../../lib/socket-handler'
import { createGameRepository } from './game.repository'
import { createGameHost, type GameHost } from './game.service'
import { fanOutGameEvents, registerGameEvents } from './game.socket'

export { spectatorRoom } from './game.socket'
export { gameError, type GameHost, type HostPayload, type Sender, type TableSource } from './game.service'
export { canSit, viewerOf, viewFor, deckLayout, openMicrophones, type GameState } from './engine'

/** What other modules may use of the game: the table host (its queues, commands and views). */
export type GameModule = GameHost

/**
 * The game over the socket: the table host with its queues and timers, the command event and the
 * per-viewer fan-out. Running tables resume when the app is ready; timers stop when it closes.
 */
export function registerGameModule(app: FastifyInstance, options: { clock: Clock; bindRequests: BindRequests }): GameModule {
  const host = createGameHost({ repository: createGameRepository(app.db), clock: options.clock, logger: app.log })
  fanOutGameEvents(app.io, host)
  registerGameEvents(app, host, options.bindRequests)
  app.addHook('onReady', () => host.resume())
  app.addHook('onClose', () => host.close())
  return host
}
