import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock'
import type { BindRequests } from '../../lib/socket-handler'
import { createGameRepository } from './game.repository'
import { createGameHost, type GameHost } from './game.service'
import { fanOutPushes, registerGameEvents } from './game.socket'
import { createTableOwnership, type OwnershipTimings } from './table-ownership'

export { spectatorRoom } from './game.socket'
export type { OwnershipTimings } from './table-ownership'
export { gameError, stageOfState, type HostPayload, type MafiaRoomSource, type Sender, type TableHandle, type TableSource } from './game.service'
export { camerasFor, canSit, deckLayout, microphoneControl, openMicrophones, teamOf, viewerOf, type GameState, type MicrophoneControl } from './engine'

declare module 'fastify' {
  interface FastifyInstance {
    /** How many tables this server holds in memory (running ones, and any being worked on now): the admin panel's load figure. */
    gameTables: { inMemory(): number }
  }
}

/**
 * What other modules may use of the game: run work in a table's queue (seat changes, a start),
 * send a command, read a member's or the spectators' view at their stream's position, a finished
 * game's record, where a game stands, and hear of every stored batch of events.
 */
export type GameModule = Pick<
  GameHost,
  'withTable' | 'command' | 'snapshotOf' | 'spectatorSnapshot' | 'spectatorSync' | 'stageOf' | 'setTableSource' | 'setMafiaRoomSource' | 'onEvents' | 'recordOf' | 'tablesInMemory'
>

/**
 * The game over the socket: the table host with its queues and timers, the command, sync and record
 * requests, and each viewer's private stream. Running tables resume when the app is ready; timers
 * stop when it closes. With several app servers, one owner per table (a lease in PostgreSQL).
 */
export function registerGameModule(
  app: FastifyInstance,
  options: { clock: Clock; bindRequests: BindRequests; severalServers: boolean; leases?: OwnershipTimings },
): GameModule {
  const repository = createGameRepository(app.db)
  // Several app servers share the tables: each runs on the holder of its lease.
  const ownership = options.severalServers ? createTableOwnership({ io: app.io, repository, logger: app.log, ...options.leases }) : undefined
  const host = createGameHost({ repository, clock: options.clock, logger: app.log, ownership })
  fanOutPushes(app.io, host)
  app.decorate('gameTables', { inMemory: () => host.tablesInMemory })
  registerGameEvents(host, options.bindRequests)
  app.addHook('onReady', () => host.resume())
  // Before the Socket.IO adapter goes: a table call forwarded through it then would wait for an answer that cannot come.
  if (ownership) app.addHook('preClose', async () => ownership.stopForwarding())
  app.addHook('onClose', () => host.close())
  return host
}
