import { useEffect } from 'react'
import type { LobbyRole } from '../../../../server/contract/socket/lobbies'
import { startTableMedia } from '../../../rtc'
import { openLocalMedia } from './local-media'
import { requestMediaTicket } from './media-ticket'

/**
 * Keeps this browser in the table's media room while the table screen shows a live table (open or
 * running): joins with a fresh ticket, rejoins after drops, and leaves (stopping own camera and
 * microphone) when the screen goes or the table is over. A viewer who takes a seat after watching
 * (or the other way round) joins again with a ticket for the new place.
 */
export function useTableMedia(lobbyId: number, live: boolean, as: LobbyRole): void {
  useEffect(() => {
    if (!live) return
    const handle = startTableMedia({ requestTicket: () => requestMediaTicket(lobbyId), openLocalMedia })
    return () => handle.stop()
    // `as` only restarts the stay: the ticket the server issues follows the viewer's place.
  }, [lobbyId, live, as])
}
