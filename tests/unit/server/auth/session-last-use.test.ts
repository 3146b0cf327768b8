import { describe, expect, it, vi } from 'vitest'
import type { UserRow } from '../../../../db/schema'
import { ManualClock } from '../../../../server/lib/clock'
import { hashToken } from '../../../../server/lib/ids'
import { createInvalidationHub } from '../../../../server/lib/revocable-cache'
import type { SessionMark, SessionsRepository } from '../../../../server/modules/auth/sessions.repository'
import { createSessionsService } from '../../../../server/modules/auth/sessions.service'

const minute = 60_000

/** Sessions the service reads through a store that records the writes of their last uses. */
function sessionsOf(count: number, clock: ManualClock) {
  const tokens = Array.from({ length: count }, (_, index) => `token-${index}`)
  const byHash = new Map(tokens.map((token, index) => [hashToken(token), index + 1]))
  const writes: SessionMark[][] = []
  // The store's writes finish when the test says so: a request must not wait for them.
  let release: () => void = () => undefined
  let written: Promise<void> = Promise.resolve()
  const holdWrites = () => {
    written = new Promise<void>((resolve) => (release = resolve))
  }
  holdWrites()
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
      await written
      writes.push([...marks])
    },
  } as unknown as SessionsRepository
  return { tokens, writes, releaseWrites: () => release(), holdWrites, service: createSessionsService(repository, clock, undefined, { bus: createInvalidationHub(), lastUseGatherMs: 20 }) }
}

describe('a session’s last use', () => {
  it('is written for every session used meanwhile in one shared write, at most once a minute each, and no request waits for it', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'))
    const { tokens, writes, releaseWrites, holdWrites, service } = sessionsOf(20, clock)
    // Used over several turns of the event loop, within the gathering time.
    const viewers = []
    for (const token of tokens) viewers.push(await service.resolveSession(token, { address: '10.0.0.1' }))
    // Every request was answered while the write had not even started.
    expect(viewers.every((viewer) => viewer !== null)).toBe(true)
    expect(writes).toHaveLength(0)
    releaseWrites()
    await vi.waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]?.map((mark) => mark.sessionId).sort((a, b) => a - b)).toEqual(tokens.map((_, index) => index + 1))
    expect(writes[0]?.every((mark) => mark.address === '10.0.0.1' && mark.at.getTime() === clock.now().getTime())).toBe(true)

    // Within the minute, nothing more; a minute later, one more shared write.
    holdWrites()
    clock.advance(30_000)
    await Promise.all(tokens.map((token) => service.resolveSession(token)))
    clock.advance(30_000)
    await Promise.all(tokens.map((token) => service.resolveSession(token)))
    releaseWrites()
    await vi.waitFor(() => expect(writes).toHaveLength(2))
    expect(writes[1]).toHaveLength(20)
    expect(writes[1]?.every((mark) => mark.at.getTime() === clock.now().getTime())).toBe(true)
  })

  it('goes in writes of at most 25 sessions, so no single write holds the database long', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'))
    const { tokens, writes, releaseWrites, service } = sessionsOf(60, clock)
    await Promise.all(tokens.map((token) => service.resolveSession(token)))
    releaseWrites()
    await vi.waitFor(() => expect(writes.map((write) => write.length)).toEqual([25, 25, 10]))
  })
})
