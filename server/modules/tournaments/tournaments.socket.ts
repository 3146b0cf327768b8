import type { FastifyInstance } from 'fastify'
import { tournamentWatchLimit, tournamentsRequests, type TournamentProgress } from '../../contract/socket/tournaments'
import type { BindRequests } from '../../lib/socket-handler'
import type { AppSocket } from '../../plugins/socket-io'
import type { TournamentsService } from './tournaments.service'

const roomPrefix = 'tournament:'

/** The sockets watching one tournament's page, on every app server. */
export const tournamentRoom = (tournamentId: number) => `${roomPrefix}${tournamentId}`

/** Joins the tournament's room; a socket already at the limit first leaves the tournament it watched earliest. */
async function watch(socket: AppSocket, tournamentId: number): Promise<void> {
  const room = tournamentRoom(tournamentId)
  if (socket.rooms.has(room)) return
  const watched = [...socket.rooms].filter((name) => name.startsWith(roomPrefix))
  for (const earliest of watched.slice(0, Math.max(0, watched.length - tournamentWatchLimit + 1))) await socket.leave(earliest)
  await socket.join(room)
}

/**
 * The tournament page's requests: watching answers the progress now and joins the tournament's
 * room, where `tournaments:updated` arrives from then on; unwatching leaves it.
 */
export function registerTournamentsEvents(service: Pick<TournamentsService, 'progress'>, bindRequests: BindRequests): void {
  bindRequests.everySocket(tournamentsRequests, {
    'tournaments:watch': async ({ socket, payload }) => {
      // Refused for an unknown tournament before the socket joins anything.
      const progress = await service.progress(payload.id)
      await watch(socket, payload.id)
      return progress
    },
    'tournaments:unwatch': async ({ socket, payload }) => {
      await socket.leave(tournamentRoom(payload.id))
      return { ok: true }
    },
  })
}

/** Sends a tournament's progress to its watchers (through the adapter, so every app server's). */
export function progressSender(app: FastifyInstance): (progress: TournamentProgress) => void {
  return (progress) => {
    app.io.to(tournamentRoom(progress.tournamentId)).emit('tournaments:updated', progress)
  }
}
