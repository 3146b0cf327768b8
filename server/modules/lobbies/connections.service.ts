import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../lib/app-error'
import type { GameModule } from '../game'
import type { LobbiesService } from './lobbies.service'
import type { Matchmaking, Presence } from './matchmaking.service'

/** Who closed a socket: the user (a tab closed, a network lost) or the server itself (shutting down, a ban, a sign-out everywhere). */
export type ClosedBy = 'user' | 'server'

/**
 * What the tables make of a user's sockets opening and closing. A seated player's connection at a
 * running game is reported to the game as a `connection` command (the engine counts three minutes
 * from the drop); a ladder search ends with the user's last socket. A socket the server closes
 * itself is not the user's drop, and another open tab, on any app server, keeps them connected.
 */
export function createTableConnections(options: {
  lobbies: Pick<LobbiesService, 'membershipOf'>
  game: Pick<GameModule, 'command'>
  matchmaking: Pick<Matchmaking, 'disconnected'>
  /** Which of these users have a socket on any app server. */
  connected: Presence
  logger: FastifyBaseLogger
}) {
  const { lobbies, game, matchmaking, connected, logger } = options

  async function report(userId: number, isConnected: boolean): Promise<void> {
    const membership = await lobbies.membershipOf(userId)
    if (!membership || membership.role !== 'player' || membership.lobby.status !== 'running') return
    if (!isConnected && (await connected([userId])).has(userId)) return
    await game.command(membership.lobby.id, 'host', { type: 'connection', user: userId, connected: isConnected }).catch((error: unknown) => {
      // The game refused (it ended meanwhile, the seat is gone): nothing to tell it.
      if (!(error instanceof AppError)) throw error
    })
  }

  const reported = (userId: number, isConnected: boolean) =>
    report(userId, isConnected).catch((error: unknown) => logger.error({ err: error, userId }, 'game connection update failed'))

  return {
    /** A socket of this user opened: at a running game they are connected (again). */
    opened(userId: number): Promise<void> {
      return reported(userId, true)
    },

    /** A socket of this user closed: unless the server closed it, their drop is reported and their search ends (each only when no other socket of theirs is open). */
    async closed(userId: number, by: ClosedBy): Promise<void> {
      if (by === 'server') return
      await Promise.all([
        reported(userId, false),
        matchmaking.disconnected(userId).catch((error: unknown) => logger.error({ err: error, userId }, 'ladder queue leave failed')),
      ])
    },
  }
}

export type TableConnections = ReturnType<typeof createTableConnections>
