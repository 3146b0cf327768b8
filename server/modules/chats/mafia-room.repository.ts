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
     * Opens a table's room with its members, in one statement (a room and its members are written
     * together or not at all). False when the table's room had been opened before (its game has one
     * zero night), and then nothing changes. Prepared (each connection plans it once), as is `close`:
     * every game opens and closes its room, and planning took longer than running.
     */
    async open(lobbyId: number, members: readonly RoomMember[], at: Date): Promise<boolean> {
      const result = await sql<{ opened: number }>`/* prepared:mafia_room_open */
        with opened as (
          insert into mafia_rooms (lobby_id, opened_at) values (${lobbyId}, ${at})
          on conflict (lobby_id) do nothing
          returning lobby_id),
        joined as (
          insert into mafia_room_members (lobby_id, user_id, seat)
          select opened.lobby_id, member.user_id, member.seat
          from opened cross join unnest(${members.map((member) => member.userId)}::integer[], ${members.map((member) => member.seat)}::integer[]) as member (user_id, seat)
          returning 1)
        select count(*)::integer as opened from opened`.execute(db)
      return (result.rows[0]?.opened ?? 0) > 0
    },

    /**
     * Closes a table's room and answers its members when it closed now, in one statement; null when
     * it was closed already or never opened.
     */
    async close(lobbyId: number, at: Date): Promise<number[] | null> {
      const result = await sql<{ user_id: number | null }>`/* prepared:mafia_room_close */
        with closed as (
          update mafia_rooms set closed_at = ${at}
          where lobby_id = ${lobbyId} and closed_at is null
          returning lobby_id)
        select members.user_id from closed
        left join mafia_room_members members on members.lobby_id = closed.lobby_id`.execute(db)
      if (result.rows.length === 0) return null
      return result.rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id]))
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
