import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { GameRepository } from '../../../../server/modules/game/game.repository'
import { createTableOwnership, type TableCall } from '../../../../server/modules/game/table-ownership'
import type { AppServer } from '../../../../server/plugins/socket-io'

/*
 * An owner that lets a table go (nothing of it left in memory) deletes its lease row a moment
 * later. A call that reaches another server in that moment finds the row still naming the owner.
 * The owner answers "not mine" only once the row is gone, so the caller's next claim takes the
 * lease, instead of finding the owner's name again on each of its quick retries and giving up
 * with errors.internal (a player's join refused on a loaded machine).
 */

const silent = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger

type Listener = (message: unknown, ack: (answer: unknown) => void) => void

/** Two app servers' adapters on one bus: a server-side emit reaches the other server and gathers its answers. */
function bus() {
  const listeners: Array<{ server: number; listener: Listener }> = []
  const serverFor = (server: number) =>
    ({
      on: (_event: string, listener: Listener) => listeners.push({ server, listener }),
      serverSideEmit: (_event: string, message: unknown, done: (error: Error | null, answers: unknown[]) => void) => {
        const others = listeners.filter((entry) => entry.server !== server)
        const answers: unknown[] = []
        for (const { listener } of others)
          listener(message, (answer) => {
            answers.push(answer)
            if (answers.length === others.length) done(null, answers)
          })
      },
    }) as unknown as AppServer
  return serverFor
}

/** The lease rows of one table: claimed as the repository claims them; a release waits until `finishRelease`. */
function leases() {
  let holder: string | null = null
  let finishRelease = () => {}
  const repository = {
    claimLease: async (_lobbyId: number, node: string) => {
      if (holder === null || holder === node) holder = node
      return holder
    },
    releaseLease: (_lobbyId: number, node: string) =>
      new Promise<void>((resolve) => {
        finishRelease = () => {
          if (holder === node) holder = null
          resolve()
        }
      }),
  } as unknown as GameRepository
  return { repository, finishRelease: () => finishRelease() }
}

describe('a lease being given up', () => {
  it('is free to the next server once the owner says the table is not its own', async () => {
    const serverFor = bus()
    const rows = leases()
    const owner = createTableOwnership({ io: serverFor(1), repository: rows.repository, logger: silent })
    const other = createTableOwnership({ io: serverFor(2), repository: rows.repository, logger: silent })
    let ownerRuns = true
    owner.listen(async () => (ownerRuns ? { result: 'ran on the owner' } : null))
    other.listen(async () => null)
    expect(await owner.ownerOf(7)).toBe(owner.node)

    // The owner lets the table go; its lease row is still there.
    ownerRuns = false
    owner.release(7)
    const call: TableCall = { op: 'state', lobbyId: 7 }
    expect(await other.ownerOf(7)).toBe(owner.node)
    let settled = false
    const ownerAfterRetry = other.forward(owner.node, call, () => other.ownerOf(7)).finally(() => {
      settled = true
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(settled).toBe(false)

    rows.finishRelease()
    expect(await ownerAfterRetry).toBe(other.node)
  })

  it('is claimed again by its own server only after the release is done', async () => {
    const rows = leases()
    const owner = createTableOwnership({ io: bus()(1), repository: rows.repository, logger: silent })
    expect(await owner.ownerOf(7)).toBe(owner.node)
    owner.release(7)
    let claimed = false
    const again = owner.ownerOf(7).finally(() => {
      claimed = true
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(claimed).toBe(false)
    rows.finishRelease()
    expect(await again).toBe(owner.node)
  })
})
