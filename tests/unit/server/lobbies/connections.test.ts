import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import type { LobbyRow } from '../../../../db/schema'
import { createTableConnections } from '../../../../server/modules/lobbies/connections.service'
import type { Membership } from '../../../../server/modules/lobbies/lobbies.repository'

/*
 * Sockets that open and close together are handled together: one read of where their users sit,
 * one look at who still has a socket anywhere, one statement taking the gone out of the ladder
 * queue. A seated player at a running game is reported to it; another open tab keeps a user
 * connected; one table slow to answer holds up nobody else.
 */

const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger

function membership(lobbyId: number, status: LobbyRow['status'], role: Membership['role']): Membership {
  return { lobby: { id: lobbyId, status } as LobbyRow, role, seat: role === 'player' ? 1 : null }
}

function setUp(options: { sits: Map<number, Membership>; stillConnected?: Set<number>; slowTable?: number }) {
  const calls = { memberships: [] as number[][], presence: [] as number[][], queueLeft: [] as number[][], commands: [] as Array<{ lobbyId: number; user: number; connected: boolean }> }
  let releaseSlow: () => void = () => undefined
  const slow = new Promise<void>((resolve) => (releaseSlow = resolve))
  const connections = createTableConnections({
    lobbies: {
      membershipsOf: async (userIds) => {
        calls.memberships.push([...userIds])
        return new Map([...options.sits].filter(([userId]) => userIds.includes(userId)))
      },
    },
    game: {
      command: async (lobbyId, _by, payload) => {
        const { user, connected } = payload as { user: number; connected: boolean }
        if (lobbyId === options.slowTable) await slow
        calls.commands.push({ lobbyId, user, connected })
        return 0
      },
    },
    matchmaking: {
      disconnected: async (userIds) => {
        calls.queueLeft.push([...userIds])
      },
    },
    connected: async (userIds) => {
      calls.presence.push([...userIds])
      return new Set(userIds.filter((userId) => options.stillConnected?.has(userId)))
    },
    logger,
  })
  return { connections, calls, releaseSlow }
}

describe('table connections', () => {
  it('fifty users who drop together cost one membership read, one presence look and one queue statement', async () => {
    const sits = new Map<number, Membership>()
    for (let user = 1; user <= 10; user++) sits.set(user, membership(7, 'running', 'player'))
    sits.set(11, membership(7, 'running', 'judge'))
    sits.set(12, membership(8, 'open', 'player'))
    const { connections, calls } = setUp({ sits, stillConnected: new Set([3, 40]) })
    const users = Array.from({ length: 50 }, (_, index) => index + 1)
    await Promise.all(users.map((user) => connections.closed(user, 'user')))
    expect(calls.presence).toEqual([users])
    const gone = users.filter((user) => user !== 3 && user !== 40)
    expect(calls.queueLeft).toEqual([gone])
    expect(calls.memberships).toEqual([gone])
    // Seated players of the running table only, and not the one whose other tab is still open.
    expect(calls.commands.map((command) => command.user).sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10])
    expect(calls.commands.every((command) => command.lobbyId === 7 && !command.connected)).toBe(true)
  })

  it('a socket that opens tells the running game the player is back; a close by the server is no drop', async () => {
    const sits = new Map([[5, membership(9, 'running', 'player')]])
    const { connections, calls } = setUp({ sits })
    await connections.closed(5, 'server')
    expect(calls).toEqual({ memberships: [], presence: [], queueLeft: [], commands: [] })
    await connections.opened(5)
    expect(calls.presence).toEqual([])
    expect(calls.commands).toEqual([{ lobbyId: 9, user: 5, connected: true }])
  })

  it('a tab closed while another opens, in one batch, leaves the player connected', async () => {
    const sits = new Map([[5, membership(9, 'running', 'player')]])
    const { connections, calls } = setUp({ sits, stillConnected: new Set([5]) })
    await Promise.all([connections.closed(5, 'user'), connections.opened(5)])
    expect(calls.queueLeft).toEqual([])
    expect(calls.commands).toEqual([{ lobbyId: 9, user: 5, connected: true }])
  })

  it('a table slow to answer holds up no other user’s drop', async () => {
    const sits = new Map([
      [1, membership(7, 'running', 'player')],
      [2, membership(8, 'running', 'player')],
    ])
    const { connections, calls, releaseSlow } = setUp({ sits, slowTable: 7 })
    let firstTold = false
    const first = connections.closed(1, 'user').then(() => (firstTold = true))
    await new Promise((resolve) => setTimeout(resolve, 10))
    await connections.closed(2, 'user')
    expect(calls.commands).toEqual([{ lobbyId: 8, user: 2, connected: false }])
    expect(firstTold).toBe(false)
    releaseSlow()
    await first
    expect(calls.commands).toContainEqual({ lobbyId: 7, user: 1, connected: false })
  })
})
