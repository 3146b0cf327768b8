import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../../server/contract/game'
import { ManualClock } from '../../../../server/lib/clock'
import type { GameRepository } from '../../../../server/modules/game/game.repository'
import { createGameHost } from '../../../../server/modules/game/game.service'
import type { TableCall, TableOwnership } from '../../../../server/modules/game/table-ownership'
import { Table } from '../../engine/support/table'

/*
 * A table call made inside the table's queue (a seat change, a media ticket) while another server
 * holds the lease: when that server does not answer and this one takes the lease, the call runs here,
 * inside the queue it already holds. Queued once more behind itself, it would wait forever, and so
 * would the app server's shutdown.
 */

const silent = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger

function setUp() {
  const table = new Table()
  table.toFirstDay()
  const stored: GameEvent[] = [...table.events]
  const repository = {
    status: async () => 'running',
    events: async () => [...stored],
    append: async () => undefined,
  } as unknown as GameRepository
  const forwarded: TableCall[] = []
  // The other server holds the lease at first; it never answers, and the lease is then this server's.
  let leaseHolder = 'the other server'
  const ownership = {
    node: 'this server',
    ownerOf: async () => leaseHolder,
    forward: async (_owner: string, call: TableCall, retry: () => Promise<unknown>) => {
      forwarded.push(call)
      leaseHolder = 'this server'
      return retry()
    },
    listen: () => undefined,
    start: () => undefined,
    release: () => undefined,
    stopForwarding: () => undefined,
    stop: async () => undefined,
  } as unknown as TableOwnership
  const host = createGameHost({ repository, clock: new ManualClock(new Date(table.now)), logger: silent, newStreamId: () => 'stream', ownership })
  return { host, forwarded }
}

describe('a table call forwarded from inside its queue', () => {
  it('runs here once this server takes the lease, and the server still closes', async () => {
    const { host, forwarded } = setUp()
    const outcome = await Promise.race([
      host.withTable(1, async (handle) => (await handle.state())?.phase),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 2 s'), 2_000)),
    ])
    expect(forwarded.map((call) => call.op)).toEqual(['state'])
    expect(outcome).toBe('day_speech')
    await host.close()
  })
})
