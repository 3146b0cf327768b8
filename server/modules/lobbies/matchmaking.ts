import { AppError } from '../../lib/app-error'

/** Players a ladder table seats: deck 1, ten seats, no judge. */
export const ladderTableSize = 10

/**
 * The ladder queue: users waiting for a table, first come first seated. In memory on purpose: a
 * search is a live wish of a connected user and is not worth keeping over a restart.
 */
export function createMatchmaking(options: { tableSize?: number } = {}) {
  const tableSize = options.tableSize ?? ladderTableSize
  const waiting = new Map<number, { language: string }>()

  return {
    tableSize,

    /** Adds a user; when the queue holds a table's worth, takes them out (in queue order) and returns them. */
    enter(userId: number, language: string): { waiting: number } | { seated: number[]; language: string } {
      if (waiting.has(userId)) throw new AppError(409, 'errors.lobby.already_searching', { field: 'ladder' })
      waiting.set(userId, { language })
      if (waiting.size < tableSize) return { waiting: waiting.size }
      const seated = [...waiting.keys()].slice(0, tableSize)
      for (const id of seated) waiting.delete(id)
      return { seated, language }
    },

    /** Puts users back at the front of the queue (a table could not be made for them). */
    restore(userIds: number[], language: string): void {
      const rest = [...waiting.entries()]
      waiting.clear()
      for (const id of userIds) waiting.set(id, { language })
      for (const [id, entry] of rest) waiting.set(id, entry)
    },

    leave(userId: number): boolean {
      return waiting.delete(userId)
    },

    isWaiting(userId: number): boolean {
      return waiting.has(userId)
    },

    get size(): number {
      return waiting.size
    },
  }
}

export type Matchmaking = ReturnType<typeof createMatchmaking>
