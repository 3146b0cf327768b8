import { sql, type Generated, type Kysely } from 'kysely'
import type { Database, UserRow } from '../../../db/schema'

/** The `media_placements` table (migration 0019-media-placements): the media node holding each table's room. */
interface MediaPlacementsTable {
  lobby_id: number
  node_id: string
  url: string
  placed_at: Generated<Date>
}

/** A table placed on a media node: the node's id and the signalling URL its tickets name. */
export interface StoredPlacement {
  lobbyId: number
  nodeId: string
  url: string
}

type PlacementsDatabase = Database & { media_placements: MediaPlacementsTable }

/** All SQL of the table-media module: the media nodes' server account and the tables' placements. */
export function createTableMediaRepository(database: Kysely<Database>) {
  const db = database as unknown as Kysely<PlacementsDatabase>
  const placementOf = (row: { lobby_id: number; node_id: string; url: string }): StoredPlacement => ({ lobbyId: row.lobby_id, nodeId: row.node_id, url: row.url })
  return {
    async findPlacement(lobbyId: number): Promise<StoredPlacement | undefined> {
      const row = await db.selectFrom('media_placements').select(['lobby_id', 'node_id', 'url']).where('lobby_id', '=', lobbyId).executeTakeFirst()
      return row ? placementOf(row) : undefined
    },

    /**
     * Places the table on a node: a first placement only where the table has none (another app
     * server may have placed it a moment ago), a move only from the node it was on. Answers the
     * placement stored afterwards, whoever wrote it (undefined: the table moved off a node meanwhile).
     */
    async claimPlacement(placement: StoredPlacement, from: string | null): Promise<StoredPlacement | undefined> {
      const values = { lobby_id: placement.lobbyId, node_id: placement.nodeId, url: placement.url }
      const written =
        from === null
          ? await db.insertInto('media_placements').values(values).onConflict((conflict) => conflict.column('lobby_id').doNothing()).returning(['lobby_id', 'node_id', 'url']).executeTakeFirst()
          : await db
              .updateTable('media_placements')
              .set({ node_id: placement.nodeId, url: placement.url, placed_at: new Date() })
              .where('lobby_id', '=', placement.lobbyId)
              .where('node_id', '=', from)
              .returning(['lobby_id', 'node_id', 'url'])
              .executeTakeFirst()
      if (written) return placementOf(written)
      const row = await db.selectFrom('media_placements').select(['lobby_id', 'node_id', 'url']).where('lobby_id', '=', placement.lobbyId).executeTakeFirst()
      return row ? placementOf(row) : undefined
    },

    /** The table leaves the node it was on (for the built-in media server, or because the node failed it). */
    async releasePlacement(lobbyId: number, nodeId: string): Promise<void> {
      await db.deleteFrom('media_placements').where('lobby_id', '=', lobbyId).where('node_id', '=', nodeId).execute()
    },

    /** A node left: none of its tables is on it any more. */
    async releaseNode(nodeId: string): Promise<void> {
      await db.deleteFrom('media_placements').where('node_id', '=', nodeId).execute()
    },

    /** Of these tables, those that ended (disbanded, or nobody left at them) have no placement any more. */
    async releaseEnded(lobbyIds: readonly number[]): Promise<void> {
      if (lobbyIds.length === 0) return
      await db
        .deleteFrom('media_placements')
        .where('lobby_id', 'in', lobbyIds)
        .where((eb) =>
          eb.or([
            eb.exists(eb.selectFrom('lobbies').select('lobbies.id').whereRef('lobbies.id', '=', 'media_placements.lobby_id').where('lobbies.status', '=', 'disbanded')),
            eb.not(eb.exists(eb.selectFrom('lobby_members').select('lobby_members.lobby_id').whereRef('lobby_members.lobby_id', '=', 'media_placements.lobby_id'))),
          ]),
        )
        .execute()
    },

    /** The media node of each of these tables that has one. */
    async placementsOf(lobbyIds: readonly number[]): Promise<Map<number, string>> {
      if (lobbyIds.length === 0) return new Map()
      const rows = await db.selectFrom('media_placements').select(['lobby_id', 'node_id']).where('lobby_id', 'in', lobbyIds).execute()
      return new Map(rows.map((row) => [row.lobby_id, row.node_id]))
    },

    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return database.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst()
    },

    async nicknameTaken(nickname: string): Promise<boolean> {
      return (await database.selectFrom('users').select('id').where(sql<string>`lower(nickname)`, '=', nickname.toLowerCase()).executeTakeFirst()) !== undefined
    },

    async insertServerAccount(account: { nickname: string; email: string; passwordHash: string; referralToken: string; role: number }): Promise<void> {
      await database
        .insertInto('users')
        .values({
          nickname: account.nickname,
          email: account.email,
          password_hash: account.passwordHash,
          role_id: account.role,
          email_confirmation: true,
          admin_confirmation: true,
          referral_token: account.referralToken,
        })
        .execute()
    },

    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await database.updateTable('users').set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: new Date() }).where('id', '=', userId).execute()
    },
  }
}

export type TableMediaRepository = ReturnType<typeof createTableMediaRepository>
