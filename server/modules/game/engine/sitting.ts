import { newbieGameLimit, type LobbySettings } from '../../../contract/game'

/** Whether a player with this many finished games may sit at a table with these settings. */
export function canSit(settings: Pick<LobbySettings, 'newbie'>, finishedGames: number): boolean {
  return !settings.newbie || finishedGames < newbieGameLimit
}
