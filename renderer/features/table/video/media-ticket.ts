import type { MediaTicket } from '../../../../server/contract/socket/media'
import { currentSocket } from '../../../realtime'
import { RequestError, requestOn } from '../../../realtime/requests'
import { TicketRefused } from '../../../rtc'

/** Codes after which asking again is pointless: this viewer is not (or no longer) at the table. */
const refusals: ReadonlySet<string> = new Set(['errors.lobby.not_member', 'errors.lobby.closed', 'errors.unauthorized', 'errors.forbidden', 'errors.not_found'])

/**
 * A fresh media ticket for a table (`mafia:media:join`). No socket or no answer throws a plain error
 * (the caller tries again later); a refusal throws `TicketRefused` with the translation key.
 */
export async function requestMediaTicket(lobbyId: number): Promise<MediaTicket> {
  const socket = currentSocket()
  // A disconnected socket would hold the request until it reconnects; the caller retries sooner.
  if (!socket?.connected) throw new Error('no realtime connection')
  try {
    return await requestOn(socket, 'mafia:media:join', { id: lobbyId })
  } catch (error) {
    if (error instanceof RequestError && refusals.has(error.code)) throw new TicketRefused(error.code)
    throw new Error(error instanceof RequestError ? error.code : String(error))
  }
}
