import type { FastifyBaseLogger } from 'fastify'
import type { GameEvent } from '../../contract/game'
import type { TournamentProgress } from '../../contract/socket/tournaments'
import { AppError } from '../../lib/app-error'

/** The game events after which a tournament table's status or a player's points may differ. */
const progressEvents: ReadonlySet<GameEvent['type']> = new Set(['roles_dealt', 'game_ended', 'points_awarded', 'game_finalised'])

/** Whether a stored batch of a table's events can change what the tournament's watchers see. */
export const changesProgress = (events: readonly GameEvent[]): boolean => events.some((event) => progressEvents.has(event.type))

export interface ProgressPushesOptions {
  /** The progress as it stands now (refused for a tournament that no longer exists). */
  progress(tournamentId: number): Promise<TournamentProgress>
  /** Sends it to the tournament's watchers on every app server. */
  send(progress: TournamentProgress): void
  logger: Pick<FastifyBaseLogger, 'warn'>
  /** Changes within this time go out as one push (a burst of registrations, a round's tables). */
  delayMs?: number
}

/**
 * Pushes of a tournament's progress to its watchers: each change schedules one push, and changes
 * that come while one is scheduled join it, so a burst costs one read and one push. The progress
 * is read when the push goes out, so it is never older than the last change.
 */
export function createProgressPushes(options: ProgressPushesOptions) {
  const delayMs = options.delayMs ?? 150
  const scheduled = new Map<number, NodeJS.Timeout>()

  function push(tournamentId: number): void {
    scheduled.delete(tournamentId)
    options.progress(tournamentId).then(options.send, (error: unknown) => {
      // Deleted meanwhile: nobody is left to tell.
      if (error instanceof AppError && error.code === 'errors.not_found') return
      options.logger.warn({ err: error, tournamentId }, 'tournament progress not pushed')
    })
  }

  return {
    changed(tournamentId: number): void {
      if (scheduled.has(tournamentId)) return
      scheduled.set(tournamentId, setTimeout(push, delayMs, tournamentId))
    },
    /** Drops the pushes not sent yet (the server is closing). */
    close(): void {
      for (const timer of scheduled.values()) clearTimeout(timer)
      scheduled.clear()
    },
  }
}

export type ProgressPushes = ReturnType<typeof createProgressPushes>
