import { describe, expect, it } from 'vitest'
import type { UserRow } from '../../../../db/schema'
import { ManualClock } from '../../../../server/lib/clock'
import { hashToken } from '../../../../server/lib/ids'
import type { SessionMark, SessionsRepository } from '../../../../server/modules/auth/sessions.repository'
import { createSessionsService } from '../../../../server/modules/auth/sessions.service'

const minute = 60_000

/** Sessions the service reads through a store that records the writes of their last uses. */
function sessionsOf(count: number, clock: ManualClock) {
  const tokens = Array.from({ length: count }, (_, index) => `token-${index}`)
  const byHash = new Map(tokens.map((token, index) => [hashToken(token), index + 1]))
  const writes: SessionMark[][] = []
  const repository = {
    async findLive(tokenHash: string) {
      const id = byHash.get(tokenHash)
      if (id === undefined) return undefined
      const at = new Date(clock.now().getTime() - 2 * minute)
      return {
        id: 100 + id,
        nickname: `user${id}`,
        session_id: id,
        session_created_at: at,
        session_last_seen_at: at,
        session_address: null,
        ban_reason: null,
        ban_until: null,
      } as unknown as UserRow & { session_id: number }
    },
    async touchMany(marks: readonly SessionMark[]) {
      writes.push([...marks])
    },
  } as unknown as SessionsRepository
  return { tokens, writes, service: createSessionsService(repository, clock) }
}

describe('a session’s last use', () => {
  it('is written for every session used meanwhile in one shared write, at most once a minute each', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'))
    const { tokens, writes, service } = sessionsOf(20, clock)
    const viewers = await Promise.all(tokens.map((token) => service.resolveSession(token, { address: '10.0.0.1' })))
    expect(viewers.every((viewer) => viewer !== null)).toBe(true)
    expect(writes).toHaveLength(1)
    expect(writes[0]?.map((mark) => mark.sessionId).sort((a, b) => a - b)).toEqual(tokens.map((_, index) => index + 1))
    expect(writes[0]?.every((mark) => mark.address === '10.0.0.1' && mark.at.getTime() === clock.now().getTime())).toBe(true)

    // Within the minute, nothing more; a minute later, one more shared write.
    clock.advance(30_000)
    await Promise.all(tokens.map((token) => service.resolveSession(token)))
    expect(writes).toHaveLength(1)
    clock.advance(30_000)
    await Promise.all(tokens.map((token) => service.resolveSession(token)))
    expect(writes).toHaveLength(2)
    expect(writes[1]).toHaveLength(20)
  })
})
