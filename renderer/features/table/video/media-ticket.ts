import type { MediaTicket } from '../../../../server/contract/socket/media'
import { currentSocket } from '../../../realtime'
import { TicketRefused } from '../../../rtc'

const ticketTimeoutMs = 10_000

/** Codes after which asking again is pointless: this viewer is not (or no longer) at the table. */
const refusals: ReadonlySet<string> = new Set(['errors.lobby.not_member', 'errors.lobby.closed', 'errors.unauthorized', 'errors.forbidden', 'errors.not_found'])

/**
 * A fresh media ticket for a table (`mafia:media:join`). No socket or no answer throws a plain error
 * (the caller tries again later); a refusal throws `TicketRefused` with the translation key.
 */
export async function requestMediaTicket(lobbyId: number): Promise<MediaTicket> {
  const socket = currentSocket()
  if (!socket?.connected) throw new Error('no realtime connection')
  const answer = (await socket.timeout(ticketTimeoutMs).emitWithAck('mafia:media:join', { id: lobbyId })) as MediaTicket | { error: string }
  if ('error' in answer) {
    if (refusals.has(answer.error)) throw new TicketRefused(answer.error)
    throw new Error(answer.error)
  }
  return answer
}
