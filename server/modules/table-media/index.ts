import type { FastifyInstance } from 'fastify'
import type { BindRequests } from '../../lib/socket-handler'
import type { MediaServer } from '../../media'
import type { GameModule } from '../game'
import { builtinHome } from './builtin-home'
import { createTableMediaService, type MembershipOf } from './table-media.service'
import { registerTableMediaEvents } from './table-media.socket'

export { roomControlOf, type RoomControl } from './microphones'
export { tableRoomId } from './table-media.service'

/**
 * Faces and voices at the table, on the app server's side: media tickets (`mafia:media:join`) for
 * a table's members, and the game driving each table's microphones and speaker in its media room.
 */
export function registerTableMediaModule(
  app: FastifyInstance,
  options: { bindRequests: BindRequests; lobbies: { membershipOf: MembershipOf }; game: GameModule; media: MediaServer },
): void {
  const builtin = builtinHome(options.media)
  const service = createTableMediaService({
    membershipOf: options.lobbies.membershipOf,
    game: options.game,
    placement: {
      place: () => builtin,
      homeOf: () => builtin,
    },
  })
  options.game.onEvents((lobbyId, _events, state) => service.gameChanged(lobbyId, state))
  registerTableMediaEvents(app, service, options.bindRequests)
}
