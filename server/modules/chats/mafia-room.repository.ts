import { sql, type Kysely } from 'kysely'
import type { Database, MafiaRoomMessageRow } from '../../../db/schema'

/** Someone in a mafia room: a black seat, or the judge (seat null). */
export interface RoomMember {
  userId: number
  seat: number | null
}

/** All SQL about the mafia rooms of game chats: who is in one, whether it is open, what was said. */
export function createMafiaRoomRepository(db: Kysely<Database>) {
  return {
    /**
     * Opens a table's room with its members, in one transaction. False when the table's room had
     * been opened before (its game has one zero night), and then nothing changes.
     */
    async open(lobbyId: number, members: readonly RoomMember[], at: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const opened = await trx
          .insertInto('mafia_rooms')
          .values({ lobby_id: lobbyId, opened_at: at })
          .onConflict((conflict) => conflict.column('lobby_id').doNothing())
          .returning('lobby_id')
          .executeTakeFirst()
        if (!opened) return false
        if (members.length > 0) {
          await trx
            .insertInto('mafia_room_members')
            .values(members.map((member) => ({ lobby_id: lobbyId, user_id: member.userId, seat: member.seat })))
            .execute()
        }
        return true
      })
    },

    /** Closes a table's room; answers its members when it closed now, null when it was closed already or never opened. */
    async close(lobbyId: number, at: Date): Promise<number[] | null> {
      const closed = await db
        .updateTable('mafia_rooms')
        .set({ closed_at: at })
        .where('lobby_id', '=', lobbyId)
        .where('closed_at', 'is', null)
        .returning('lobby_id')
        .executeTakeFirst()
      if (!closed) return null
      const rows = await db.selectFrom('mafia_room_members').select('user_id').where('lobby_id', '=', lobbyId).execute()
      return rows.map((row) => row.user_id)
    },

    /**
     * Stores a message in one statement that also checks the sender may write: a member of the
     * table's room, the room open, the table's game still running. Undefined when any is not so.
     */
    async insertMessage(lobbyId: number, userId: number, text: string, at: Date): Promise<MafiaRoomMessageRow | undefined> {
      const result = await sql<MafiaRoomMessageRow>`
        insert into mafia_room_messages (lobby_id, user_id, seat, text, created_at)
        select rooms.lobby_id, members.user_id, members.seat, ${text}, ${at}
        from mafia_rooms rooms
        join mafia_room_members members on members.lobby_id = rooms.lobby_id and members.user_id = ${userId}
        join lobbies on lobbies.id = rooms.lobby_id and lobbies.status = 'running'
        where rooms.lobby_id = ${lobbyId} and rooms.closed_at is null
        returning id, lobby_id, user_id, seat, text, created_at`.execute(db)
      return result.rows[0]
    },

    /** Whether the user is in the table's room (open or closed). */
    async isMember(lobbyId: number, userId: number): Promise<boolean> {
      const row = await db.selectFrom('mafia_room_members').select('user_id').where('lobby_id', '=', lobbyId).where('user_id', '=', userId).executeTakeFirst()
      return row !== undefined
    },

    /** Whether the table's room is open to this member now (the room open, the game running). */
    async openTo(lobbyId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('mafia_rooms')
        .innerJoin('mafia_room_members', (join) => join.onRef('mafia_room_members.lobby_id', '=', 'mafia_rooms.lobby_id').on('mafia_room_members.user_id', '=', userId))
        .innerJoin('lobbies', 'lobbies.id', 'mafia_rooms.lobby_id')
        .select('mafia_rooms.lobby_id')
        .where('mafia_rooms.lobby_id', '=', lobbyId)
        .where('mafia_rooms.closed_at', 'is', null)
        .where('lobbies.status', '=', 'running')
        .executeTakeFirst()
      return row !== undefined
    },

    /** Everything said in the table's room, oldest first. */
    messages(lobbyId: number): Promise<MafiaRoomMessageRow[]> {
      return db.selectFrom('mafia_room_messages').selectAll().where('lobby_id', '=', lobbyId).orderBy('id').execute()
    },
  }
}

export type MafiaRoomRepository = ReturnType<typeof createMafiaRoomRepository>
