import type { Logger } from 'pino'
import type { MailTokenRow, UserRow, UserUpdate } from '../../../db/schema'
import type { Config } from '../../config'
import { Role, limits, type Locale, type Session, type User, type AccountSettings } from '../../contract/http/auth'
import { AppError, badRequest, conflict } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import { hashToken, randomToken } from '../../lib/ids'
import type { Viewer } from '../../plugins/auth'
import type { I18nService } from '../i18n'
import type { Mail, Mailer } from '../mail'
import { uniqueViolation, type AuthRepositories, type AuthStore, type MailTokenKind } from './auth.repository'
import { hashPassword, needsRehash, verifyDecoy, verifyPassword } from './passwords'
import { addressKey, createSignInGuard, type SignInThrottle } from './sign-in-guard'
import { startSession, type SessionClient } from './sessions.service'
import { detectImageType, type ImageStore } from './uploads'
import { toUserView } from './user-view'

const hour = 60 * 60 * 1000
const day = 24 * hour

/** How long a mailed link stays valid (the mail texts say so too). */
export const mailTokenLifetime: Record<MailTokenKind, number> = { confirm: 48 * hour, reset: 1 * hour }

export type AccountImage = 'avatar' | 'placeholder'

export interface AuthServiceOptions {
  store: AuthStore
  clock: Clock
  config: Pick<Config, 'publicUrl' | 'accountDeletionDays' | 'adminEmail' | 'adminPassword'>
  mailer: Mailer
  i18n: Pick<I18nService, 'translate'>
  images: ImageStore
  logger: Pick<Logger, 'info' | 'warn' | 'error'>
}

/** A session that was just started, with the ids the socket layer needs to sign out the sessions that ended. */
export interface SessionChange {
  session: Session
  userId: number
  sessionId: number
}

const invalidCredentials = () => new AppError(401, 'errors.invalid_credentials')
const banned = (ban: { reason: string; until: Date }) => new AppError(403, 'errors.banned', { ban: { reason: ban.reason, time: new Date(ban.until).toISOString() } })

/** Trims a nickname and folds runs of spaces, so "  Don   Corleone " and "Don Corleone" are one name. */
export function normalizeNickname(nickname: string): string {
  const normalized = nickname.normalize('NFC').trim().replace(/\s+/g, ' ')
  if (normalized.length < limits.nicknameMin) throw badRequest('errors.too_short', 'nickname')
  return normalized
}

/** Emails are kept in lower case: addresses are case-insensitive in practice, and one spelling avoids look-alike duplicates. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** The account rules: sign-up and confirmation, sign-in with lockout, password reset and change, settings, images, deletion. */
export function createAuthService(options: AuthServiceOptions) {
  const { store, clock, config, mailer, i18n, images, logger } = options
  const { accounts } = store
  const guard = createSignInGuard({ repository: store.signIns, clock })

  /** The user as the contract shows it, with the bans in force now. */
  const present = async (user: UserRow): Promise<User> => toUserView(user, await accounts.activeBans(user.id, clock.now()))

  const refuseIfBanned = async (userId: number) => {
    const [ban] = await accounts.activeBans(userId, clock.now())
    if (ban) throw banned(ban)
  }

  /** Builds a mail in the user's language before any transaction opens (translations are read from the database). */
  async function composeLinkMail(user: { email: string; nickname: string; language: string }, kind: MailTokenKind, token: string): Promise<Mail> {
    const link = `${config.publicUrl}/${kind}/${token}`
    const values = { nickname: user.nickname, link }
    const [subject, text] = await Promise.all([i18n.translate(user.language, `mail.${kind}.subject`, values), i18n.translate(user.language, `mail.${kind}.text`, values)])
    return { to: user.email, subject, text, link }
  }

  /** Stores the hash of a new single-use token, retiring the user's older ones of that kind. */
  async function issueMailToken(repositories: AuthRepositories, userId: number, kind: MailTokenKind, token: string): Promise<void> {
    const now = clock.now()
    await repositories.accounts.lockForUpdate(userId)
    await repositories.accounts.retireMailTokens(userId, kind, now)
    await repositories.accounts.insertMailToken({ userId, kind, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + mailTokenLifetime[kind]) })
  }

  /** The token row of a mailed link, or the reason it cannot be used. Reads only: using it happens in the caller's transaction. */
  async function usableMailToken(token: string, kind: MailTokenKind): Promise<MailTokenRow> {
    const row = await accounts.findMailToken(hashToken(token))
    if (!row || row.kind !== kind) throw new AppError(400, 'errors.token_invalid', { field: 'token' })
    if (row.used_at) throw new AppError(410, 'errors.token_used', { field: 'token' })
    if (new Date(row.expires_at) <= clock.now()) throw new AppError(410, 'errors.token_expired', { field: 'token' })
    return row
  }

  /**
   * The invitation a sign-up names, refused when nobody issued it, or when it is used from an address
   * (an IPv6 client by its /64) its owner's sessions were used from: one person inviting themselves.
   */
  async function checkedInvitation(token: string, address: string | undefined): Promise<string> {
    const inviter = await accounts.inviterOf(token)
    if (!inviter) throw new AppError(400, 'errors.referrals.unknown_token', { field: 'referenceToken' })
    if (address !== undefined && inviter.addresses.some((used) => addressKey(used) === addressKey(address))) {
      throw new AppError(403, 'errors.referrals.own_token', { field: 'referenceToken' })
    }
    return token
  }

  /** Marks a token used inside a transaction; a second request racing with the same link loses here. */
  async function useMailToken(repositories: AuthRepositories, row: MailTokenRow): Promise<void> {
    if (!(await repositories.accounts.useMailToken(row.id, clock.now()))) throw new AppError(410, 'errors.token_used', { field: 'token' })
  }

  /** Turns a unique-index violation (two requests racing for one email or nickname) into the error the earlier check would give. */
  function rethrowUnique(error: unknown): never {
    const which = uniqueViolation(error)
    if (which === 'email') throw conflict('errors.email_taken', 'email')
    if (which === 'nickname') throw conflict('errors.nickname_taken', 'nickname')
    throw error
  }

  async function loadUser(id: number): Promise<UserRow> {
    const user = await accounts.findById(id)
    if (!user) throw new AppError(400, 'errors.token_invalid', { field: 'token' })
    return user
  }

  async function freeAdminNickname(): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const nickname = attempt === 0 ? 'admin' : `admin${attempt + 1}`
      if (!(await accounts.nicknameTaken(nickname))) return nickname
    }
  }

  return {
    present,
    /**
     * The signed-in viewer as the contract shows them, with no query: a session whose user is banned
     * is refused (403) before any route runs, and a ban makes every node forget the user's sessions,
     * so no ban is in force for a viewer.
     */
    presentViewer: (viewer: Viewer): User => toUserView(viewer.user, []),

    /**
     * Sign-in by email and password. Wrong passwords slow down the address that types them (see
     * sign-in-guard.ts), never the owner signing in from an address they used before. The answer
     * for an unknown email is the same as for a wrong password, with the same work behind it.
     */
    async signIn(input: { email: string; password: string } & SessionClient, throttle: SignInThrottle): Promise<SessionChange> {
      const email = normalizeEmail(input.email)
      const user = await accounts.findByEmail(email)
      const attempt = await guard.begin(email, input.address ?? '', user?.id, throttle)
      if (!user) {
        await verifyDecoy(input.password)
        await attempt.failed()
        throw invalidCredentials()
      }
      if (!(await verifyPassword(input.password, user.password_hash))) {
        await attempt.failed()
        throw invalidCredentials()
      }

      await refuseIfBanned(user.id)
      if (!user.email_confirmation) throw new AppError(403, 'errors.email_not_confirmed')
      await attempt.succeeded({ remember: true })

      const current = needsRehash(user.password_hash) ? await accounts.update(user.id, { password_hash: await hashPassword(input.password) }) : user
      const { token, sessionId } = await startSession(store.sessions, user.id, { userAgent: input.userAgent, address: input.address }, clock.now())
      return { session: { token, user: await present(current) }, userId: user.id, sessionId }
    },

    /** Forgets failed sign-ins no one has added to for a day (the hourly purge). */
    forgetOldSignInFailures: () => guard.purge(),

    async signOut(viewer: Viewer): Promise<void> {
      await store.sessions.revoke(viewer.sessionId, clock.now())
    },

    /**
     * Mails a reset link when the email belongs to an account that may sign in. The caller answers
     * the same whatever happens here, so nobody learns whether an email is registered.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await accounts.findByEmail(normalizeEmail(email))
      if (!user) return
      const [ban] = await accounts.activeBans(user.id, clock.now())
      if (ban) return
      const token = randomToken()
      const mail = await composeLinkMail(user, 'reset', token)
      await store.transaction((repositories) => issueMailToken(repositories, user.id, 'reset', token))
      // Sent once the token is committed, so the link works the moment it arrives. If sending
      // fails, the unused token simply expires.
      await mailer.send(mail)
    },

    /**
     * Sets a new password from a reset link and signs in. Every other session ends (whoever knew
     * the old password is out), and the email counts as confirmed: the link proved the inbox.
     */
    async resetPassword(input: { token: string; password: string } & SessionClient): Promise<SessionChange> {
      const row = await usableMailToken(input.token, 'reset')
      const user = await loadUser(row.user_id)
      await refuseIfBanned(user.id)
      const passwordHash = await hashPassword(input.password)
      const now = clock.now()
      const { updated, token, sessionId } = await store.transaction(async (repositories) => {
        await useMailToken(repositories, row)
        await repositories.accounts.retireMailTokens(user.id, 'reset', now)
        await repositories.accounts.retireMailTokens(user.id, 'confirm', now)
        const updated = await repositories.accounts.update(user.id, {
          password_hash: passwordHash,
          email_confirmation: true,
          failed_logins: 0,
          locked_until: null,
          updated_at: now,
        })
        await repositories.sessions.revokeAllOf(user.id, now)
        return { updated, ...(await startSession(repositories.sessions, user.id, { userAgent: input.userAgent, address: input.address }, now)) }
      })
      return { session: { token, user: await present(updated) }, userId: user.id, sessionId }
    },

    /**
     * Creates an unconfirmed account and mails the confirmation link. The user, the link's token and
     * the mail go together: if any fails, nothing is kept and the person can simply try again.
     * The mail goes out after the commit, so the link works the moment it arrives; a mail that
     * cannot be sent removes the account again.
     */
    async signUp(input: { nickname: string; email: string; password: string; language?: Locale; referenceToken?: string; address?: string }): Promise<{ email: string }> {
      const nickname = normalizeNickname(input.nickname)
      const email = normalizeEmail(input.email)
      if (await accounts.emailTaken(email)) throw conflict('errors.email_taken', 'email')
      if (await accounts.nicknameTaken(nickname)) throw conflict('errors.nickname_taken', 'nickname')
      const referenceToken = input.referenceToken ? await checkedInvitation(input.referenceToken, input.address) : null
      const language = input.language ?? 'en'
      const passwordHash = await hashPassword(input.password)
      const token = randomToken()
      const mail = await composeLinkMail({ email, nickname, language }, 'confirm', token)
      const user = await store
        .transaction(async (repositories) => {
          const user = await repositories.accounts.insert({
            nickname,
            email,
            password_hash: passwordHash,
            language,
            reference_token: referenceToken,
            referral_token: randomToken(12),
          })
          await issueMailToken(repositories, user.id, 'confirm', token)
          return user
        })
        .catch(rethrowUnique)
      try {
        await mailer.send(mail)
      } catch (error) {
        await accounts.deleteUnconfirmed(user.id)
        throw error
      }
      return { email }
    },

    /**
     * Confirms the email of a new account from its link. It starts no session: whoever opens the link
     * still signs in with the password, so the link alone (forwarded, or read by whoever registered
     * someone else's address) never opens the account.
     */
    async confirmSignUp(input: { token: string }): Promise<void> {
      const row = await usableMailToken(input.token, 'confirm')
      const user = await loadUser(row.user_id)
      await refuseIfBanned(user.id)
      const now = clock.now()
      await store.transaction(async (repositories) => {
        await useMailToken(repositories, row)
        await repositories.accounts.update(user.id, { email_confirmation: true, updated_at: now })
      })
    },

    settingsOf(viewer: Viewer): AccountSettings {
      const view = toUserView(viewer.user, [])
      return { nickname: view.nickname, email: view.email, language: view.language, avatar: view.avatar, placeholder: view.placeholder, deleteAt: view.deleteAt }
    },

    async saveSettings(viewer: Viewer, settings: { nickname?: string; language?: Locale }): Promise<User> {
      const changes: UserUpdate = {}
      if (settings.nickname !== undefined) {
        const nickname = normalizeNickname(settings.nickname)
        if (nickname !== viewer.user.nickname) {
          if (await accounts.nicknameTaken(nickname, viewer.user.id)) throw conflict('errors.nickname_taken', 'nickname')
          changes.nickname = nickname
        }
      }
      if (settings.language !== undefined && settings.language !== viewer.user.language) changes.language = settings.language
      if (Object.keys(changes).length === 0) return present(viewer.user)
      const updated = await accounts.update(viewer.user.id, { ...changes, updated_at: clock.now() }).catch(rethrowUnique)
      return present(updated)
    },

    /**
     * Changes the password and signs out every other session; the one that asked stays signed in.
     * A wrong current password counts as a failed sign-in from this address (a stolen session
     * cannot guess the password faster than a stranger at the sign-in form).
     */
    async changePassword(viewer: Viewer, input: { currentPassword: string; newPassword: string }, client: { address: string; throttle: SignInThrottle }): Promise<User> {
      const attempt = await guard.begin(normalizeEmail(viewer.user.email), client.address, viewer.user.id, client.throttle)
      if (!(await verifyPassword(input.currentPassword, viewer.user.password_hash))) {
        await attempt.failed()
        throw badRequest('errors.wrong_password', 'currentPassword')
      }
      await attempt.succeeded({ remember: false })
      if (input.newPassword === input.currentPassword) throw badRequest('errors.same_password', 'newPassword')
      const passwordHash = await hashPassword(input.newPassword)
      const now = clock.now()
      const updated = await store.transaction(async (repositories) => {
        const updated = await repositories.accounts.update(viewer.user.id, { password_hash: passwordHash, updated_at: now })
        await repositories.sessions.revokeAllOf(viewer.user.id, now, viewer.sessionId)
        // A reset link mailed before the change must not undo it.
        await repositories.accounts.retireMailTokens(viewer.user.id, 'reset', now)
        return updated
      })
      return present(updated)
    },

    /** Stores an avatar or placeholder image after checking its bytes; the image it replaces is removed. */
    async setImage(viewer: Viewer, kind: AccountImage, bytes: Uint8Array): Promise<User> {
      const type = detectImageType(bytes)
      if (!type) throw new AppError(415, 'errors.file_type', { field: 'file' })
      const path = await images.save(bytes, type)
      let updated: UserRow
      try {
        updated = await accounts.update(viewer.user.id, { [kind]: path, updated_at: clock.now() })
      } catch (error) {
        await images.remove(path)
        throw error
      }
      // The row read with the session may be a moment old, but it is the file this user last had.
      await images.remove(viewer.user[kind]).catch((error: unknown) => logger.warn({ err: error }, 'old account image not removed'))
      return present(updated)
    },

    /** Schedules the account's deletion after the grace period; asking again keeps the first date. */
    async scheduleDeletion(viewer: Viewer): Promise<User> {
      if (viewer.user.delete_at) return present(viewer.user)
      const deleteAt = new Date(clock.now().getTime() + config.accountDeletionDays * day)
      return present(await accounts.update(viewer.user.id, { delete_at: deleteAt, updated_at: clock.now() }))
    },

    async cancelDeletion(viewer: Viewer): Promise<User> {
      if (!viewer.user.delete_at) throw conflict('errors.deletion_not_scheduled')
      return present(await accounts.update(viewer.user.id, { delete_at: null, updated_at: clock.now() }))
    },

    /** Deletes the accounts whose scheduled deletion time has passed, with their images; returns their ids. */
    async purgeDeletedAccounts(): Promise<number[]> {
      const now = clock.now()
      const deleted: number[] = []
      for (const user of await accounts.dueForDeletion(now)) {
        try {
          if (!(await accounts.deleteIfDue(user.id, now))) continue
          deleted.push(user.id)
          await Promise.all([images.remove(user.avatar), images.remove(user.placeholder)])
        } catch (error) {
          // One account that cannot go (another table still refers to it) must not stop the others.
          logger.error({ err: error, userId: user.id }, 'account deletion failed')
        }
      }
      if (deleted.length > 0) logger.info({ deleted: deleted.length }, 'deleted accounts whose deletion was due')
      return deleted
    },

    /**
     * ADMIN_EMAIL/ADMIN_PASSWORD: creates that admin, or promotes the account with that email. An
     * account that never confirmed its email gets ADMIN_PASSWORD, so whoever registered the address
     * before the operator configured it cannot keep a way in.
     */
    async bootstrapAdmin(): Promise<void> {
      if (!config.adminEmail || !config.adminPassword) return
      const email = normalizeEmail(config.adminEmail)
      const now = clock.now()
      const existing = await accounts.findByEmail(email)
      if (!existing) {
        const nickname = await freeAdminNickname()
        await accounts.insert({
          nickname,
          email,
          password_hash: await hashPassword(config.adminPassword),
          role_id: Role.admin,
          email_confirmation: true,
          admin_confirmation: true,
          referral_token: randomToken(12),
        })
        logger.info({ email, nickname }, 'admin account created')
        return
      }
      if (existing.role_id === Role.admin && existing.email_confirmation && existing.admin_confirmation) return
      const changes: UserUpdate = { role_id: Role.admin, email_confirmation: true, admin_confirmation: true, updated_at: now }
      if (!existing.email_confirmation) changes.password_hash = await hashPassword(config.adminPassword)
      await store.transaction(async (repositories) => {
        await repositories.accounts.update(existing.id, changes)
        if (changes.password_hash) {
          await repositories.sessions.revokeAllOf(existing.id, now)
          await repositories.accounts.retireMailTokens(existing.id, 'confirm', now)
        }
      })
      logger.info({ email }, 'account promoted to admin')
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
