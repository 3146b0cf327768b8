import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../lib/app-error'
import { createGroupCommit } from '../../lib/group-commit'
import type { GameModule } from '../game'
import type { LobbiesService } from './lobbies.service'
import type { Matchmaking, Presence } from './matchmaking.service'

/** Who closed a socket: the user (a tab closed, a network lost) or the server itself (shutting down, a ban, a sign-out everywhere). */
export type ClosedBy = 'user' | 'server'

/** A socket of a user opened or closed (by the user; the server's own closes are no drop). */
interface SocketChange {
  userId: number
  connected: boolean
}

/**
 * What the tables make of a user's sockets opening and closing. A seated player's connection at a
 * running game is reported to the game as a `connection` command (the engine counts three minutes
 * from the drop); a ladder search ends with the user's last socket. A socket the server closes
 * itself is not the user's drop, and another open tab, on any app server, keeps them connected.
 *
 * The sockets that open and close meanwhile are handled together: one read of where their users
 * sit, one look at who still has a socket anywhere, one statement taking the gone out of the ladder
 * queue. When many users connect or drop at once (a network blip, a node's clients moving over),
 * that is a few statements, not two per socket.
 */
export function createTableConnections(options: {
  lobbies: Pick<LobbiesService, 'membershipsOf'>
  game: Pick<GameModule, 'command'>
  matchmaking: Pick<Matchmaking, 'disconnected'>
  /** Which of these users have a socket on any app server. */
  connected: Presence
  logger: FastifyBaseLogger
}) {
  const { lobbies, game, matchmaking, connected, logger } = options

  /**
   * Reads and writes what these changes need, and answers the games' `connection` commands under
   * way: the next batch does not wait for a table's queue (one busy table holds up nobody else).
   */
  async function handle(changes: readonly SocketChange[]): Promise<{ told: Promise<unknown> }> {
    const opened = new Set(changes.filter((change) => change.connected).map((change) => change.userId))
    const closing = [...new Set(changes.filter((change) => !change.connected).map((change) => change.userId))]
    const stillConnected = closing.length > 0 ? await connected(closing) : new Set<number>()
    // Where each user stands now: connected when a socket of theirs opened, gone when none is left anywhere.
    const now = new Map<number, boolean>()
    for (const userId of opened) now.set(userId, true)
    const gone = closing.filter((userId) => !stillConnected.has(userId))
    for (const userId of gone) now.set(userId, false)
    if (now.size === 0) return { told: Promise.resolve() }
    const [memberships] = await Promise.all([
      lobbies.membershipsOf([...now.keys()]),
      gone.length > 0 ? matchmaking.disconnected(gone).catch((error: unknown) => logger.error({ err: error, users: gone.length }, 'ladder queue leave failed')) : undefined,
    ])
    const told = Promise.all(
      [...now].map(async ([userId, isConnected]) => {
        const membership = memberships.get(userId)
        if (membership?.role !== 'player' || membership.lobby.status !== 'running') return
        await game.command(membership.lobby.id, 'host', { type: 'connection', user: userId, connected: isConnected }).catch((error: unknown) => {
          // The game refused (it ended meanwhile, the seat is gone): nothing to tell it.
          if (!(error instanceof AppError)) logger.error({ err: error, userId }, 'game connection update failed')
        })
      }),
    )
    return { told }
  }

  // Changes that arrive while a batch is handled wait for it and go together in the next.
  const batches = createGroupCommit<SocketChange, { told: Promise<unknown> }>({
    write: async (changes) => {
      const handled = await handle(changes).catch((error: unknown) => {
        logger.error({ err: error, sockets: changes.length }, 'game connection update failed')
        return { told: Promise.resolve() }
      })
      return changes.map(() => handled)
    },
  })

  /** Handles the change with the others under way; resolves once the game heard of it. */
  async function submit(change: SocketChange): Promise<void> {
    const { told } = await batches.submit(change)
    await told
  }

  return {
    /** A socket of this user opened: at a running game they are connected (again). */
    opened(userId: number): Promise<void> {
      return submit({ userId, connected: true })
    },

    /** A socket of this user closed: unless the server closed it, their drop is reported and their search ends (each only when no other socket of theirs is open). */
    async closed(userId: number, by: ClosedBy): Promise<void> {
      if (by === 'server') return
      await submit({ userId, connected: false })
    },
  }
}

export type TableConnections = ReturnType<typeof createTableConnections>
