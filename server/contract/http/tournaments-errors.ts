/**
 * The tournaments' refusals (translation keys under `errors.tournaments`): a schedule whose end
 * comes before its start, a registration that closes after the start, registering twice or late,
 * unknown judges, viewers or organisations, a round without enough players or judges, a player
 * still seated at another live table, a call by someone who does not organise the tournament, an
 * organisation's name another one has, and a page past the last.
 */
export const tournamentErrorCodes = [
  'errors.tournaments.end_before_start',
  'errors.tournaments.registration_after_start',
  'errors.tournaments.already_registered',
  'errors.tournaments.registration_closed',
  'errors.tournaments.unknown_user',
  'errors.tournaments.unknown_organization',
  'errors.tournaments.not_organizer',
  'errors.tournaments.too_few_players',
  'errors.tournaments.not_enough_judges',
  'errors.tournaments.player_busy',
  'errors.tournaments.bad_settings',
  'errors.tournaments.too_many_images',
  'errors.tournaments.organization_taken',
  'errors.tournaments.page_out_of_range',
] as const
