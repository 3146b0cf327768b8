import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../../db/schema'

export interface NewBugReport {
  userId: number
  title: string
  text: string
  pageUrl: string | null
  appVersion: string | null
  platform: string | null
  browser: string | null
  image: { bytes: Buffer; type: string } | null
}

export interface BugReportFilter {
  /** Only this reporter's reports (a user's own list, or staff filtering by reporter). */
  userId?: number
  solved?: boolean
  from?: Date
  to?: Date
}

const columns = [
  'b.id',
  'b.user_id',
  'u.nickname',
  'b.title',
  'b.text',
  'b.page_url',
  'b.app_version',
  'b.platform',
  'b.browser',
  'b.is_solved',
  'b.solved_at',
  'b.created_at',
] as const

/** All SQL of bug reports. */
export function createBugsRepository(db: Kysely<Database>) {
  const selectReports = (executor: Kysely<Database> | Transaction<Database>) =>
    executor
      .selectFrom('bug_reports as b')
      .leftJoin('users as u', 'u.id', 'b.user_id')
      .select(columns)
      .select(sql<boolean>`b.image is not null`.as('has_image'))

  return {
    async insert(report: NewBugReport) {
      const { id } = await db
        .insertInto('bug_reports')
        .values({
          user_id: report.userId,
          title: report.title,
          text: report.text,
          page_url: report.pageUrl,
          app_version: report.appVersion,
          platform: report.platform,
          browser: report.browser,
          image: report.image?.bytes ?? null,
          image_type: report.image?.type ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return (await selectReports(db).where('b.id', '=', id).executeTakeFirstOrThrow())
    },

    find(id: number, executor: Kysely<Database> | Transaction<Database> = db) {
      return selectReports(executor).where('b.id', '=', id).executeTakeFirst()
    },

    async list(filter: BugReportFilter, page: { offset: number; limit: number }) {
      let query = db.selectFrom('bug_reports as b')
      if (filter.userId !== undefined) query = query.where('b.user_id', '=', filter.userId)
      if (filter.solved !== undefined) query = query.where('b.is_solved', '=', filter.solved)
      if (filter.from !== undefined) query = query.where('b.created_at', '>=', filter.from)
      if (filter.to !== undefined) query = query.where('b.created_at', '<', filter.to)
      const [rows, count] = await Promise.all([
        query
          .leftJoin('users as u', 'u.id', 'b.user_id')
          .select(columns)
          .select(sql<boolean>`b.image is not null`.as('has_image'))
          .orderBy('b.created_at', 'desc')
          .orderBy('b.id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      ])
      return { rows, total: Number(count.total) }
    },

    image(id: number) {
      return db.selectFrom('bug_reports').select(['user_id', 'image', 'image_type']).where('id', '=', id).executeTakeFirst()
    },

    /** Sets the solved state in the transaction `trx`; returns the report before the change, or undefined for an unknown id. */
    async setSolved(trx: Transaction<Database>, id: number, solved: boolean, at: Date) {
      // The row is locked first, so two staff members toggling at once are written one after the other.
      const locked = await trx.selectFrom('bug_reports').select('id').where('id', '=', id).forUpdate().executeTakeFirst()
      if (!locked) return undefined
      const before = await selectReports(trx).where('b.id', '=', id).executeTakeFirst()
      if (!before) return undefined
      if (before.is_solved !== solved) {
        await trx.updateTable('bug_reports').set({ is_solved: solved, solved_at: solved ? at : null }).where('id', '=', id).execute()
      }
      return before
    },

    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(work),
  }
}

export type BugsRepository = ReturnType<typeof createBugsRepository>
export type BugReportRow = NonNullable<Awaited<ReturnType<BugsRepository['find']>>>
