import { LRUCache } from 'lru-cache'
import { Role } from '../../contract/http/auth'
import { defaultLobbySettings, type DeckId, type GameEvent, type GameSetup, type LobbySettings } from '../../contract/game'
import type { Lobby, LobbyCreate, LobbyRole, LobbyStage, LobbySummary } from '../../contract/socket/lobbies'
import type { LobbyRow } from '../../../db/schema'
import { AppError, forbidden, notFound } from '../../lib/app-error'
import type { Viewer } from '../../plugins/auth'
import { canSit, deckLayout, gameError, type GameModule, type GameState } from '../game'
import type { LobbiesRepository, MemberRow } from './lobbies.repository'

const lobbyError = (code: Extract<AppError['code'], `errors.lobby.${string}`>, field?: string) => new AppError(409, code, field ? { field } : {})

/** The deck's table size (each shipped deck has one). */
export function seatCountOf(deckId: DeckId): number {
  for (let seats = 1; seats <= 12; seats++) if (deckLayout(deckId, seats)) return seats
  return 10
}

const isAdmin = (viewer: Viewer) => viewer.user.role_id === Role.admin

/** What changed at a table, for the socket layer to tell the list and the members. */
export interface LobbyChange {
  lobbyId: number
  /** Users who joined (`as`) or left, so their sockets join or leave the rooms and the game chat. */
  joined?: { userId: number; as: LobbyRole }[]
  /** Users who left this table. */
  left?: number[]
  /** The table the joining user left on the way (a finished or a watched one). */
  previous?: number | null
  /** The change closed the table: an admin disbanded it, or its last player or judge left it before the deal. */
  closed?: true
}

/**
 * The rules of tables: who may sit, judge or watch, one table per user, full tables, newbie tables
 * and admins. Every change of one table runs in that table's queue (the game host's), so seat
 * changes and game commands never race.
 */
export function createLobbiesService(options: { repository: LobbiesRepository; game: GameModule }) {
  const { repository, game } = options

  async function summaries(rows: LobbyRow[]): Promise<LobbySummary[]> {
    const members = await repository.members(rows.map((row) => row.id))
    const stages = await Promise.all(rows.map((row) => (row.status === 'running' ? game.stageOf(row.id) : null)))
    return rows.map((row, index) => summaryOf(row, members.filter((member) => member.lobby_id === row.id), stages[index] ?? null))
  }

  function summaryOf(row: LobbyRow, members: MemberRow[], stage: LobbyStage | null): LobbySummary {
    const deckId = row.deck_id as DeckId
    return {
      id: row.id,
      name: row.name,
      language: row.language,
      deckId,
      settings: row.settings as LobbySettings,
      kind: row.kind,
      status: row.status,
      seatCount: seatCountOf(deckId),
      players: members.filter((member) => member.role === 'player').map((member) => ({ seat: member.seat as number, user: member.card })),
      judge: members.find((member) => member.role === 'judge')?.card ?? null,
      spectators: members.filter((member) => member.role === 'spectator').length,
      stage,
      createdAt: row.created_at.toISOString(),
    }
  }

  /**
   * Each table as its deal last read it (`setupOf`), for the summary the deal publishes: the deal
   * runs in the table's queue on this server, and its events are heard here, so the list hears of
   * it without the table being read again (one statement less per game). A deal the game refused
   * (too few players) leaves its read here until the next deal's read replaces it: the bound keeps
   * those few.
   */
  const readAtDeal = new LRUCache<number, { lobby: LobbyRow; members: MemberRow[] }>({ max: 1_000 })

  async function summary(lobbyId: number): Promise<LobbySummary | null> {
    const found = await repository.findWithMembers(lobbyId)
    return found ? summaryOf(found.lobby, found.members, found.lobby.status === 'running' ? await game.stageOf(lobbyId) : null) : null
  }

  /** The viewer's lobby with the game as they may see it. */
  async function lobbyFor(lobbyId: number, userId: number, as: LobbyRole): Promise<Lobby> {
    const lobby = await summary(lobbyId)
    if (!lobby) throw notFound()
    return { id: lobbyId, member: true, as, lobby, game: await game.snapshotOf(lobbyId, userId) }
  }

  /**
   * Makes room for the user at a new table: a finished table or a watched one is left on the way;
   * a seat or the judge's chair at a live table refuses. Returns the table left, if any.
   */
  async function release(userId: number, except?: number): Promise<number | null> {
    const membership = await repository.membershipOf(userId)
    if (!membership || membership.lobby.id === except) return null
    const live = membership.lobby.status === 'open' || membership.lobby.status === 'running'
    if (live && membership.role !== 'spectator') throw lobbyError('errors.lobby.already_in_lobby', 'lobby')
    await repository.removeMember(membership.lobby.id, userId)
    return membership.lobby.id
  }

  /** An open or running table and its members. */
  async function liveLobby(lobbyId: number): Promise<{ row: LobbyRow; members: MemberRow[] }> {
    const found = await repository.findWithMembers(lobbyId)
    if (!found) throw notFound()
    if (found.lobby.status === 'disbanded' || found.lobby.status === 'ended') throw lobbyError('errors.lobby.closed')
    return { row: found.lobby, members: found.members }
  }

  async function add(lobbyId: number, userId: number, as: LobbyRole, seat: number | null): Promise<void> {
    if (!(await repository.addMember(lobbyId, userId, as, seat))) throw lobbyError('errors.lobby.already_in_lobby', 'lobby')
  }

  return {
    summary,
    summaries,
    lobbyFor,

    async list(): Promise<LobbySummary[]> {
      return summaries(await repository.live())
    },

    async current(userId: number): Promise<Lobby | null> {
      const membership = await repository.membershipOf(userId)
      return membership ? lobbyFor(membership.lobby.id, userId, membership.role) : null
    },

    /** A table's members by role, as user ids. */
    async membersOf(lobbyId: number): Promise<{ players: number[]; judge: number | null; spectators: number[] }> {
      const members = await repository.members([lobbyId])
      return {
        players: members.filter((member) => member.role === 'player').map((member) => member.user_id),
        judge: members.find((member) => member.role === 'judge')?.user_id ?? null,
        spectators: members.filter((member) => member.role === 'spectator').map((member) => member.user_id),
      }
    },

    async isMember(userId: number, lobbyId: number): Promise<boolean> {
      return (await repository.membershipOf(userId))?.lobby.id === lobbyId
    },

    /** A new table with the spec's default settings for what is not given; the creator sits or judges. */
    async create(viewer: Viewer, payload: LobbyCreate): Promise<{ lobbyId: number; as: LobbyRole; change: LobbyChange }> {
      const settings: LobbySettings = { ...defaultLobbySettings, ...payload.settings }
      const as = payload.as ?? 'player'
      if (as === 'judge' && !settings.judge) throw lobbyError('errors.lobby.no_judge_seat', 'as')
      if (as === 'player' && !isAdmin(viewer) && !canSit(settings, await repository.finishedGames(viewer.user.id))) throw lobbyError('errors.lobby.newbie_only')
      const left = await release(viewer.user.id)
      let row: LobbyRow
      try {
        row = await repository.create(
          { name: payload.name.trim() || payload.name, language: payload.language, deckId: payload.deckId ?? 1, settings, kind: 'custom', creatorId: viewer.user.id },
          [{ userId: viewer.user.id, role: as, seat: as === 'player' ? 1 : null }],
        )
      } catch (error) {
        // The unique index on the member's user: they sat down elsewhere meanwhile.
        if ((error as { code?: unknown }).code === '23505') throw lobbyError('errors.lobby.already_in_lobby', 'lobby')
        throw error
      }
      return { lobbyId: row.id, as, change: { lobbyId: row.id, joined: [{ userId: viewer.user.id, as }], previous: left } }
    },

    /** Takes a seat. Admins may always come in: at a full or running table they watch instead. */
    join(viewer: Viewer, lobbyId: number): Promise<{ as: LobbyRole; change: LobbyChange | null }> {
      const userId = viewer.user.id
      return game.withTable(lobbyId, async (table) => {
        const { row, members } = await liveLobby(lobbyId)
        const membership = await repository.membershipOf(userId)
        if (membership?.lobby.id === lobbyId) {
          if (membership.role === 'player') return { as: 'player' as const, change: null }
          if (membership.role === 'judge') throw gameError('errors.game.judge_playing')
        }
        const seatCount = seatCountOf(row.deck_id as DeckId)
        const taken = new Set(members.filter((member) => member.role === 'player').map((member) => member.seat))
        const full = row.status !== 'open' || taken.size >= seatCount
        if (full && isAdmin(viewer)) {
          if (membership?.lobby.id === lobbyId) return { as: membership.role, change: null }
          await release(userId)
          await add(lobbyId, userId, 'spectator', null)
          return { as: 'spectator' as const, change: { lobbyId, joined: [{ userId, as: 'spectator' as const }] } }
        }
        if (row.status !== 'open') throw lobbyError('errors.lobby.started')
        if (taken.size >= seatCount) throw lobbyError('errors.lobby.full')
        if (!isAdmin(viewer) && !canSit(row.settings as LobbySettings, await repository.finishedGames(userId))) throw lobbyError('errors.lobby.newbie_only')
        const left = await release(userId)
        let seat = 1
        while (taken.has(seat)) seat += 1
        await add(lobbyId, userId, 'player', seat)
        // A table without a judge starts by itself once every seat is taken.
        if (!(row.settings as LobbySettings).judge && taken.size + 1 === seatCount) await table.command('host', { type: 'start' })
        return { as: 'player' as const, change: { lobbyId, joined: [{ userId, as: 'player' as const }], previous: left === lobbyId ? null : left } }
      })
    },

    /** Watches a table: any signed-in user, at any open or running table. */
    watch(viewer: Viewer, lobbyId: number): Promise<{ as: LobbyRole; change: LobbyChange | null }> {
      const userId = viewer.user.id
      return game.withTable(lobbyId, async () => {
        await liveLobby(lobbyId)
        const membership = await repository.membershipOf(userId)
        if (membership?.lobby.id === lobbyId) return { as: membership.role, change: null }
        const left = await release(userId)
        await add(lobbyId, userId, 'spectator', null)
        return { as: 'spectator' as const, change: { lobbyId, joined: [{ userId, as: 'spectator' as const }], previous: left } }
      })
    },

    /** Takes the judge's seat of a judged table before its game starts. A judge cannot also play. */
    moderate(viewer: Viewer, lobbyId: number): Promise<{ as: LobbyRole; change: LobbyChange | null }> {
      const userId = viewer.user.id
      return game.withTable(lobbyId, async () => {
        const { row, members } = await liveLobby(lobbyId)
        if (!(row.settings as LobbySettings).judge) throw lobbyError('errors.lobby.no_judge_seat')
        const membership = await repository.membershipOf(userId)
        if (membership?.lobby.id === lobbyId && membership.role === 'judge') return { as: 'judge' as const, change: null }
        if (membership?.lobby.id === lobbyId && membership.role === 'player') throw gameError('errors.game.judge_playing')
        if (row.status !== 'open') throw lobbyError('errors.lobby.started')
        if (members.some((member) => member.role === 'judge')) throw lobbyError('errors.lobby.judge_taken')
        const left = await release(userId)
        await add(lobbyId, userId, 'judge', null)
        return { as: 'judge' as const, change: { lobbyId, joined: [{ userId, as: 'judge' as const }], previous: left === lobbyId ? null : left } }
      })
    },

    /** The viewer's view of a table they are at; anyone else is refused. */
    async load(userId: number, lobbyId: number): Promise<Lobby> {
      const membership = await repository.membershipOf(userId)
      if (membership?.lobby.id !== lobbyId) throw lobbyError('errors.lobby.not_member', 'id')
      return lobbyFor(lobbyId, userId, membership.role)
    },

    /**
     * Leaves the current table. A seated player and the judge stay at a running game (it cannot go
     * on without them; the disconnection rule removes an absent player); everyone else leaves. An open table
     * left empty closes.
     */
    async leave(userId: number): Promise<LobbyChange | null> {
      const membership = await repository.membershipOf(userId)
      if (!membership) return null
      const lobbyId = membership.lobby.id
      return game.withTable(lobbyId, async (table) => {
        const now = await repository.membershipOf(userId)
        if (now?.lobby.id !== lobbyId) return null
        if (now.role !== 'spectator' && now.lobby.status === 'running') return null
        await repository.removeMember(lobbyId, userId)
        if (now.lobby.status === 'open' && (await repository.members([lobbyId])).every((member) => member.role === 'spectator')) {
          const others = await repository.disband(lobbyId)
          await table.close()
          return { lobbyId, left: [userId, ...others], closed: true }
        }
        return { lobbyId, left: [userId] }
      })
    },

    /** Admins close any table: everyone leaves it and its game stops where it stood. */
    disband(viewer: Viewer, lobbyId: number): Promise<LobbyChange> {
      if (!isAdmin(viewer)) throw forbidden()
      return this.close(lobbyId)
    },

    /** Closes any table (the admin panel's disband, whose caller checked the role): everyone leaves it and its game stops where it stood. */
    close(lobbyId: number): Promise<LobbyChange> {
      return game.withTable(lobbyId, async (table) => {
        const row = await repository.find(lobbyId)
        if (!row) throw notFound()
        const left = await repository.disband(lobbyId)
        await table.close()
        return { lobbyId, left, closed: true }
      })
    },

    /**
     * The table as it sits, for the deal (called by the game host inside the table's queue). It is
     * the only read before a deal, so it refuses as the game does: an unknown table, one already
     * dealt (running or ended: `errors.game.phase`) and a closed one.
     */
    async setupOf(lobbyId: number): Promise<GameSetup> {
      const found = await repository.findWithMembers(lobbyId)
      if (!found) throw notFound()
      const { lobby: row, members } = found
      if (row.status !== 'open') throw row.status === 'disbanded' ? lobbyError('errors.lobby.closed') : gameError('errors.game.phase')
      readAtDeal.set(lobbyId, found)
      const players = members.filter((member) => member.role === 'player').sort((left, right) => (left.seat ?? 0) - (right.seat ?? 0))
      return {
        deckId: row.deck_id as DeckId,
        settings: row.settings as LobbySettings,
        seats: players.map((player) => player.user_id),
        judge: members.find((member) => member.role === 'judge')?.user_id ?? null,
      }
    },

    /**
     * The table's summary once its deal is stored, from the deal's own read: running, at `stage`.
     * Null when that read is not on this server (the deal's events are heard where it was made, so
     * only if it was dropped): then read the table (`summary`).
     */
    dealtSummary(lobbyId: number, stage: LobbyStage): LobbySummary | null {
      const found = readAtDeal.get(lobbyId)
      readAtDeal.delete(lobbyId)
      return found ? summaryOf({ ...found.lobby, status: 'running' }, found.members, stage) : null
    },

    /** A ladder table: ten players from the queue, no judge; the game starts at once. */
    async createLadder(userIds: number[], language: string): Promise<number> {
      const settings: LobbySettings = { ...defaultLobbySettings, judge: false }
      const row = await repository.create(
        { name: 'Ladder', language, deckId: 1, settings, kind: 'ladder', creatorId: null },
        userIds.map((userId, index) => ({ userId, role: 'player' as const, seat: index + 1 })),
      )
      await game.command(row.id, 'host', { type: 'start' })
      return row.id
    },

    /**
     * A tournament table: the round's players in their seats (seat 1 first) and the judge from the
     * tournament's list; a judge-less table starts at once. Whoever is at a finished or a watched
     * table leaves it on the way; anyone seated or judging at a live table refuses the whole table
     * (`errors.lobby.already_in_lobby`, nothing written).
     */
    async createTournamentTable(spec: { name: string; language: string; deckId: DeckId; settings: LobbySettings; players: number[]; judge: number | null }): Promise<{ lobbyId: number; left: LobbyChange[] }> {
      const everyone = spec.judge === null ? spec.players : [...spec.players, spec.judge]
      for (const userId of everyone) {
        const membership = await repository.membershipOf(userId)
        const live = membership && (membership.lobby.status === 'open' || membership.lobby.status === 'running')
        if (live && membership.role !== 'spectator') throw lobbyError('errors.lobby.already_in_lobby', 'lobby')
      }
      const left: LobbyChange[] = []
      for (const userId of everyone) {
        const previous = await release(userId)
        if (previous !== null) left.push({ lobbyId: previous, left: [userId] })
      }
      const members = [
        ...spec.players.map((userId, index) => ({ userId, role: 'player' as const, seat: index + 1 })),
        ...(spec.judge === null ? [] : [{ userId: spec.judge, role: 'judge' as const, seat: null }]),
      ]
      let row: LobbyRow
      try {
        row = await repository.create({ name: spec.name, language: spec.language, deckId: spec.deckId, settings: spec.settings, kind: 'custom', creatorId: null }, members)
      } catch (error) {
        if ((error as { code?: unknown }).code === '23505') throw lobbyError('errors.lobby.already_in_lobby', 'lobby')
        throw error
      }
      if (!spec.settings.judge) await game.command(row.id, 'host', { type: 'start' })
      return { lobbyId: row.id, left }
    },

    finishedGames: (userId: number) => repository.finishedGames(userId),
    membershipOf: (userId: number) => repository.membershipOf(userId),
    membershipsOf: (userIds: readonly number[]) => repository.membershipsOf(userIds),
    tableMates: (userId: number, limit: number) => repository.tableMates(userId, limit),
  }
}

export type LobbiesService = ReturnType<typeof createLobbiesService>

/**
 * Where each running game stands as the list shows it (phase, day, night): after a stored batch of
 * events, whether the table is to be published again because its stage changed. Never for each
 * speech or vote; the deal is left out, since it changes the table's status and is published for
 * that. A finished game is forgotten.
 */
export function createStageChanges() {
  const stages = new Map<number, string>()
  return {
    changed(lobbyId: number, events: readonly GameEvent[], state: GameState): boolean {
      if (state.phase === 'ended') {
        stages.delete(lobbyId)
        return false
      }
      const stage = `${state.phase}:${state.day}:${state.night}`
      if (stages.get(lobbyId) === stage) return false
      stages.set(lobbyId, stage)
      return !events.some((event) => event.type === 'roles_dealt')
    },
  }
}
