import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../../db/schema'
import { withTournamentTables, type TournamentsDatabase } from './tournaments.tables'

export interface OrganizationRow {
  id: number
  name: string
  members: { id: number; nickname: string; avatar: string | null }[]
  tournaments: number
}

/** A search taken literally: `%`, `_` and `\` match themselves. */
const literal = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

/** All SQL of organisations and their members. */
export function createOrganizationsRepository(database: Kysely<Database>) {
  const db = withTournamentTables(database)

  const selectOrganizations = (queries: Kysely<TournamentsDatabase>) =>
    queries
      .selectFrom('organizations as o')
      .select([
        'o.id',
        'o.name',
        sql<OrganizationRow['members']>`coalesce((
          select json_agg(json_build_object('id', u.id, 'nickname', u.nickname, 'avatar', u.avatar) order by u.nickname, u.id)
          from organization_members m join users u on u.id = m.user_id
          where m.organization_id = o.id), '[]'::json)`.as('members'),
        sql<number>`(select count(*)::int from tournaments t where t.organization_id = o.id)`.as('tournaments'),
      ])

  return {
    transaction<T>(work: (queries: Transaction<TournamentsDatabase>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work)
    },

    async page(query: { search?: string; offset: number; limit: number }): Promise<{ items: OrganizationRow[]; total: number }> {
      let filtered = db.selectFrom('organizations as o')
      if (query.search !== undefined) filtered = filtered.where(sql<boolean>`o.name ilike ${literal(query.search)} escape '\\'`)
      const total = await filtered.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()
      let rows = selectOrganizations(db)
      if (query.search !== undefined) rows = rows.where(sql<boolean>`o.name ilike ${literal(query.search)} escape '\\'`)
      const items = await rows.orderBy(sql`lower(o.name)`).orderBy('o.id').offset(query.offset).limit(query.limit).execute()
      return { items, total: total.total }
    },

    async find(id: number, queries: Kysely<TournamentsDatabase> = db): Promise<OrganizationRow | undefined> {
      return selectOrganizations(queries).where('o.id', '=', id).executeTakeFirst()
    },

    /** Whether another organisation has this name, without regard to case. */
    async nameTaken(name: string, exceptId: number | null, queries: Kysely<TournamentsDatabase> = db): Promise<boolean> {
      let query = queries.selectFrom('organizations').select('id').where(sql<boolean>`lower(name) = lower(${name})`)
      if (exceptId !== null) query = query.where('id', '<>', exceptId)
      return (await query.executeTakeFirst()) !== undefined
    },

    async insert(name: string, queries: Kysely<TournamentsDatabase>): Promise<number> {
      return (await queries.insertInto('organizations').values({ name }).returning('id').executeTakeFirstOrThrow()).id
    },

    async rename(id: number, name: string, queries: Kysely<TournamentsDatabase>): Promise<void> {
      await queries.updateTable('organizations').set({ name }).where('id', '=', id).execute()
    },

    /** Makes these users the organisation's members, and only them. */
    async setMembers(id: number, userIds: readonly number[], queries: Kysely<TournamentsDatabase>): Promise<void> {
      await queries.deleteFrom('organization_members').where('organization_id', '=', id).execute()
      if (userIds.length > 0) await queries.insertInto('organization_members').values(userIds.map((user_id) => ({ organization_id: id, user_id }))).execute()
    },

    /** Deletes an organisation: its members go with it, its tournaments stay without one. */
    async remove(id: number, queries: Kysely<TournamentsDatabase>): Promise<void> {
      await queries.deleteFrom('organizations').where('id', '=', id).execute()
    },
  }
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>
