import type { AuditQuery } from '../../../../server/contract/http/admin'

/** The audit list's filter form as typed: every field a string, empty meaning "any". */
export interface AuditFilterForm {
  /** The acting staff member's user id. */
  actor: string
  /** A dotted action name, exactly: `setting.update`, `ban.create`, ... */
  action: string
  targetType: string
  targetId: string
  /** First day shown, YYYY-MM-DD in the reader's time zone. */
  from: string
  /** Last day shown, YYYY-MM-DD in the reader's time zone (the whole day is included). */
  to: string
}

export const emptyAuditFilter: AuditFilterForm = { actor: '', action: '', targetType: '', targetId: '', from: '', to: '' }

/** Actions the audit trail records today, offered as suggestions (any other name can be typed). */
export const knownAuditActions = [
  'user.update',
  'ban.create',
  'ban.update',
  'ban.lift',
  'lobby.disband',
  'setting.update',
  'payment.refund',
  'bug.update',
  'server.create',
  'server.update',
  'server.delete',
  'tournament.create',
  'tournament.update',
  'tournament.delete',
  'advert.create',
  'advert.update',
  'advert.delete',
  'translation.update',
  'translation.sync_from',
  'translation.sync_to',
] as const

export type AuditFilterResult = { query: Omit<AuditQuery, 'page' | 'limit'> } | { field: keyof AuditFilterForm; error: string }

const maxId = 2_147_483_647

/** Midnight starting a local calendar day `YYYY-MM-DD`, or null when it is no such day. */
function localMidnight(day: string, plusDays = 0): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return null
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const value = new Date(year, month - 1, date + plusDays)
  // 2026-02-31 rolls over to March: not a day the reader picked.
  const check = new Date(year, month - 1, date)
  return check.getFullYear() === year && check.getMonth() === month - 1 && check.getDate() === date ? value : null
}

/**
 * The server's audit query from the form, or the first field that is wrong and the translation key
 * saying why. The date range is whole local days: `to` includes its day (the server's `to` is
 * exclusive, so it is the next midnight).
 */
export function auditQueryOf(form: AuditFilterForm): AuditFilterResult {
  const query: Omit<AuditQuery, 'page' | 'limit'> = {}
  const actor = form.actor.trim()
  if (actor !== '') {
    if (!/^\d+$/.test(actor) || Number(actor) < 1 || Number(actor) > maxId) return { field: 'actor', error: 'adminDashboard.audit.actorInvalid' }
    query.actor = Number(actor)
  }
  const action = form.action.trim()
  if (action !== '') query.action = action
  const targetType = form.targetType.trim()
  if (targetType !== '') query.targetType = targetType
  const targetId = form.targetId.trim()
  if (targetId !== '') query.targetId = targetId
  const from = form.from === '' ? null : localMidnight(form.from)
  if (form.from !== '' && !from) return { field: 'from', error: 'adminDashboard.audit.dateInvalid' }
  const to = form.to === '' ? null : localMidnight(form.to, 1)
  if (form.to !== '' && !to) return { field: 'to', error: 'adminDashboard.audit.dateInvalid' }
  if (from && to && to.getTime() <= from.getTime()) return { field: 'to', error: 'adminDashboard.audit.rangeInvalid' }
  if (from) query.from = from.toISOString()
  if (to) query.to = to.toISOString()
  return { query }
}
