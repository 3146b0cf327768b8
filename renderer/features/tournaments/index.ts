export { TournamentsScreen, Dota2Screen } from './TournamentsScreen'
export { TournamentForm } from './TournamentForm'
export { sendTournament, type SaveTarget } from './tournament-api'
export { UserPicker } from './UserPicker'
