import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../../db/schema'

/** One entry of the audit trail as it is written. */
export interface AuditEntry {
  /** The admin or moderator who acted (null for the system itself). */
  actorId: number | null
  /** What was done, a dotted name: 'user.update', 'ban.create', 'lobby.disband', 'setting.update', ... */
  action: string
  /** What it was done to: a kind and its id. */
  target: { type: string; id: string | number | null }
  /** The state before and after the change (plain JSON; leave secrets out). Null when there is none. */
  before?: unknown
  after?: unknown
}

export interface AuditFilter {
  actorId?: number
  action?: string
  targetType?: string
  targetId?: string
  from?: Date
  to?: Date
}

export interface AuditRow {
  id: number
  actor_id: number | null
  actor_nickname: string | null
  action: string
  target_type: string
  target_id: string | null
  before: unknown
  after: unknown
  created_at: Date
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value))

/**
 * Writes one entry of the admin audit trail. Pass the transaction of the change itself so the entry
 * and the change are stored together (or neither).
 */
export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.target.type,
      target_id: entry.target.id === null ? null : String(entry.target.id),
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute()
}

/** All SQL of reading the audit trail. */
export function createAuditRepository(db: Kysely<Database>) {
  const filtered = (filter: AuditFilter) => {
    let query = db.selectFrom('admin_audit')
    if (filter.actorId !== undefined) query = query.where('admin_audit.actor_id', '=', filter.actorId)
    if (filter.action !== undefined) query = query.where('admin_audit.action', '=', filter.action)
    if (filter.targetType !== undefined) query = query.where('admin_audit.target_type', '=', filter.targetType)
    if (filter.targetId !== undefined) query = query.where('admin_audit.target_id', '=', filter.targetId)
    if (filter.from !== undefined) query = query.where('admin_audit.created_at', '>=', filter.from)
    if (filter.to !== undefined) query = query.where('admin_audit.created_at', '<', filter.to)
    return query
  }
  return {
    async list(filter: AuditFilter, page: { offset: number; limit: number }): Promise<{ items: AuditRow[]; total: number }> {
      const [items, count] = await Promise.all([
        filtered(filter)
          .leftJoin('users', 'users.id', 'admin_audit.actor_id')
          .select([
            'admin_audit.id',
            'admin_audit.actor_id',
            'users.nickname as actor_nickname',
            'admin_audit.action',
            'admin_audit.target_type',
            'admin_audit.target_id',
            'admin_audit.before',
            'admin_audit.after',
            'admin_audit.created_at',
          ])
          .orderBy('admin_audit.created_at', 'desc')
          .orderBy('admin_audit.id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        filtered(filter).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      ])
      return { items: items as AuditRow[], total: Number(count.total) }
    },
  }
}
export type AuditRepository = ReturnType<typeof createAuditRepository>
