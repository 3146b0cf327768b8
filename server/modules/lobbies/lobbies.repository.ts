import { sql, type Kysely } from 'kysely'
import type { Database, LobbyRow } from '../../../db/schema'
import type { LobbySettings } from '../../contract/game'
import type { UserCard } from '../../contract/socket/common'

export interface MemberRow {
  lobby_id: number
  user_id: number
  role: 'player' | 'judge' | 'spectator'
  seat: number | null
  card: UserCard
}

/** The table a user is at, and how. */
export interface Membership {
  lobby: LobbyRow
  role: MemberRow['role']
  seat: number | null
}

export interface NewLobby {
  name: string
  language: string
  deckId: number
  settings: LobbySettings
  kind: 'custom' | 'ladder'
  creatorId: number | null
}

/** A table's row with one of its members (all null for a table nobody is at). */
type LobbyWithMemberRow = LobbyRow & {
  member_user: number | null
  member_role: MemberRow['role'] | null
  member_seat: number | null
  member_nickname: string | null
  member_official_nickname: string | null
  member_avatar: string | null
  member_is_premium: boolean | null
}

/**
 * A lobby's columns, named one by one in the prepared read of a table with its members: a prepared
 * `l.*` would fail on every connection that prepared it once a column is added (PostgreSQL refuses a
 * cached plan whose result changed), as on a server still running while another migrates. Typed
 * against the row, so a column added to the schema must be added here.
 */
const lobbyColumns = Object.keys({
  id: true,
  name: true,
  language: true,
  deck_id: true,
  settings: true,
  kind: true,
  status: true,
  creator_id: true,
  created_at: true,
  started_at: true,
  ended_at: true,
} satisfies Record<keyof LobbyRow, true>)
  .map((column) => `l.${column}`)
  .join(', ')

/** All SQL of the lobbies module. */
export function createLobbiesRepository(db: Kysely<Database>) {
  const memberQuery = () =>
    db
      .selectFrom('lobby_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.lobby_id', 'm.user_id', 'm.role', 'm.seat', 'u.nickname', 'u.official_nickname', 'u.avatar', 'u.is_premium'])

  type Joined = { lobby_id: number; user_id: number; role: MemberRow['role']; seat: number | null; nickname: string; official_nickname: string | null; avatar: string | null; is_premium: boolean }
  const toMember = (row: Joined): MemberRow => ({
    lobby_id: row.lobby_id,
    user_id: row.user_id,
    role: row.role,
    seat: row.seat,
    card: { id: row.user_id, nickname: row.nickname, officialNickname: row.official_nickname, avatar: row.avatar, isPremium: row.is_premium },
  })

  /** Where each of these users sits (those at no table are left out), in one statement. */
  async function membershipsOf(userIds: readonly number[]): Promise<Map<number, Membership>> {
    if (userIds.length === 0) return new Map()
    const rows = await db
      .selectFrom('lobby_members as m')
      .innerJoin('lobbies as l', 'l.id', 'm.lobby_id')
      .selectAll('l')
      .select(['m.user_id as member_user', 'm.role as member_role', 'm.seat as member_seat'])
      .where('m.user_id', 'in', [...userIds])
      .execute()
    return new Map(rows.map(({ member_user, member_role, member_seat, ...lobby }) => [member_user, { lobby, role: member_role, seat: member_seat }]))
  }

  return {
    /** A new table with its first members (the creator, or the ladder's ten), in one transaction. */
    async create(lobby: NewLobby, members: Array<{ userId: number; role: MemberRow['role']; seat: number | null }>): Promise<LobbyRow> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('lobbies')
          .values({ name: lobby.name, language: lobby.language, deck_id: lobby.deckId, settings: JSON.stringify(lobby.settings), kind: lobby.kind, status: 'open', creator_id: lobby.creatorId })
          .returningAll()
          .executeTakeFirstOrThrow()
        if (members.length > 0) {
          await trx
            .insertInto('lobby_members')
            .values(members.map((member) => ({ lobby_id: row.id, user_id: member.userId, role: member.role, seat: member.seat })))
            .execute()
        }
        return row
      })
    },

    find(lobbyId: number): Promise<LobbyRow | undefined> {
      return db.selectFrom('lobbies').selectAll().where('id', '=', lobbyId).executeTakeFirst()
    },

    /**
     * A table and its members (by seat, then arrival) in one statement, as `find` and `members`
     * answer them: the summaries, the deal and the seat changes read both at once. Prepared (each
     * connection plans it once): every seat change and every game's deal and end read it, and on
     * the embedded database planning it took three times as long as running it.
     */
    async findWithMembers(lobbyId: number): Promise<{ lobby: LobbyRow; members: MemberRow[] } | undefined> {
      const { rows } = await sql<LobbyWithMemberRow>`/* prepared:lobby_with_members */
        select ${sql.raw(lobbyColumns)}, m.user_id as member_user, m.role as member_role, m.seat as member_seat, u.nickname as member_nickname,
          u.official_nickname as member_official_nickname, u.avatar as member_avatar, u.is_premium as member_is_premium
        from lobbies l
        left join lobby_members m on m.lobby_id = l.id
        left join users u on u.id = m.user_id
        where l.id = ${lobbyId}
        order by m.seat, m.joined_at`.execute(db)
      const first = rows[0]
      if (!first) return undefined
      const { member_user: _user, member_role: _role, member_seat: _seat, member_nickname: _nickname, member_official_nickname: _official, member_avatar: _avatar, member_is_premium: _premium, ...lobby } = first
      const members: MemberRow[] = []
      for (const row of rows) {
        // A table nobody is at comes back as one row without a member.
        if (row.member_user === null || row.member_role === null) continue
        members.push(
          toMember({
            lobby_id: lobby.id,
            user_id: row.member_user,
            role: row.member_role,
            seat: row.member_seat,
            nickname: row.member_nickname as string,
            official_nickname: row.member_official_nickname,
            avatar: row.member_avatar,
            is_premium: row.member_is_premium as boolean,
          }),
        )
      }
      return { lobby, members }
    },

    /** Open and running tables, newest first. */
    live(): Promise<LobbyRow[]> {
      return db.selectFrom('lobbies').selectAll().where('status', 'in', ['open', 'running']).orderBy('id', 'desc').execute()
    },

    async members(lobbyIds: number[]): Promise<MemberRow[]> {
      if (lobbyIds.length === 0) return []
      const rows = await memberQuery().where('m.lobby_id', 'in', lobbyIds).orderBy('m.seat').orderBy('m.joined_at').execute()
      return rows.map(toMember)
    },

    membershipsOf,

    /** The table a user is at, if any (a user is at one table at most: the unique index decides). */
    async membershipOf(userId: number): Promise<Membership | undefined> {
      return (await membershipsOf([userId])).get(userId)
    },

    /** Adds a member; false when the user already is at a table (the unique index decides, so no race). */
    async addMember(lobbyId: number, userId: number, role: MemberRow['role'], seat: number | null): Promise<boolean> {
      const inserted = await db
        .insertInto('lobby_members')
        .values({ lobby_id: lobbyId, user_id: userId, role, seat })
        .onConflict((conflict) => conflict.doNothing())
        .returning('user_id')
        .executeTakeFirst()
      return inserted !== undefined
    },

    async removeMember(lobbyId: number, userId: number): Promise<void> {
      await db.deleteFrom('lobby_members').where('lobby_id', '=', lobbyId).where('user_id', '=', userId).execute()
    },

    /** Closes a table: its status changes and everyone leaves, in one transaction. Returns who was there. */
    async disband(lobbyId: number): Promise<number[]> {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('lobbies').set({ status: 'disbanded', ended_at: new Date() }).where('id', '=', lobbyId).execute()
        const rows = await trx.deleteFrom('lobby_members').where('lobby_id', '=', lobbyId).returning('user_id').execute()
        return rows.map((row) => row.user_id)
      })
    },

    /** Finished games a user has played (the newbie tables' limit). */
    async finishedGames(userId: number): Promise<number> {
      const row = await db.selectFrom('game_players').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()
      return row.n
    },

    /** Users who sat at a finished table with this user, most shared games first. */
    async tableMates(userId: number, limit: number): Promise<Array<{ user_id: number; games: number }>> {
      return db
        .selectFrom('game_players as mine')
        .innerJoin('game_players as other', 'other.lobby_id', 'mine.lobby_id')
        .select(['other.user_id', sql<number>`count(*)::int`.as('games')])
        .where('mine.user_id', '=', userId)
        .where('other.user_id', '<>', userId)
        .where('other.user_id', 'is not', null)
        .groupBy('other.user_id')
        .orderBy('games', 'desc')
        .limit(limit)
        .execute() as Promise<Array<{ user_id: number; games: number }>>
    },
  }
}

export type LobbiesRepository = ReturnType<typeof createLobbiesRepository>
