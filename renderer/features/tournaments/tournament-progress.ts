import { useEffect, useState } from 'react'
import type { TournamentProgress } from '../../../server/contract/socket/tournaments'
import { currentSocket, registerConnectHook, type AppSocket } from '../../realtime'
import { requestOn } from '../../realtime/requests'

let arrivals = 0

/**
 * The order in which answers about a tournament arrived (the HTTP detail, the socket's progress):
 * a page shows whichever came last, so an older answer never covers a newer one.
 */
export const nextArrival = (): number => ++arrivals

export interface LiveProgress {
  progress: TournamentProgress
  arrival: number
}

/**
 * Follows a tournament's players, rounds and standings while its page is open: watched at once
 * and again on every reconnect (a new connection has joined nothing), then kept from the server's
 * `tournaments:updated` pushes; unwatched when the page closes.
 */
export function useTournamentProgress(id: number): LiveProgress | null {
  const [live, setLive] = useState<LiveProgress | null>(null)

  useEffect(() => {
    let open = true
    let followed: AppSocket | null = null
    const show = (progress: TournamentProgress) => {
      if (open && progress.tournamentId === id) setLive({ progress, arrival: nextArrival() })
    }
    const follow = (socket: AppSocket) => {
      if (followed !== socket) {
        followed?.off('tournaments:updated', show)
        followed = socket
        socket.on('tournaments:updated', show)
      }
      // A page that cannot watch still has the detail it loaded over HTTP.
      requestOn(socket, 'tournaments:watch', { id }).then(show, () => undefined)
    }
    const socket = currentSocket()
    if (socket?.connected) follow(socket)
    const stopFollowing = registerConnectHook(follow)
    return () => {
      open = false
      stopFollowing()
      followed?.off('tournaments:updated', show)
      if (followed?.connected) requestOn(followed, 'tournaments:unwatch', { id }).catch(() => undefined)
    }
  }, [id])

  return live
}
