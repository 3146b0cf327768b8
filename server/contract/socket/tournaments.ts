/** A tournament round seated the user at a table: the renderer takes them there (`/mafia/{lobbyId}`). */
export interface TournamentSeated {
  tournamentId: number
  round: number
  table: number
  lobbyId: number
  as: 'player' | 'judge'
}

/** Events the tournaments send. */
export interface TournamentsServerEvents {
  'tournaments:seated': (payload: TournamentSeated) => void
}
