import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { realtimeState } from '../../realtime'
import { mafiaRoomState } from '../../state/chats'
import { tableState } from '../../state/table'
import { loadMafiaRoom } from './chat-actions'

/**
 * The mafia's room of the viewer's table while the server says it is open to them, else null. The
 * room itself comes pushed (`chat:mafia:opened`, `closed`); the table page asks for it once the
 * socket is up during the zero night (a reload, a reconnect), and asks again whenever a room is held
 * (its close may have been missed while the socket was down). The server decides who is in it.
 */
export function useMafiaRoom() {
  const { connected } = useSnapshot(realtimeState)
  const { current } = useSnapshot(tableState)
  const { room } = useSnapshot(mafiaRoomState)
  const lobbyId = current?.id ?? null
  const zeroNight = current?.game?.view.phase === 'zero_night'
  const held = room !== null && room.lobbyId === lobbyId

  useEffect(() => {
    if (!connected || lobbyId === null || !(zeroNight || held)) return
    // No answer: the next connect or push tells.
    loadMafiaRoom(lobbyId).catch(() => undefined)
  }, [connected, lobbyId, zeroNight, held])

  return held ? room : null
}
