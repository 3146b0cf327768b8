import type { FastifyBaseLogger } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { defaultLobbySettings, type GameEvent } from '../../../../server/contract/game'
import { ManualClock } from '../../../../server/lib/clock'
import type { GameRepository, TableStatus } from '../../../../server/modules/game/game.repository'
import { createGameHost, gameError, type GameHost } from '../../../../server/modules/game/game.service'
import { judgeUser, userOf } from '../../engine/support/table'

/*
 * What the host reads when it loads a table: a start reads nothing but the table's setup (which
 * refuses a table that is not open), and an open table has not been dealt (the deal stores its first
 * events and marks the lobby running in one statement), so its record is not read; a running
 * table's record is read once and replayed.
 */

const silent = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger

function setUp(status: TableStatus) {
  const stored: GameEvent[] = []
  const reads = { status: 0, events: 0 }
  const repository = {
    status: async () => {
      reads.status += 1
      return stored.length > 0 ? 'running' : status
    },
    events: async () => {
      reads.events += 1
      return [...stored]
    },
    append: async (_lobbyId: number, events: readonly GameEvent[]) => {
      stored.push(...events)
    },
  } as unknown as GameRepository
  const host = createGameHost({ repository, clock: new ManualClock(new Date(1_000_000)), logger: silent, newStreamId: () => 'stream' })
  host.setTableSource({
    setupOf: async () => ({ deckId: 1, settings: { ...defaultLobbySettings }, seats: Array.from({ length: 10 }, (_, index) => userOf(index + 1)), judge: judgeUser }),
    isMember: async () => true,
  })
  return { host, reads, stored }
}

let running: GameHost | null = null
afterEach(async () => {
  await running?.close()
  running = null
})

describe('the host loads a table', () => {
  it('deals at an open table without reading its status or its record, and stores the deal', async () => {
    const { host, reads, stored } = setUp('open')
    running = host
    await host.command(7, judgeUser, { type: 'start' })
    expect(reads).toEqual({ status: 0, events: 0 })
    expect(stored.map((event) => event.type)).toContain('roles_dealt')
    expect((await host.snapshotOf(7, userOf(1)))?.view.you?.seat).toBe(1)
  })

  it('reads a running table’s record once, and goes on from it', async () => {
    const first = setUp('open')
    await first.host.command(7, judgeUser, { type: 'start' })
    await first.host.close()
    // Another host (a restart) over the same record.
    const { host, reads, stored } = setUp('running')
    stored.push(...first.stored)
    running = host
    const before = stored.length
    await host.command(7, judgeUser, { type: 'next' })
    await host.snapshotOf(7, userOf(1))
    expect(reads).toEqual({ status: 1, events: 1 })
    expect(stored.length).toBeGreaterThan(before)
  })
})

describe('a start the table’s setup refuses', () => {
  it('answers the setup’s code, stores nothing and keeps nothing in memory, and the table is read as before afterwards', async () => {
    const { host, reads, stored } = setUp('running')
    running = host
    host.setTableSource({
      setupOf: async () => {
        throw gameError('errors.game.phase')
      },
      isMember: async () => true,
    })
    await expect(host.command(7, judgeUser, { type: 'start' })).rejects.toMatchObject({ code: 'errors.game.phase' })
    expect(stored).toEqual([])
    expect(host.tablesInMemory).toBe(0)
    expect(reads).toEqual({ status: 0, events: 0 })
    // Any other command loads the table from its status and record.
    await expect(host.command(7, judgeUser, { type: 'next' })).rejects.toMatchObject({ code: 'errors.game.phase' })
    expect(reads).toEqual({ status: 1, events: 1 })
  })
})
