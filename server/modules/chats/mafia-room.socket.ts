import type { MafiaRoomMessage } from '../../contract/socket/chats'
import { userRoom, type AppServer, type AppSocket } from '../../plugins/socket-io'

/** The socket room of a table's mafia room: every socket of its members while it is open. */
export const mafiaRoomRoom = (lobbyId: number) => `chat:mafia:${lobbyId}`

/**
 * The realtime side of the mafia rooms, on every node through the adapter: the members' sockets
 * join the room when it opens and leave it when it closes, so its messages reach them only.
 */
export function createMafiaRoomBroadcasts(io: AppServer) {
  return {
    /** The room opened: every socket of its members joins it and is told. */
    opened(lobbyId: number, userIds: readonly number[]): void {
      if (userIds.length === 0) return
      const users = userIds.map(userRoom)
      io.in(users).socketsJoin(mafiaRoomRoom(lobbyId))
      // Told through their own rooms: a socket another node is still joining hears it all the same.
      io.to(users).emit('chat:mafia:opened', { lobbyId, messages: [] })
    },

    /** A member's message, to the other sockets in the room (the sender's has its ack). */
    message(sender: AppSocket, message: MafiaRoomMessage): void {
      sender.to(mafiaRoomRoom(message.lobbyId)).emit('chat:mafia:message:new', message)
    },

    /** The room closed: its members are told and every socket leaves it. */
    closed(lobbyId: number, userIds: readonly number[]): void {
      const room = mafiaRoomRoom(lobbyId)
      if (userIds.length > 0) io.to(userIds.map(userRoom)).emit('chat:mafia:closed', { lobbyId })
      io.in(room).socketsLeave(room)
    },
  }
}

export type MafiaRoomBroadcasts = ReturnType<typeof createMafiaRoomBroadcasts>
