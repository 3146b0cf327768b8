import type { FastifyBaseLogger } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../../server/contract/game'
import { ManualClock } from '../../../../server/lib/clock'
import { runningMovesCommit, type GameRepository } from '../../../../server/modules/game/game.repository'
import { createGameHost, type GameHost } from '../../../../server/modules/game/game.service'
import { createGroupCommit } from '../../../../server/lib/group-commit'
import type { Delivery } from '../../../../server/modules/game/streams'
import { Table, userOf } from '../../engine/support/table'

/*
 * The host over the group commit: moves of several tables sent at once are stored in one write and
 * each mover is answered; a move whose events could not be stored is refused, reaches no viewer and
 * leaves its table as it was, so the same move is accepted once the database takes it.
 */

type Row = { lobbyId: number; version: number }

const silent = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger

/** Three judged tables in their first day (seat 1 holds the word), the database in memory behind a group commit set up as the repository sets it up. */
function setUp() {
  const tables = new Map([1, 2, 3].map((lobbyId) => [lobbyId, new Table()]))
  for (const table of tables.values()) table.toFirstDay()
  const stored = new Map([...tables].map(([lobbyId, table]) => [lobbyId, [...table.events]]))
  const writes: Row[][] = []
  /** Tables whose rows the database refuses (a version it already holds). */
  const refused = new Set<number>()
  // As the repository sets it up (game.repository.ts).
  const commit = createGroupCommit<Row[], void>({
    write: async (moves) => {
      const rows = moves.flat()
      writes.push(rows)
      if (rows.some((row) => refused.has(row.lobbyId))) throw new Error('duplicate key value violates unique constraint "game_events_pkey"')
      return moves.map(() => undefined)
    },
    ...runningMovesCommit,
  })
  const repository = {
    status: async (lobbyId: number) => (stored.has(lobbyId) ? 'running' : null),
    events: async (lobbyId: number) => [...(stored.get(lobbyId) ?? [])],
    append: async (lobbyId: number, events: readonly GameEvent[]) => {
      await commit.submit(events.map((event) => ({ lobbyId, version: event.version })))
      stored.get(lobbyId)?.push(...events)
    },
  } as unknown as GameRepository
  const clock = new ManualClock(new Date((tables.get(1) as Table).now))
  const host = createGameHost({ repository, clock, logger: silent, newStreamId: () => 'stream' })
  const pushed: Array<{ lobbyId: number; deliveries: readonly Delivery[] }> = []
  host.onPushes((lobbyId, deliveries) => pushed.push({ lobbyId, deliveries }))
  return { host, stored, writes, refused, pushed }
}

let running: GameHost | null = null
afterEach(async () => {
  await running?.close()
  running = null
})

const speakerSeen = async (host: GameHost, lobbyId: number) => (await host.snapshotOf(lobbyId, userOf(5)))?.view.speaker

describe('the host stores the moves of many tables together', () => {
  it('moves of three tables sent at once go in one write, and each mover is answered and pushed', async () => {
    const { host, writes, pushed, stored } = setUp()
    running = host
    // Each table loaded first, so the three moves reach the database in the same turn.
    for (const lobbyId of [1, 2, 3]) expect(await speakerSeen(host, lobbyId)).toBe(1)
    const versions = [1, 2, 3].map((lobbyId) => stored.get(lobbyId)?.length)
    const answers = await Promise.all([1, 2, 3].map((lobbyId) => host.command(lobbyId, userOf(1), { type: 'end_speech' })))
    expect(answers).toEqual([1, 1, 1])
    expect(writes).toHaveLength(1)
    expect(new Set(writes[0]?.map((row) => row.lobbyId))).toEqual(new Set([1, 2, 3]))
    expect(pushed.map((push) => push.lobbyId).sort()).toEqual([1, 2, 3])
    for (const [index, lobbyId] of [1, 2, 3].entries()) {
      expect(stored.get(lobbyId)?.length).toBeGreaterThan(versions[index] as number)
      expect(await speakerSeen(host, lobbyId)).toBe(2)
    }
  })

  it('a move the database refuses is refused to its sender, reaches nobody and changes nothing; the others of its batch go on', async () => {
    const { host, refused, pushed, stored } = setUp()
    running = host
    for (const lobbyId of [1, 2, 3]) await speakerSeen(host, lobbyId)
    const before = stored.get(2)?.length
    refused.add(2)
    const outcomes = await Promise.allSettled([1, 2, 3].map((lobbyId) => host.command(lobbyId, userOf(1), { type: 'end_speech' })))
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(pushed.map((push) => push.lobbyId).sort()).toEqual([1, 3])
    expect(stored.get(2)?.length).toBe(before)
    // Table 2 stands where it stood: seat 1 still holds the word, and its stream did not move.
    expect(await speakerSeen(host, 2)).toBe(1)
    expect((await host.snapshotOf(2, userOf(1)))?.seq).toBe(0)
    // Once the database takes it, the same move goes through.
    refused.delete(2)
    expect(await host.command(2, userOf(1), { type: 'end_speech' })).toBe(1)
    expect(await speakerSeen(host, 2)).toBe(2)
  })
})
