import type { LobbyRole } from '../../contract/socket/lobbies'
import { conflict, type AppError } from '../../lib/app-error'
import type { LobbiesService, LobbyChange } from './lobbies.service'
import type { MatchmakingRepository, QueueEntry } from './matchmaking.repository'

/** Players a ladder table seats: deck 1, ten seats, no judge. */
export const ladderTableSize = 10

/** Tables one search may try to make before it answers (each failed try drops at least one player). */
const seatingAttempts = 5

/** Whether a user holds a seat or the judge's chair at a live table: they cannot sit at another one. */
export function holdsLiveSeat(table: QueueEntry['table']): boolean {
  return table !== null && table.role !== 'spectator' && (table.status === 'open' || table.status === 'running')
}

/**
 * The players of one table from waiting users in queue order. Whoever cannot be seated now (at a
 * live table elsewhere, or connected nowhere) is dropped from the queue; the first `needed` others
 * are picked; everyone after them keeps their place.
 */
export function pickPlayers(entries: readonly QueueEntry[], connected: ReadonlySet<number>, needed: number): { players: QueueEntry[]; dropped: number[] } {
  const players: QueueEntry[] = []
  const dropped: number[] = []
  for (const entry of entries) {
    if (players.length === needed) break
    if (holdsLiveSeat(entry.table) || !connected.has(entry.userId)) dropped.push(entry.userId)
    else players.push(entry)
  }
  return { players, dropped }
}

/** A ladder table speaks the language of its last arrival, the player who completed it. */
export function tableLanguage(players: ReadonlyArray<Pick<QueueEntry, 'position' | 'language'>>): string {
  let last = players[0]
  for (const player of players) if (last && player.position > last.position) last = player
  if (!last) throw new Error('a ladder table needs players')
  return last.language
}

/** A table the queue made: its id and its players, seat 1 first. */
export interface LadderTable {
  lobbyId: number
  players: number[]
}

/** What one seating did: the tables made, and the tables their players left on the way (watched or finished ones). */
export interface LadderSeating {
  tables: LadderTable[]
  left: LobbyChange[]
}

/** The searching user's answer, beside what the seating did for everyone. */
export type LadderSearchOutcome =
  | { status: 'searching'; waiting: number; needed: number }
  | { status: 'seated'; lobbyId: number }
  /** The user sat down at a live table elsewhere while their search was being seated. */
  | { status: 'refused'; error: AppError }

/** Where a searching user stands once the seating their search started is done. */
export interface SearcherState {
  /** The table this search's own seating made for them, if any. */
  tableMade: number | null
  /** Still in the queue. */
  waiting: boolean
  /** The table they are at now, if any. */
  table: { lobbyId: number; kind: 'custom' | 'ladder'; role: LobbyRole; status: NonNullable<QueueEntry['table']>['status'] } | null
  /** How many wait now. */
  count: number
  needed: number
}

/**
 * The answer to a search. Another server's seating may have taken the searcher meanwhile: seated at a
 * ladder table, they are told so; still being seated there, they are searching until `ladder:matched`
 * comes. Only a seat at another live table (taken by the user meanwhile) refuses the search.
 */
export function searchOutcome(state: SearcherState): LadderSearchOutcome {
  if (state.tableMade !== null) return { status: 'seated', lobbyId: state.tableMade }
  const table = state.table
  if (!state.waiting && table && holdsLiveSeat(table)) {
    if (table.kind === 'ladder' && table.role === 'player') return { status: 'seated', lobbyId: table.lobbyId }
    return { status: 'refused', error: conflict('errors.lobby.already_in_lobby', 'lobby') }
  }
  return { status: 'searching', waiting: Math.max(1, state.count), needed: state.needed }
}

/** Which of these users have a socket on any app server. */
export type Presence = (userIds: readonly number[]) => Promise<ReadonlySet<number>>

/**
 * The ladder queue, shared by every app server through PostgreSQL: users wait first come first
 * seated; when a table's worth wait, one seating (one at a time across all servers) takes them out
 * of the queue and the lobbies service seats them at a new table without a judge. Whoever cannot be
 * seated by then is dropped, never put back, so one such user never blocks those behind them.
 */
export function createMatchmaking(options: {
  repository: MatchmakingRepository
  lobbies: Pick<LobbiesService, 'membershipOf' | 'leave' | 'createLadder'>
  connected: Presence
  tableSize?: number
}) {
  const { repository, lobbies, connected } = options
  const tableSize = options.tableSize ?? ladderTableSize

  /** Takes the next table's worth out of the queue, dropping whoever cannot be seated; null when too few can. */
  function claim(): Promise<QueueEntry[] | null> {
    return repository.seating(async (queue) => {
      const players: QueueEntry[] = []
      const dropped: number[] = []
      let after = 0
      while (players.length < tableSize) {
        const page = await queue.next(after, tableSize)
        const last = page.at(-1)
        if (!last) break
        after = last.position
        const picked = pickPlayers(page, await connected(page.map((entry) => entry.userId)), tableSize - players.length)
        players.push(...picked.players)
        dropped.push(...picked.dropped)
      }
      const full = players.length === tableSize
      await queue.remove(full ? [...dropped, ...players.map((player) => player.userId)] : dropped)
      return full ? players : null
    })
  }

  async function busyAmong(userIds: readonly number[]): Promise<Set<number>> {
    const busy = new Set<number>()
    for (const userId of userIds) {
      const membership = await lobbies.membershipOf(userId)
      if (membership && holdsLiveSeat({ role: membership.role, status: membership.lobby.status })) busy.add(userId)
    }
    return busy
  }

  /**
   * Seats the claimed players: each leaves a watched or finished table on the way, then the table is
   * made. Someone who sat down elsewhere since the claim is dropped and the others get their places
   * back (the caller tries again); any other failure puts everyone back and is thrown.
   */
  async function sit(players: QueueEntry[], seating: LadderSeating): Promise<void> {
    const userIds = players.map((player) => player.userId)
    const busy = new Set<number>()
    for (const userId of userIds) {
      const membership = await lobbies.membershipOf(userId)
      if (!membership) continue
      if (holdsLiveSeat({ role: membership.role, status: membership.lobby.status })) busy.add(userId)
      else {
        const change = await lobbies.leave(userId)
        if (change) seating.left.push(change)
      }
    }
    if (busy.size === 0) {
      try {
        seating.tables.push({ lobbyId: await lobbies.createLadder(userIds, tableLanguage(players)), players: userIds })
        return
      } catch (error) {
        for (const userId of await busyAmong(userIds)) busy.add(userId)
        if (busy.size === 0) {
          await repository.restore(players)
          throw error
        }
      }
    }
    await repository.restore(players.filter((player) => !busy.has(player.userId)))
  }

  /** Makes tables while a table's worth wait (a bounded number of tries per call). */
  async function seatWaiting(): Promise<LadderSeating> {
    const seating: LadderSeating = { tables: [], left: [] }
    for (let attempt = 0; attempt < seatingAttempts; attempt++) {
      if ((await repository.count()) < tableSize) break
      const players = await claim()
      if (!players) break
      await sit(players, seating)
    }
    return seating
  }

  return {
    tableSize,

    /**
     * Puts the user in the queue and seats a table when a table's worth wait. Refused while the user
     * holds a seat or the judge's chair at a live table, and while they already wait.
     */
    async enter(userId: number, language: string): Promise<{ search: LadderSearchOutcome; seating: LadderSeating }> {
      const membership = await lobbies.membershipOf(userId)
      if (membership && holdsLiveSeat({ role: membership.role, status: membership.lobby.status })) throw conflict('errors.lobby.already_in_lobby', 'lobby')
      if (!(await repository.add(userId, language))) throw conflict('errors.lobby.already_searching', 'ladder')
      const seating = await seatWaiting()
      const tableMade = seating.tables.find((made) => made.players.includes(userId))?.lobbyId ?? null
      const waiting = tableMade === null && (await repository.isWaiting(userId))
      const now = tableMade === null && !waiting ? await lobbies.membershipOf(userId) : undefined
      const search = searchOutcome({
        tableMade,
        waiting,
        table: now ? { lobbyId: now.lobby.id, kind: now.lobby.kind, role: now.role, status: now.lobby.status } : null,
        count: tableMade === null ? await repository.count() : 0,
        needed: tableSize,
      })
      return { search, seating }
    },

    /** Takes the user out of the queue; true when they were in it. */
    async leave(userId: number): Promise<boolean> {
      return (await repository.remove([userId])).length > 0
    },

    /** A user who took a seat or the judge's chair elsewhere stops searching; watching a table does not stop a search. */
    async satDown(userId: number, as: LobbyRole): Promise<void> {
      if (as !== 'spectator') await repository.remove([userId])
    },

    /** Users with no socket left on any app server stop searching, in one statement (the caller asked who is still connected). */
    async disconnected(userIds: readonly number[]): Promise<void> {
      await repository.remove(userIds)
    },

    isWaiting: (userId: number) => repository.isWaiting(userId),
  }
}

export type Matchmaking = ReturnType<typeof createMatchmaking>
