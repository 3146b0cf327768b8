import { useEffect } from 'react'
import { startTableMedia } from '../../../rtc'
import { openLocalMedia } from './local-media'
import { requestMediaTicket } from './media-ticket'

/**
 * Keeps this browser in the table's media room while the table screen shows a live table (open or
 * running): joins with a fresh ticket, rejoins after drops, and leaves (stopping own camera and
 * microphone) when the screen goes or the table is over.
 */
export function useTableMedia(lobbyId: number, live: boolean): void {
  useEffect(() => {
    if (!live) return
    const handle = startTableMedia({ requestTicket: () => requestMediaTicket(lobbyId), openLocalMedia })
    return () => handle.stop()
  }, [lobbyId, live])
}
