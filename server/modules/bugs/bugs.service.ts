import type { Transaction } from 'kysely'
import sharp from 'sharp'
import type { Database } from '../../../db/schema'
import type { BugReport, BugReportPage, BugReportQuery } from '../../contract/http/bugs'
import { bugLimits } from '../../contract/http/bugs'
import type { Clock } from '../../lib/clock'
import { AppError, badRequest, notFound } from '../../lib/app-error'
import { detectImageType } from '../auth'
import type { BugReportRow, BugsRepository } from './bugs.repository'

/** The staff roles: moderators and admins read every report and mark them solved. */
const staffRoles: readonly number[] = [2, 3]

export interface BugReportInput {
  title: string
  text: string
  pageUrl?: string
  appVersion?: string
  platform?: string
  browser?: string
  image?: Buffer
}

export interface Reader {
  id: number
  roleId: number
}

/** Writes one change to the audit trail, in the change's transaction. */
export type AuditWriter = (trx: Transaction<Database>, entry: { actorId: number; action: string; target: { type: string; id: number }; before: unknown; after: unknown }) => Promise<void>

/** The largest side a stored screenshot keeps (a wide screen stays readable); larger ones are scaled down. */
const screenshotMaxSide = 2560
const screenshotMaxPixels = 40_000_000

/**
 * The screenshot decoded and encoded afresh (nothing of the sent file survives but its pixels: no
 * EXIF, no appended bytes), refused unless its bytes are a PNG, JPEG or WebP that decodes.
 */
async function reencodeScreenshot(bytes: Buffer): Promise<{ bytes: Buffer; type: string }> {
  const type = detectImageType(bytes)
  if (!type) throw new AppError(415, 'errors.file_type', { field: 'file' })
  try {
    const image = sharp(bytes, { limitInputPixels: screenshotMaxPixels, animated: false, failOn: 'error' })
      .autoOrient()
      .resize({ width: screenshotMaxSide, height: screenshotMaxSide, fit: 'inside', withoutEnlargement: true })
    const encoded = type.extension === 'png' ? image.png({ compressionLevel: 9 }) : type.extension === 'jpg' ? image.jpeg({ quality: 85, mozjpeg: true }) : image.webp({ quality: 85 })
    return { bytes: await encoded.toBuffer(), type: type.mimeType }
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new AppError(413, 'errors.image_too_large', { field: 'file' })
    throw new AppError(415, 'errors.file_type', { field: 'file' })
  }
}

const context = (value: string | undefined) => {
  const trimmed = value?.trim()
  return trimmed ? trimmed.slice(0, bugLimits.contextMax) : null
}

export function toBugReport(row: BugReportRow): BugReport {
  return {
    id: row.id,
    userId: row.user_id,
    nickname: row.nickname ?? null,
    title: row.title,
    text: row.text,
    pageUrl: row.page_url,
    appVersion: row.app_version,
    platform: row.platform,
    browser: row.browser,
    hasImage: row.has_image,
    is_solved: row.is_solved,
    solvedAt: row.solved_at ? new Date(row.solved_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

export const isStaff = (reader: Reader) => staffRoles.includes(reader.roleId)

/** The rules of bug reports: who files, who reads which, who marks them solved. */
export function createBugsService(options: { repository: BugsRepository; clock: Clock; audit: AuditWriter }) {
  const { repository, clock, audit } = options
  return {
    /** Files a report; title and text are required after trimming, the image is re-encoded first. */
    async create(userId: number, input: BugReportInput): Promise<BugReport> {
      const title = input.title.trim()
      const text = input.text.trim()
      if (!title) throw badRequest('form.validation.required', 'title')
      if (!text) throw badRequest('form.validation.required', 'text')
      if (title.length > bugLimits.titleMax) throw badRequest('errors.too_long', 'title')
      if (text.length > bugLimits.textMax) throw badRequest('errors.too_long', 'text')
      if (title.includes('\0') || text.includes('\0')) throw badRequest('errors.invalid_value', title.includes('\0') ? 'title' : 'text')
      const image = input.image ? await reencodeScreenshot(input.image) : null
      const row = await repository.insert({
        userId,
        title,
        text,
        pageUrl: context(input.pageUrl),
        appVersion: context(input.appVersion),
        platform: context(input.platform),
        browser: context(input.browser),
        image,
      })
      return toBugReport(row)
    },

    /** A user's own reports; staff read everyone's with the filters (or their own with `mine`). */
    async list(reader: Reader, query: BugReportQuery): Promise<BugReportPage> {
      const staff = isStaff(reader)
      const from = query.from === undefined ? undefined : new Date(query.from)
      const to = query.to === undefined ? undefined : new Date(query.to)
      if (from && to && from >= to) throw badRequest('errors.invalid_value', 'to')
      const limit = query.limit ?? bugLimits.itemsPerPageDefault
      const page = query.page ?? 1
      const userId = !staff || query.mine ? reader.id : query.userId
      const { rows, total } = await repository.list({ userId, solved: query.solved, from, to }, { offset: (page - 1) * limit, limit })
      if (page > 1 && rows.length === 0) throw badRequest('errors.page_out_of_range', 'page')
      return { items: rows.map(toBugReport), total }
    },

    /** The screenshot, for its reporter and staff; anyone else is told it does not exist. */
    async image(reader: Reader, id: number): Promise<{ bytes: Buffer; type: string }> {
      const row = await repository.image(id)
      if (!row || (row.user_id !== reader.id && !isStaff(reader)) || !row.image || !row.image_type) throw notFound()
      return { bytes: row.image, type: row.image_type }
    },

    /** Staff only (checked by the route): marks a report solved or open again, with its audit entry. */
    async setSolved(actorId: number, id: number, solved: boolean): Promise<BugReport> {
      return repository.transaction(async (trx) => {
        const before = await repository.setSolved(trx, id, solved, clock.now())
        if (!before) throw notFound()
        const after = await repository.find(id, trx)
        if (!after) throw notFound()
        if (before.is_solved !== solved) {
          await audit(trx, { actorId, action: 'bug.update', target: { type: 'bug_report', id }, before: { is_solved: before.is_solved }, after: { is_solved: solved } })
        }
        return toBugReport(after)
      })
    },
  }
}

export type BugsService = ReturnType<typeof createBugsService>
