import type { Clock } from '../../lib/clock'
import { AppError } from '../../lib/app-error'
import { hashToken, randomToken } from '../../lib/ids'
import type { SessionResolver, Viewer } from '../../plugins/auth'
import type { SessionsRepository } from './sessions.repository'

/** Starts a session and returns its raw token (shown once, never stored); works inside a transaction too. */
export async function startSession(repository: SessionsRepository, userId: number, userAgent: string | null): Promise<{ token: string; sessionId: number }> {
  const token = randomToken()
  const { id } = await repository.create(userId, hashToken(token), userAgent)
  return { token, sessionId: id }
}

/** Sessions: random tokens, stored only as their hash, revocable one by one or all at once. */
export function createSessionsService(repository: SessionsRepository, clock: Clock) {
  const resolveSession: SessionResolver = async (token) => {
    if (token.length > 128) return null
    const now = clock.now()
    const row = await repository.findLive(hashToken(token), now)
    if (!row) return null
    const { session_id: sessionId, ban_reason: banReason, ban_until: banUntil, ...user } = row
    if (banReason !== null && banUntil !== null) {
      // A banned user's sessions end at once; the 403 says why and until when.
      await repository.revokeAllOf(user.id, now)
      throw new AppError(403, 'errors.banned', { ban: { reason: banReason, time: new Date(banUntil).toISOString() } })
    }
    return { user, sessionId, token } satisfies Viewer
  }

  return {
    resolveSession,

    /** Starts a session and returns its raw token (shown once, never stored). */
    start: (userId: number, userAgent: string | null) => startSession(repository, userId, userAgent),

    end: (sessionId: number) => repository.revoke(sessionId, clock.now()),
    endAllOf: (userId: number, exceptSessionId?: number) => repository.revokeAllOf(userId, clock.now(), exceptSessionId),
  }
}

export type SessionsService = ReturnType<typeof createSessionsService>
