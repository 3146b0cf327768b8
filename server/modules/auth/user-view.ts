import type { UserRow } from '../../../db/schema'
import type { Locale, User } from '../../contract/http/auth'
import { isLocale } from '../i18n'

const iso = (value: Date | string) => new Date(value).toISOString()

/** A user row as the contract's User, with the bans in force (reason and end time). */
export function toUserView(user: UserRow, activeBans: ReadonlyArray<{ reason: string; until: Date | string }>): User {
  const language: Locale = isLocale(user.language) ? user.language : 'en'
  return {
    id: user.id,
    nickname: user.nickname,
    email: user.email,
    avatar: user.avatar,
    placeholder: user.placeholder,
    isPremium: user.is_premium,
    roleId: user.role_id,
    emailConfirmation: user.email_confirmation,
    adminConfirmation: user.admin_confirmation,
    bans: activeBans.map((ban) => ({ reason: ban.reason, time: iso(ban.until) })),
    language,
    deleteAt: user.delete_at ? iso(user.delete_at) : null,
    referralToken: user.referral_token,
    createdAt: iso(user.created_at),
  }
}
