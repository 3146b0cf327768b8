import type { Kysely } from 'kysely'
import { adminLimits, type AdminDashboard, type AdminLobby, type AdminUser, type AdminUserUpdate, type AdminUsersQuery, type AuditItem, type AuditQuery } from '../../contract/http/admin'
import { Role } from '../../contract/http/auth'
import type { Lobby } from '../../contract/socket/lobbies'
import type { Database } from '../../../db/schema'
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import type { Viewer } from '../../plugins/auth'
import { toUserView } from '../auth'
import type { AdminRepository, AdminUserRow } from './admin.repository'
import { recordAudit, type AuditRepository } from './audit.repository'

const day = 24 * 60 * 60 * 1000
const iso = (value: Date | string) => new Date(value).toISOString()

export interface AdminServiceDeps {
  db: Kysely<Database>
  repository: AdminRepository
  audit: AuditRepository
  clock: Clock
  /** Stores a ban, ends the user's sessions and disconnects their sockets on every node (the auth module's). */
  banUser(userId: number, reason: string, until: Date, createdBy: number): Promise<void>
  /** Every node forgets what it cached of this user (sessions, card) at once. */
  forgetUser(userId: number): void
  lobbies: {
    list(): Promise<Array<Omit<AdminLobby, 'mediaNode'>>>
    summary(lobbyId: number): Promise<{ status: string } | null>
    join(viewer: Viewer, lobbyId: number): Promise<Lobby>
    watch(viewer: Viewer, lobbyId: number): Promise<Lobby>
    disband(lobbyId: number, notice: () => void): Promise<void>
  }
  /** Where this node placed a table's media room. */
  mediaNodesOf(lobbyIds: readonly number[]): Promise<Map<number, string>>
  /** Tells a disbanded table's members why (to the table's room, on every node). */
  tellTable(lobbyId: number, reason: string): void
  /** Tells every open page the new switches (on every node). */
  broadcastSettings(settings: Array<{ name: string; value: string }>): void
  onlineNow(): Promise<number>
}

/** The rules of the admin panel's core. Every change writes its audit entry, in the change's transaction where it has one. */
export function createAdminService(deps: AdminServiceDeps) {
  const { db, repository, clock } = deps
  const isAdmin = (viewer: Viewer) => viewer.user.role_id === Role.admin

  const present = async (row: AdminUserRow | undefined): Promise<AdminUser> => {
    if (!row) throw notFound()
    const bans = await repository.activeBans([row.id], clock.now())
    return view(row, bans)
  }
  const view = (row: AdminUserRow, bans: ReadonlyArray<{ reason: string; until: Date }>): AdminUser => ({
    ...toUserView(row, bans),
    officialNickname: row.official_nickname,
    lastSeenAt: row.last_seen_at ? iso(row.last_seen_at) : null,
  })
  /** What the audit keeps of a user: the fields the panel changes (never the email's secrets or the password). */
  const auditedUser = (user: AdminUser) => ({ nickname: user.nickname, roleId: user.roleId, emailConfirmation: user.emailConfirmation, adminConfirmation: user.adminConfirmation, bans: user.bans })
  const pageOf = (page: number | undefined, limit: number | undefined) => {
    const size = limit ?? adminLimits.limitDefault
    const number = page ?? 1
    return { number, limit: size, offset: (number - 1) * size }
  }
  const refusePastEnd = (page: { number: number; offset: number }, total: number) => {
    if (page.number > 1 && page.offset >= total) throw badRequest('errors.admin.page_out_of_range', 'page')
  }
  /** A moderator acts on users and moderators only. */
  const mayActOn = (viewer: Viewer, target: { role_id: number }) => {
    if (!isAdmin(viewer) && target.role_id === Role.admin) throw forbidden('errors.admin.admins_only')
  }

  return {
    async users(query: AdminUsersQuery): Promise<{ items: AdminUser[]; total: number }> {
      const page = pageOf(query.page, query.limit)
      const search = query.search?.trim() ?? ''
      const at = clock.now()
      const { rows, total } = await repository.users(
        { search: search === '' ? null : search, role: query.role, banned: query.banned, premium: query.premium, unconfirmed: query.unconfirmed },
        { sort: query.sort ?? 'id', direction: query.order ?? 'desc' },
        page,
        at,
      )
      refusePastEnd(page, total)
      const bans = await repository.activeBans(rows.map((row) => row.id), at)
      return { items: rows.map((row) => view(row, bans.filter((ban) => ban.user_id === row.id))), total }
    },

    user: async (id: number) => present(await repository.user(id)),

    async updateUser(viewer: Viewer, id: number, update: AdminUserUpdate): Promise<AdminUser> {
      if (update.roleId !== undefined && !isAdmin(viewer)) throw forbidden('errors.admin.admins_only')
      const nickname = update.nickname?.trim()
      if (nickname !== undefined && nickname.length === 0) throw badRequest('errors.required', 'nickname')
      const at = clock.now()
      try {
        await db.transaction().execute(async (trx) => {
          const target = await repository.lockUser(trx, id)
          if (!target) throw notFound()
          mayActOn(viewer, target)
          if (update.roleId !== undefined && update.roleId !== Role.admin && target.role_id === Role.admin && (await repository.otherFreeAdmins(trx, id, at)) === 0) {
            throw conflict('errors.admin.last_admin', 'roleId')
          }
          const before = view({ ...target, last_seen_at: null }, await repository.activeBans([id], at, trx))
          const changes = {
            ...(nickname !== undefined ? { nickname } : {}),
            ...(update.emailConfirmation !== undefined ? { email_confirmation: update.emailConfirmation } : {}),
            ...(update.adminConfirmation !== undefined ? { admin_confirmation: update.adminConfirmation } : {}),
            ...(update.roleId !== undefined ? { role_id: update.roleId } : {}),
          }
          await repository.updateUser(trx, id, changes, at)
          const after = view({ ...target, ...changes, last_seen_at: null }, before.bans.map((ban) => ({ reason: ban.reason, until: new Date(ban.time) })))
          await recordAudit(trx, { actorId: viewer.user.id, action: 'user.update', target: { type: 'user', id }, before: auditedUser(before), after: auditedUser(after) })
        })
      } catch (error) {
        if ((error as { code?: unknown }).code === '23505') throw conflict('errors.nickname_taken', 'nickname')
        throw error
      }
      deps.forgetUser(id)
      return present(await repository.user(id))
    },

    /** Bans for `minutes` minutes: the sessions end and the sockets close on every node at once. */
    async ban(viewer: Viewer, id: number, body: { reason: string; time: number }): Promise<AdminUser> {
      const reason = body.reason.trim()
      if (reason.length === 0) throw badRequest('errors.admin.ban_reason_required', 'reason')
      if (reason.length > adminLimits.banReasonMax) throw badRequest('errors.too_long', 'reason')
      if (!Number.isInteger(body.time) || body.time < 1 || body.time > adminLimits.banMinutesMax) throw badRequest('errors.admin.ban_duration', 'time')
      const at = clock.now()
      return this.replaceBans(viewer, id, { reason, until: new Date(at.getTime() + body.time * 60_000) }, 'ban.create')
    },

    /** `bans: []` lifts every ban in force; one ban replaces them with its reason and end. */
    async editBans(viewer: Viewer, id: number, bans: ReadonlyArray<{ reason: string; time: string }>): Promise<AdminUser> {
      const [next] = bans
      if (!next) return this.replaceBans(viewer, id, null, 'ban.lift')
      const reason = next.reason.trim()
      if (reason.length === 0) throw badRequest('errors.admin.ban_reason_required', 'reason')
      if (reason.length > adminLimits.banReasonMax) throw badRequest('errors.too_long', 'reason')
      const until = new Date(next.time)
      const ahead = until.getTime() - clock.now().getTime()
      if (!Number.isFinite(ahead) || ahead <= 0 || ahead > adminLimits.banMinutesMax * 60_000) throw badRequest('errors.admin.ban_duration', 'time')
      return this.replaceBans(viewer, id, { reason, until }, 'ban.update')
    },

    async replaceBans(viewer: Viewer, id: number, ban: { reason: string; until: Date } | null, action: 'ban.create' | 'ban.update' | 'ban.lift'): Promise<AdminUser> {
      if (id === viewer.user.id) throw badRequest('errors.admin.ban_self', 'id')
      const at = clock.now()
      const before = await db.transaction().execute(async (trx) => {
        const target = await repository.lockUser(trx, id)
        if (!target) throw notFound()
        mayActOn(viewer, target)
        if (ban && target.role_id === Role.admin && (await repository.otherFreeAdmins(trx, id, at)) === 0) throw conflict('errors.admin.last_admin', 'id')
        const previous = await repository.activeBans([id], at, trx)
        // An edit replaces the bans in force; a new ban stands beside them (the one ending last counts).
        if (action !== 'ban.create') await repository.liftBans(trx, id, at)
        if (!ban) await recordAudit(trx, { actorId: viewer.user.id, action, target: { type: 'user', id }, before: { bans: previous.map(auditedBan) }, after: { bans: [] } })
        return previous
      })
      if (ban) {
        await deps.banUser(id, ban.reason, ban.until, viewer.user.id)
        await recordAudit(db, { actorId: viewer.user.id, action, target: { type: 'user', id }, before: { bans: before.map(auditedBan) }, after: { bans: [auditedBan(ban)] } })
      } else {
        deps.forgetUser(id)
      }
      return present(await repository.user(id))
    },

    async lobbies(): Promise<{ items: AdminLobby[]; total: number }> {
      const lobbies = await deps.lobbies.list()
      const nodes = await deps.mediaNodesOf(lobbies.map((lobby) => lobby.id))
      const items = lobbies.map((lobby) => ({ ...lobby, mediaNode: nodes.get(lobby.id) ?? null }))
      return { items, total: items.length }
    },

    async joinLobby(viewer: Viewer, lobbyId: number, as: 'join' | 'watch'): Promise<Lobby> {
      const summary = await deps.lobbies.summary(lobbyId)
      if (!summary) throw notFound()
      const lobby = as === 'join' ? await deps.lobbies.join(viewer, lobbyId) : await deps.lobbies.watch(viewer, lobbyId)
      await recordAudit(db, { actorId: viewer.user.id, action: `lobby.${as}`, target: { type: 'lobby', id: lobbyId }, after: { as: lobby.as } })
      return lobby
    },

    async disband(viewer: Viewer, lobbyId: number, rawReason: string): Promise<void> {
      const reason = rawReason.trim()
      if (reason.length === 0) throw badRequest('errors.admin.disband_reason_required', 'reason')
      if (reason.length > adminLimits.disbandReasonMax) throw badRequest('errors.too_long', 'reason')
      const summary = await deps.lobbies.summary(lobbyId)
      if (!summary) throw notFound()
      if (summary.status !== 'open' && summary.status !== 'running') throw conflict('errors.admin.table_not_live', 'id')
      await deps.lobbies.disband(lobbyId, () => deps.tellTable(lobbyId, reason))
      await recordAudit(db, { actorId: viewer.user.id, action: 'lobby.disband', target: { type: 'lobby', id: lobbyId }, before: { status: summary.status }, after: { status: 'disbanded', reason } })
    },

    async dashboard(): Promise<AdminDashboard> {
      const now = clock.now()
      const monthAgo = new Date(now.getTime() - 29 * day)
      monthAgo.setUTCHours(0, 0, 0, 0)
      const [onlineNow, activeLastDay, signups, games, running, openBugReports, settings] = await Promise.all([
        deps.onlineNow(),
        repository.activeUsersSince(new Date(now.getTime() - day)),
        repository.signupsPerDay(monthAgo),
        repository.gamesPerDay(monthAgo),
        repository.runningTables(),
        repository.openBugReports(),
        repository.settings(),
      ])
      const days = Array.from({ length: 30 }, (_, index) => new Date(monthAgo.getTime() + index * day).toISOString().slice(0, 10))
      const series = (rows: Array<{ day: string; count: string }>) => days.map((key) => ({ day: key, count: Number(rows.find((row) => row.day === key)?.count ?? 0) }))
      const perNode = new Map<string, number>()
      const nodes = await deps.mediaNodesOf(running)
      for (const lobbyId of running) {
        const node = nodes.get(lobbyId) ?? 'none'
        perNode.set(node, (perNode.get(node) ?? 0) + 1)
      }
      return {
        onlineNow,
        activeLastDay,
        signups: series(signups),
        games: series(games),
        tablesPerNode: [...perNode].map(([node, tables]) => ({ node, tables })).sort((left, right) => left.node.localeCompare(right.node)),
        openBugReports,
        settings,
      }
    },

    async setSetting(viewer: Viewer, name: string, rawValue: string): Promise<Array<{ name: string; value: string }>> {
      const value = name === 'maintenance_message' ? rawValue.trim() : rawValue.trim().toLowerCase()
      if (name !== 'maintenance_message' && value !== 'true' && value !== 'false') throw badRequest('errors.invalid_value', 'value')
      const settings = await db.transaction().execute(async (trx) => {
        const before = (await repository.settings(trx)).find((setting) => setting.name === name)?.value ?? null
        await repository.setSetting(trx, name, value)
        await recordAudit(trx, { actorId: viewer.user.id, action: 'setting.update', target: { type: 'setting', id: name }, before: { value: before }, after: { value } })
        return repository.settings(trx)
      })
      deps.broadcastSettings(settings)
      return settings
    },

    async audit(query: AuditQuery): Promise<{ items: AuditItem[]; total: number }> {
      const page = pageOf(query.page, query.limit)
      const from = query.from ? new Date(query.from) : undefined
      const to = query.to ? new Date(query.to) : undefined
      if (from && to && to.getTime() < from.getTime()) throw badRequest('errors.admin.date_range', 'to')
      const { items, total } = await deps.audit.list({ actorId: query.actor, action: query.action, targetType: query.targetType, targetId: query.targetId, from, to }, page)
      refusePastEnd(page, total)
      return {
        items: items.map((row) => ({
          id: row.id,
          actor: row.actor_id === null ? null : { id: row.actor_id, nickname: row.actor_nickname },
          action: row.action,
          targetType: row.target_type,
          targetId: row.target_id,
          before: row.before ?? null,
          after: row.after ?? null,
          createdAt: iso(row.created_at),
        })),
        total,
      }
    },
  }
}

const auditedBan = (ban: { reason: string; until: Date }) => ({ reason: ban.reason, until: iso(ban.until) })

export type AdminService = ReturnType<typeof createAdminService>
