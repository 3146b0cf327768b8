import { Type, type Static } from 'typebox'
import { TournamentPerson, TournamentRound, TournamentStanding } from '../http/tournaments'
import { Done, Id, type RequestEvents, type RequestMap } from './common'

/** A tournament round seated the user at a table: the renderer takes them there (`/mafia/{lobbyId}`). */
export interface TournamentSeated {
  tournamentId: number
  round: number
  table: number
  lobbyId: number
  as: 'player' | 'judge'
}

/** Tournaments one socket follows at once; watching one more stops following the earliest. */
export const tournamentWatchLimit = 5

/** Which tournament a page opens or closes. */
export const TournamentWatch = Type.Object({ id: Id }, { additionalProperties: false })
export type TournamentWatch = Static<typeof TournamentWatch>

/**
 * A tournament's progress as everyone sees it (nothing of it depends on who reads): the registered
 * players, the rounds with their tables and the standings. Sent in answer to `tournaments:watch`,
 * then pushed as `tournaments:updated` whenever it changes.
 */
export const TournamentProgress = Type.Object({
  tournamentId: Type.Integer(),
  players: Type.Array(TournamentPerson),
  rounds: Type.Array(TournamentRound),
  standings: Type.Array(TournamentStanding),
})
export type TournamentProgress = Static<typeof TournamentProgress>

/**
 * The tournament page's requests. `tournaments:watch` answers the progress now and, from then on,
 * the socket hears `tournaments:updated` for that tournament (any signed-in user may, as anyone may
 * read a tournament); an unknown tournament is refused with `errors.not_found`. A reconnected socket
 * watches again. `tournaments:unwatch` stops it (closing the socket does too).
 */
export const tournamentsRequests = {
  'tournaments:watch': { payload: TournamentWatch, result: TournamentProgress },
  'tournaments:unwatch': { payload: TournamentWatch, result: Done },
} satisfies RequestMap

export type TournamentsClientEvents = RequestEvents<typeof tournamentsRequests>

/** Events the tournaments send. */
export interface TournamentsServerEvents {
  'tournaments:seated': (payload: TournamentSeated) => void
  /**
   * To the sockets watching the tournament, on every app server: its progress after a round was
   * seated, a player registered, or a game of its tables started, ended or had its result changed.
   */
  'tournaments:updated': (payload: TournamentProgress) => void
}
