import { sql, type Kysely } from 'kysely'
import { Role } from '../../contract/http/auth'
import type { Database, MailTokenRow, NewUser, UserRow, UserUpdate } from '../../../db/schema'
import { createSessionsRepository, type SessionsRepository } from './sessions.repository'
import { createSignInsRepository, type SignInsRepository } from './sign-ins.repository'

export type MailTokenKind = MailTokenRow['kind']

/** How other users see a person (chats, friends, tables): what their card shows. */
export type UserCardRow = Pick<UserRow, 'id' | 'nickname' | 'official_nickname' | 'avatar' | 'is_premium'>

/** All SQL about accounts: users, their mail tokens, their bans as the account sees them. */
export function createAccountsRepository(db: Kysely<Database>) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** A person's card; undefined for unknown users and server accounts (role 4), who have none. */
    card(id: number): Promise<UserCardRow | undefined> {
      return db.selectFrom('users').select(['id', 'nickname', 'official_nickname', 'avatar', 'is_premium']).where('id', '=', id).where('role_id', '<>', Role.server).executeTakeFirst()
    },

    /** Emails are unique regardless of case (index users_email_lower). */
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst()
    },

    async emailTaken(email: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst()
      return row !== undefined
    },

    /** Nicknames are unique regardless of case (index users_nickname_lower); a user's own nickname is not "taken" for them. */
    async nicknameTaken(nickname: string, exceptUserId?: number): Promise<boolean> {
      let query = db.selectFrom('users').select('id').where(sql<string>`lower(nickname)`, '=', nickname.toLowerCase())
      if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId)
      return (await query.executeTakeFirst()) !== undefined
    },

    async referralTokenExists(token: string): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('referral_token', '=', token).executeTakeFirst()) !== undefined
    },

    /** The owner of an invitation token with the addresses their sessions were used from; undefined when nobody has it. */
    async inviterOf(token: string): Promise<{ id: number; addresses: string[] } | undefined> {
      const rows = await db
        .selectFrom('users')
        .leftJoin('sessions', 'sessions.user_id', 'users.id')
        .select(['users.id', 'sessions.address'])
        .where('users.referral_token', '=', token)
        .execute()
      const first = rows[0]
      if (!first) return undefined
      return { id: first.id, addresses: rows.flatMap((row) => (row.address ? [row.address] : [])) }
    },

    insert(user: NewUser): Promise<UserRow> {
      return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow()
    },

    update(id: number, changes: UserUpdate): Promise<UserRow> {
      return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
    },

    insertBan(ban: { userId: number; reason: string; until: Date; createdBy: number | null }): Promise<unknown> {
      return db.insertInto('bans').values({ user_id: ban.userId, reason: ban.reason, until: ban.until, created_by: ban.createdBy }).execute()
    },

    /** The bans in force at a time, the one that ends last first. */
    activeBans(userId: number, at: Date): Promise<Array<{ reason: string; until: Date }>> {
      return db
        .selectFrom('bans')
        .select(['reason', 'until'])
        .where('user_id', '=', userId)
        .where('lifted_at', 'is', null)
        .where('until', '>', at)
        .orderBy('until', 'desc')
        .execute()
    },

    insertMailToken(token: { userId: number; kind: MailTokenKind; tokenHash: string; expiresAt: Date }): Promise<unknown> {
      return db
        .insertInto('mail_tokens')
        .values({ user_id: token.userId, kind: token.kind, token_hash: token.tokenHash, expires_at: token.expiresAt })
        .execute()
    },

    findMailToken(tokenHash: string): Promise<MailTokenRow | undefined> {
      return db.selectFrom('mail_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
    },

    /** Marks a token used unless it already was; false when another request used it first. */
    async useMailToken(id: number, at: Date): Promise<boolean> {
      const row = await db.updateTable('mail_tokens').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).returning('id').executeTakeFirst()
      return row !== undefined
    },

    /**
     * Holds the user's row until the transaction ends, so two requests issuing links for one user
     * run one after the other and the later one sees, and retires, the earlier one's token.
     */
    lockForUpdate(userId: number): Promise<unknown> {
      return db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
    },

    /** Removes an account that never became usable (its confirmation mail could not be sent). */
    deleteUnconfirmed(id: number): Promise<unknown> {
      return db.deleteFrom('users').where('id', '=', id).where('email_confirmation', '=', false).execute()
    },

    /** Retires every unused token of one kind of a user, so only the newest link works. */
    retireMailTokens(userId: number, kind: MailTokenKind, at: Date): Promise<unknown> {
      return db.updateTable('mail_tokens').set({ used_at: at }).where('user_id', '=', userId).where('kind', '=', kind).where('used_at', 'is', null).execute()
    },

    /** Accounts whose scheduled deletion time has come. */
    dueForDeletion(at: Date): Promise<Array<Pick<UserRow, 'id' | 'avatar' | 'placeholder'>>> {
      return db.selectFrom('users').select(['id', 'avatar', 'placeholder']).where('delete_at', 'is not', null).where('delete_at', '<=', at).orderBy('id').execute()
    },

    /** Deletes an account if its deletion is still due (it may have been cancelled meanwhile); sessions, bans and tokens go with it. */
    async deleteIfDue(id: number, at: Date): Promise<boolean> {
      const row = await db.deleteFrom('users').where('id', '=', id).where('delete_at', 'is not', null).where('delete_at', '<=', at).returning('id').executeTakeFirst()
      return row !== undefined
    },
  }
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>

/** The repositories of the auth module over one connection or one transaction. */
export interface AuthRepositories {
  accounts: AccountsRepository
  sessions: SessionsRepository
}

export interface AuthStore extends AuthRepositories {
  /** Failed sign-ins and familiar addresses: counted outside any transaction, so a refused request still counts. */
  signIns: SignInsRepository
  /** Runs writes that belong together in one transaction: all of them happen, or none. */
  transaction<T>(work: (repositories: AuthRepositories) => Promise<T>): Promise<T>
}

/**
 * A write that makes what caches hold of a user or a session wrong: the user's row changed, was
 * banned or deleted, or all their sessions ended (`userId`); one session ended (`sessionId`).
 */
export type AccountChange = { userId: number } | { sessionId: number }

/**
 * The store of the auth module. `changed` hears of every write that caches must forget (see
 * AccountChange): after the write, and for writes in a transaction after the transaction ends, so
 * a cache that reloads at once never reads the row as it was before.
 */
export function createAuthStore(db: Kysely<Database>, changed: (change: AccountChange) => void = () => {}): AuthStore {
  return {
    ...reportingChanges({ accounts: createAccountsRepository(db), sessions: createSessionsRepository(db) }, changed),
    signIns: createSignInsRepository(db),
    async transaction(work) {
      const pending: AccountChange[] = []
      try {
        return await db.transaction().execute((transaction) => work(reportingChanges({ accounts: createAccountsRepository(transaction), sessions: createSessionsRepository(transaction) }, (change) => pending.push(change))))
      } finally {
        // Also after a rollback: forgetting an entry that did not change costs one reload.
        for (const change of pending) changed(change)
      }
    },
  }
}

/** The repositories, with each write that caches must forget reported to `changed` once it is done. */
function reportingChanges(repositories: AuthRepositories, changed: (change: AccountChange) => void): AuthRepositories {
  const { accounts, sessions } = repositories
  return {
    accounts: {
      ...accounts,
      async update(id, changes) {
        const row = await accounts.update(id, changes)
        changed({ userId: id })
        return row
      },
      async insertBan(ban) {
        const result = await accounts.insertBan(ban)
        changed({ userId: ban.userId })
        return result
      },
      async deleteIfDue(id, at) {
        const deleted = await accounts.deleteIfDue(id, at)
        if (deleted) changed({ userId: id })
        return deleted
      },
    },
    sessions: {
      ...sessions,
      async revoke(sessionId, at) {
        const result = await sessions.revoke(sessionId, at)
        changed({ sessionId })
        return result
      },
      async revokeOwn(userId, sessionId, at) {
        const ended = await sessions.revokeOwn(userId, sessionId, at)
        if (ended) changed({ sessionId })
        return ended
      },
      async revokeAllOf(userId, at, exceptSessionId) {
        const ended = await sessions.revokeAllOf(userId, at, exceptSessionId)
        for (const sessionId of ended) changed({ sessionId })
        return ended
      },
    },
  }
}

/** Which unique index a failed insert or update ran into, when it is one of the account's. */
export function uniqueViolation(error: unknown): 'email' | 'nickname' | 'referral' | null {
  if (typeof error !== 'object' || error === null) return null
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown }
  if (code !== '23505') return null
  const name = `${typeof constraint === 'string' ? constraint : ''} ${typeof message === 'string' ? message : ''}`
  if (name.includes('users_email_lower')) return 'email'
  if (name.includes('users_nickname_lower')) return 'nickname'
  if (name.includes('users_referral_token')) return 'referral'
  return null
}
