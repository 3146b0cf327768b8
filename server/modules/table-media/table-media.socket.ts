import { mediaRequests } from '../../contract/socket/media'
import type { BindRequests } from '../../lib/socket-handler'
import type { TableMediaService } from './table-media.service'

/** `mafia:media:join`: a media ticket for the table the viewer is at. */
export function registerTableMediaEvents(service: TableMediaService, bindRequests: BindRequests): void {
  // A client asks once per (re)connection of its media; a reconnect loop gets refused, not served
  // (its allowance is the contract's, per user).
  bindRequests.everySocket(mediaRequests, {
    'mafia:media:join': async ({ viewer, payload }) => service.ticket(viewer.user.id, payload.id),
  })
}
