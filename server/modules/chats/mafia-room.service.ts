import type { MafiaRoom, MafiaRoomMessage } from '../../contract/socket/chats'
import type { GameRecordRoomMessage } from '../../contract/socket/game'
import { forbidden } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import { teamOf, type GameState } from '../game'
import { messageText } from './chats.service'
import type { MafiaRoomRepository, RoomMember } from './mafia-room.repository'

const toMessage = (row: { id: number; lobby_id: number; user_id: number; seat: number | null; text: string; created_at: Date }): MafiaRoomMessage => ({
  id: row.id,
  lobbyId: row.lobby_id,
  userId: row.user_id,
  seat: row.seat,
  text: row.text,
  at: new Date(row.created_at).getTime(),
})

/**
 * Who is in a table's mafia room: the black players dealt at it and its judge. Their partners are
 * exactly what black players learn at the deal, so the room tells nobody anything new.
 */
export function roomMembers(state: GameState): RoomMember[] {
  const black = state.seats.filter((seat) => seat.role !== null && teamOf(seat.role) === 'black').map((seat) => ({ userId: seat.user, seat: seat.seat }))
  return state.judge !== null ? [...black, { userId: state.judge, seat: null }] : black
}

/**
 * The rules of the mafia's room of a game chat: it opens when the zero night starts, with the
 * table's black players and its judge in it, and closes for good when the zero night ends. Only
 * its members write, and only while it is open; every send is checked here, on the server.
 */
export function createMafiaRoomService(options: { repository: MafiaRoomRepository; clock: Clock }) {
  const { repository, clock } = options

  return {
    /** Opens the table's room for the zero night just started; false when it was open before. */
    open(lobbyId: number, members: readonly RoomMember[]): Promise<boolean> {
      return repository.open(lobbyId, members, clock.now())
    },

    /** Closes the table's room; answers its members when it closed now (null when it was not open). */
    close(lobbyId: number): Promise<number[] | null> {
      return repository.close(lobbyId, clock.now())
    },

    /**
     * Stores a message of a member while the room is open. Anyone outside the room is refused
     * errors.not_chat_member whether or not it is open, so a refusal tells an outsider nothing; a
     * member outside the zero night is refused errors.mafia_room_closed.
     */
    async send(userId: number, lobbyId: number, raw: string): Promise<MafiaRoomMessage> {
      const text = messageText(raw, 'message')
      const row = await repository.insertMessage(lobbyId, userId, text, clock.now())
      if (row) return toMessage(row)
      if (!(await repository.isMember(lobbyId, userId))) throw forbidden('errors.not_chat_member')
      throw forbidden('errors.mafia_room_closed')
    },

    /** Whether the table's room is open to this user now: a member, during the zero night. */
    isOpenTo: (userId: number, lobbyId: number): Promise<boolean> => repository.openTo(lobbyId, userId),

    /** The table's room with everything said in it; ask `isOpenTo` first. */
    async room(lobbyId: number): Promise<MafiaRoom> {
      return { lobbyId, messages: (await repository.messages(lobbyId)).map(toMessage) }
    },

    /** Everything said in the table's room, for the game's record (which is refused until the game is over). */
    async record(lobbyId: number): Promise<GameRecordRoomMessage[]> {
      return (await repository.messages(lobbyId)).map((row) => ({ userId: row.user_id, seat: row.seat, text: row.text, at: new Date(row.created_at).getTime() }))
    },
  }
}

export type MafiaRoomService = ReturnType<typeof createMafiaRoomService>
