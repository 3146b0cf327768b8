import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { ChatType } from '../../../server/contract/socket/chats'
import { realtimeState } from '../../realtime'
import { chatsState, type ChatEntry } from '../../state/chats'
import { tableState } from '../../state/table'
import { joinGameChat } from './chat-actions'

/**
 * The game chat of the table the viewer is at, or null (not at a table, or not joined yet). It is
 * joined once the socket is up, and again when the chat lists asked at a reconnect left it out.
 * The server decides who may join: a refusal leaves it null.
 */
export function useGameChat(): ChatEntry | null {
  const { connected } = useSnapshot(realtimeState)
  const { current } = useSnapshot(tableState)
  const { chats } = useSnapshot(chatsState)
  const lobbyId = current?.member ? current.id : null
  const chat = lobbyId === null ? undefined : Object.values(chats).find((entry) => entry.type === ChatType.Game && entry.lobbyId === lobbyId)
  const held = chat !== undefined

  useEffect(() => {
    if (!connected || lobbyId === null || held) return
    // A refusal (no longer at the table) shows no game chat; the next connect asks again.
    joinGameChat(lobbyId).catch(() => undefined)
  }, [connected, lobbyId, held])

  return (chat as ChatEntry | undefined) ?? null
}
