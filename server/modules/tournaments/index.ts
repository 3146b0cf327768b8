import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock'
import { userRoom } from '../../plugins/socket-io'
import type { LobbiesModule } from '../lobbies'
import { createTournamentsRepository } from './tournaments.repository'
import { registerTournamentsRoutes } from './tournaments.routes'
import { createTournamentsService, type TournamentsService } from './tournaments.service'

export type { TournamentsService }
export { evennessOf, seatRound, type SeatingEvenness, type SeatingHistory } from './seating'
export { standingsOf } from './standings'
export { withTournamentTables, type TournamentTables } from './tournaments.tables'

export interface TournamentsModuleOptions {
  clock: Clock
  lobbies: Pick<LobbiesModule, 'seatTournamentTable' | 'membershipOf'>
  publicUrl: string
  dataDir: string
  /** The seating's seeds (tests fix them); random by default. */
  seed?: () => number
}

/**
 * Tournaments over HTTP: the schedule, the organisers' create and edit (images checked by their
 * bytes), registration, rounds seated by the server at tables of the lobbies module (each seated
 * player hears `tournaments:seated`), standings, and the admin panel's CRUD on the same model.
 */
export async function registerTournamentsModule(app: FastifyInstance, options: TournamentsModuleOptions): Promise<TournamentsService> {
  const service = createTournamentsService({
    repository: createTournamentsRepository(app.db),
    lobbies: options.lobbies,
    clock: options.clock,
    publicUrl: options.publicUrl,
    uploadsDir: join(options.dataDir, 'uploads'),
    notifySeated: (userId, payload) => app.io.to(userRoom(userId)).emit('tournaments:seated', payload),
    ...(options.seed ? { seed: options.seed } : {}),
  })
  await registerTournamentsRoutes(app, { service })
  return service
}
