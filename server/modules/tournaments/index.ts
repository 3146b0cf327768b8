import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock'
import type { BindRequests } from '../../lib/socket-handler'
import { userRoom } from '../../plugins/socket-io'
import type { GameModule } from '../game'
import type { LobbiesModule } from '../lobbies'
import { createOrganizationsRepository } from './organizations.repository'
import { registerOrganizationsRoutes } from './organizations.routes'
import { createOrganizationsService } from './organizations.service'
import { changesProgress, createProgressPushes } from './progress-pushes'
import { createTournamentsRepository } from './tournaments.repository'
import { registerTournamentsRoutes } from './tournaments.routes'
import { createTournamentsService, type TournamentsService } from './tournaments.service'
import { progressSender, registerTournamentsEvents } from './tournaments.socket'

export type { TournamentsService }
export { evennessOf, seatRound, type SeatingEvenness, type SeatingHistory } from './seating'
export { standingsOf } from './standings'
export { tournamentRoom } from './tournaments.socket'
export { withTournamentTables, type TournamentTables } from './tournaments.tables'

export interface TournamentsModuleOptions {
  clock: Clock
  /** Seats a round's tables; a table an admin disbands changes its tournament's progress. */
  lobbies: Pick<LobbiesModule, 'seatTournamentTable' | 'membershipOf' | 'onDisbanded'>
  /** The stored game events: a tournament table's start, end and points reach the tournament's watchers. */
  game: Pick<GameModule, 'onEvents'>
  bindRequests: BindRequests
  publicUrl: string
  dataDir: string
  /** The seating's seeds (tests fix them); random by default. */
  seed?: () => number
}

/**
 * Tournaments over HTTP: the schedule, the organisers' create and edit (images checked by their
 * bytes), registration, rounds seated by the server at tables of the lobbies module (each seated
 * player hears `tournaments:seated`), standings, and the admin panel's CRUD on the same model.
 * Over the socket: a tournament's page watches its progress, pushed as it changes. Admins manage
 * the organisations whose members organise tournaments.
 */
export async function registerTournamentsModule(app: FastifyInstance, options: TournamentsModuleOptions): Promise<TournamentsService> {
  // The pushes read the progress from the service, which tells them of its own changes.
  const pushes = createProgressPushes({ progress: (id) => service.progress(id), send: progressSender(app), logger: app.log })
  const repository = createTournamentsRepository(app.db)
  const service = createTournamentsService({
    repository,
    lobbies: options.lobbies,
    clock: options.clock,
    publicUrl: options.publicUrl,
    uploadsDir: join(options.dataDir, 'uploads'),
    notifySeated: (userId, payload) => app.io.to(userRoom(userId)).emit('tournaments:seated', payload),
    progressChanged: (tournamentId) => pushes.changed(tournamentId),
    ...(options.seed ? { seed: options.seed } : {}),
  })
  const tableChanged = (lobbyId: number) => {
    service.tournamentOfTable(lobbyId).then(
      (tournamentId) => {
        if (tournamentId !== null) pushes.changed(tournamentId)
      },
      (error: unknown) => app.log.warn({ err: error, lobbyId }, 'tournament of a table not found'),
    )
  }
  options.game.onEvents((lobbyId, events) => {
    if (changesProgress(events)) tableChanged(lobbyId)
  })
  // A disband stores no game event, but the table's status changes all the same.
  options.lobbies.onDisbanded(tableChanged)
  app.addHook('onClose', async () => pushes.close())
  registerTournamentsEvents(service, options.bindRequests)
  await registerTournamentsRoutes(app, { service })
  await registerOrganizationsRoutes(app, { service: createOrganizationsService({ repository: createOrganizationsRepository(app.db), existingUsers: (ids) => repository.existingUsers(ids) }) })
  return service
}
