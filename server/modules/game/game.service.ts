import { randomInt } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { DeckId, GameCommand, GameCommandPayload, GameErrorCode, GameEvent, GameSetup, GameView, LobbySettings, Viewer } from '../../contract/game'
import type { GameRecord } from '../../contract/socket/game'
import type { LobbyStage } from '../../contract/socket/lobbies'
import { AppError, notFound } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import { createGame, dealRoles, decks, execute, gameResult, nextDeadline, replay, shuffleBounds, viewerOf, viewFor, type GameState } from './engine'
import type { GameRepository } from './game.repository'

/** Who sends a command: a user, or the server itself (ticks, the start of a table without a judge). */
export type Sender = number | 'host'

/** What the server itself sends besides the players' and the judge's commands. */
export type HostPayload = GameCommandPayload | { type: 'tick' } | { type: 'connection'; user: number; connected: boolean }

/** What the lobbies module tells the host about a table that has not started yet. */
export interface TableSource {
  /** The table as it sits now, for the deal; throws an AppError when it cannot start (not found, closed). */
  setupOf(lobbyId: number): Promise<GameSetup>
}

/** Where a table's events go once stored: the socket layer sends each viewer their projection. */
export type EventsListener = (lobbyId: number, events: readonly GameEvent[], state: GameState) => void

interface Table {
  /** The table's one queue: every command and every seat change runs after the previous one. */
  queue: Promise<unknown>
  /** Undefined until loaded from the record; null before the deal. */
  state: GameState | null | undefined
  timer: NodeJS.Timeout | null
  /** Disbanded: no command is taken any more. Undefined until looked up. */
  closed: boolean | undefined
}

const maxTimerDelay = 2_147_483_647

export const gameError = (code: GameErrorCode) => new AppError(409, code)

/** The public facts of where a game stands: its phase, day and night. */
export const stageOfState = (state: GameState): LobbyStage => ({ phase: state.phase, day: state.day, night: state.night })

/**
 * The table host: one in-process queue per table, so two players acting at once cannot race. A
 * command is decided by the engine, its events stored (with what they change) in one transaction,
 * then handed to the listeners, and a tick is scheduled at the state's next deadline. A restart
 * replays each running table's events and schedules its timer again (deadlines are absolute).
 */
export function createGameHost(options: { repository: GameRepository; clock: Clock; logger: FastifyBaseLogger }) {
  const { repository, clock, logger } = options
  const tables = new Map<number, Table>()
  const listeners: EventsListener[] = []
  let source: TableSource | null = null
  let closed = false

  const tableOf = (lobbyId: number): Table => {
    let table = tables.get(lobbyId)
    if (!table) {
      table = { queue: Promise.resolve(), state: undefined, timer: null, closed: undefined }
      tables.set(lobbyId, table)
    }
    return table
  }

  /** Runs `work` after everything already queued for this table; a failure does not block the queue. */
  function enqueue<T>(lobbyId: number, work: () => Promise<T>): Promise<T> {
    const table = tableOf(lobbyId)
    const run = table.queue.then(() => (closed ? Promise.reject(new AppError(503, 'errors.internal')) : work()))
    table.queue = run.catch(() => undefined)
    return run
  }

  /** The table's state (loaded from its record the first time); null before the deal. Call inside the queue. */
  async function stateNow(lobbyId: number): Promise<GameState | null> {
    const table = tableOf(lobbyId)
    if (table.state === undefined) {
      const events = await repository.events(lobbyId)
      table.state = events.length > 0 ? replay(events) : null
    }
    return table.state
  }

  function schedule(lobbyId: number, state: GameState | null): void {
    const table = tableOf(lobbyId)
    if (table.timer) clearTimeout(table.timer)
    table.timer = null
    const deadline = state ? nextDeadline(state) : null
    if (deadline === null || closed) return
    const delay = Math.min(Math.max(0, deadline - clock.now().getTime()), maxTimerDelay)
    table.timer = setTimeout(() => {
      table.timer = null
      command(lobbyId, 'host', { type: 'tick' }).catch((error: unknown) => {
        if (!(error instanceof AppError)) logger.error({ err: error, lobbyId }, 'game tick failed')
      })
    }, delay)
  }

  /** The events of a start: the table as it sits, and the deal from a secure shuffle. */
  async function startEvents(lobbyId: number, by: Sender, at: number): Promise<{ events: GameEvent[]; state: GameState }> {
    if (!source) throw new AppError(503, 'errors.internal')
    const setup = await source.setupOf(lobbyId)
    // Only the judge deals at a judged table, only the server at one without a judge.
    if (by !== (setup.judge ?? 'host')) throw gameError(setup.judge !== null ? 'errors.game.judge_only' : 'errors.game.host_only')
    const created = createGame(setup, at)
    if (!created.ok) throw gameError(created.error)
    const seatCount = setup.seats.length
    const roles = dealRoles(decks[setup.deckId], seatCount, shuffleBounds(seatCount).map((bound) => randomInt(bound)))
    const result = execute(replay(created.events), { type: 'start', roles, by, at })
    if (!result.ok) throw gameError(result.error)
    return { events: [...created.events, ...result.events], state: result.state }
  }

  /** Runs one command now: call it inside the table's queue. Throws the engine's error code when refused. */
  async function commandNow(lobbyId: number, by: Sender, payload: HostPayload): Promise<GameState> {
    const at = clock.now().getTime()
    const table = tableOf(lobbyId)
    if (table.closed === undefined) table.closed = await repository.disbanded(lobbyId)
    if (table.closed) throw new AppError(409, 'errors.lobby.closed')
    const state = await stateNow(lobbyId)
    let events: GameEvent[]
    let next: GameState
    if (payload.type === 'start') {
      if (state !== null) throw gameError('errors.game.phase')
      ;({ events, state: next } = await startEvents(lobbyId, by, at))
    } else {
      if (state === null) throw gameError('errors.game.phase')
      const result = execute(state, { ...payload, by, at } as GameCommand)
      if (!result.ok) throw gameError(result.error)
      events = result.events
      next = result.state
    }
    if (events.length > 0) {
      await repository.append(lobbyId, events, { result: gameResult(next), judge: next.judge })
      tableOf(lobbyId).state = next
      for (const listener of listeners) {
        try {
          listener(lobbyId, events, next)
        } catch (error) {
          logger.error({ err: error, lobbyId }, 'game listener failed')
        }
      }
    }
    schedule(lobbyId, next)
    return next
  }

  function command(lobbyId: number, by: Sender, payload: HostPayload): Promise<GameState> {
    return enqueue(lobbyId, () => commandNow(lobbyId, by, payload))
  }

  return {
    enqueue,
    command,
    commandNow,
    stateNow,

    /** The game as this user sees it: from their seat, the judge's seat, or as a spectator. Null before the deal. */
    async viewOf(lobbyId: number, userId: number): Promise<GameView | null> {
      return enqueue(lobbyId, async () => {
        const state = await stateNow(lobbyId)
        if (!state) return null
        const viewer: Viewer = viewerOf(state, userId)
        return viewFor(state, viewer)
      })
    },

    /**
     * A finished game's record for any signed-in user: everything is revealed at the end, so the
     * whole event list goes with it. A game not yet over is refused, so nothing of it leaks.
     */
    async recordOf(lobbyId: number): Promise<GameRecord> {
      const table = await repository.table(lobbyId)
      if (!table) throw notFound()
      const events = await repository.events(lobbyId)
      const state = events.length > 0 ? replay(events) : null
      const result = state ? gameResult(state) : null
      if (!state || !result) throw new AppError(409, 'errors.game.not_finished')
      const cards = await repository.cards([...state.seats.map((seat) => seat.user), ...(state.judge !== null ? [state.judge] : [])])
      const cardOf = (user: number) => cards.get(user) ?? { id: user, nickname: String(user), officialNickname: null, avatar: null, isPremium: false }
      const { seats, ...outcome } = result
      return {
        id: table.id,
        name: table.name,
        language: table.language,
        deckId: table.deck_id as DeckId,
        settings: table.settings as LobbySettings,
        kind: table.kind,
        judge: state.judge !== null ? cardOf(state.judge) : null,
        startedAt: table.started_at?.toISOString() ?? null,
        endedAt: table.ended_at?.toISOString() ?? null,
        result: outcome,
        players: seats.map((seat) => {
          const sitting = state.seats.find((item) => item.seat === seat.seat)
          return { ...seat, card: cardOf(seat.user), fouls: sitting?.fouls ?? 0, left: sitting?.left ?? null }
        }),
        events,
      }
    },

    /**
     * Where a running game stands (phase, day, night: public facts), for the lobby list. Reads the
     * table's state as it is; loads it through the queue only when not yet loaded.
     */
    async stageOf(lobbyId: number): Promise<LobbyStage | null> {
      const loaded = tables.get(lobbyId)?.state
      const state = loaded !== undefined ? loaded : await enqueue(lobbyId, () => stateNow(lobbyId))
      if (!state || state.phase === 'created' || state.phase === 'ended') return null
      return stageOfState(state)
    },

    setTableSource(next: TableSource): void {
      source = next
    },

    onEvents(listener: EventsListener): void {
      listeners.push(listener)
    },

    /** A table is gone (disbanded): its timer stops and it takes no more commands. Call inside its queue. */
    forget(lobbyId: number): void {
      const table = tableOf(lobbyId)
      if (table.timer) clearTimeout(table.timer)
      table.timer = null
      table.closed = true
    },

    /** On start: every running table is replayed from its record and its timer scheduled again. */
    async resume(): Promise<void> {
      for (const lobbyId of await repository.runningLobbyIds()) {
        await enqueue(lobbyId, async () => schedule(lobbyId, await stateNow(lobbyId)))
      }
    },

    /** On close: no new work, timers cleared, queued work finished. */
    async close(): Promise<void> {
      const pending = [...tables.values()].map((table) => table.queue)
      closed = true
      for (const table of tables.values()) if (table.timer) clearTimeout(table.timer)
      await Promise.all(pending)
    },
  }
}

export type GameHost = ReturnType<typeof createGameHost>
