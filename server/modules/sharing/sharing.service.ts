import { shareLink, type NewShareKey, type ShareKeyState } from '../../contract/http/sharing'
import type { UserCard } from '../../contract/socket/common'
import type { Clock } from '../../lib/clock'
import { hashToken, randomToken } from '../../lib/ids'
import type { SharingRepository } from './sharing.repository'

/** Keys are 256-bit random strings; anything far longer is not one, and is not even hashed. */
const keyMaxLength = 128

/**
 * The streamer's share keys. A key grants one thing: watching the streamer's table as a spectator
 * would. It is random, kept only as its SHA-256 (a leaked table opens no page), shown once when
 * made, replaced by regenerating and ended by revoking.
 */
export function createSharingService(options: { repository: SharingRepository; clock: Clock; publicUrl: string }) {
  const { repository, clock, publicUrl } = options

  return {
    async stateOf(userId: number): Promise<ShareKeyState> {
      const row = await repository.find(userId)
      return { active: row !== undefined, createdAt: row ? row.created_at.toISOString() : null }
    },

    /** A new key in place of any old one; the only moment the key itself is known. */
    async create(userId: number): Promise<NewShareKey> {
      const key = randomToken()
      const row = await repository.replace(userId, hashToken(key), clock.now())
      return { key, link: shareLink(publicUrl, key), createdAt: row.created_at.toISOString() }
    },

    /** Ends the user's key; true when there was one. */
    revoke: (userId: number) => repository.remove(userId),

    /** The streamer whose page a key opens; null for an unknown, revoked or replaced key, or a banned streamer. */
    async streamerOf(key: string): Promise<UserCard | null> {
      if (key.length === 0 || key.length > keyMaxLength) return null
      const row = await repository.ownerOf(hashToken(key), clock.now())
      if (!row) return null
      return { id: row.id, nickname: row.nickname, officialNickname: row.official_nickname, avatar: row.avatar, isPremium: row.is_premium }
    },
  }
}

export type SharingService = ReturnType<typeof createSharingService>
