import { randomBytes, randomInt } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { DeckId, GameCommand, GameCommandPayload, GameErrorCode, GameEvent, GameSetup, LobbySettings, Viewer } from '../../contract/game'
import type { GameRecord, StreamPosition, TableSnapshot, TableSync } from '../../contract/socket/game'
import type { LobbyStage } from '../../contract/socket/lobbies'
import { AppError, notFound } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import { createGame, dealRoles, decks, execute, gameResult, nextDeadline, replay, sameSeatResults, shuffleBounds, viewerOf, type GameState } from './engine'
import { LeaseLost, type GameRepository, type TableStatus } from './game.repository'
import { TableStreams, type Delivery } from './streams'
import type { TableCall, TableOwnership } from './table-ownership'

/** Who sends a command: a user, or the server itself (ticks, the start of a table without a judge). */
export type Sender = number | 'host'

/** What the server itself sends besides the players' and the judge's commands. */
export type HostPayload = GameCommandPayload | { type: 'tick' } | { type: 'connection'; user: number; connected: boolean }

/** What the lobbies module tells the host about its tables. */
export interface TableSource {
  /** The table as it sits now, for the deal; throws an AppError when it cannot start (not found, closed). */
  setupOf(lobbyId: number): Promise<GameSetup>
  /** Whether the user is at this table (seated, judging or watching). */
  isMember(userId: number, lobbyId: number): Promise<boolean>
}

/** What the chats module keeps of a game for its record: the mafia's room at the zero night. */
export type MafiaRoomSource = (lobbyId: number) => Promise<GameRecord['mafiaRoom']>

/** Where a table's events go once stored, with the state after them. */
export type EventsListener = (lobbyId: number, events: readonly GameEvent[], state: GameState) => void

/** Where each viewer's pushes go once stored: the socket layer sends them to the viewer's room. */
export type PushListener = (lobbyId: number, deliveries: readonly Delivery[], state: GameState) => void

/** A table as its queue's work sees it. */
export interface TableHandle {
  /** The game's state (loaded from the record the first time); null before the deal. */
  state(): Promise<GameState | null>
  /** Runs one command now; answers the sender's stream position after it. Throws the engine's error code when refused. */
  command(by: Sender, payload: HostPayload): Promise<number>
  /** The table is gone (disbanded, or closed empty before its deal): its timer stops and it leaves memory. */
  close(): Promise<void>
}

interface Table {
  /** The table's one queue: every command and every seat change runs after the previous one. */
  queue: Promise<unknown>
  /** Work queued or running: a table nobody works on and that is not being played leaves memory. */
  pending: number
  /** Undefined until loaded from the record; null before the deal. */
  state: GameState | null | undefined
  /** The viewers' streams, once the state is loaded. */
  streams: TableStreams | null
  timer: NodeJS.Timeout | null
  /** When the timer fires, in this process's time (`Date.now()`). */
  timerFiresAt: number
  /** The lobby's status as loaded (a disband or a close sets it). */
  status: TableStatus | undefined
  /** This server has just taken the table's lease: what it held may be behind the stored events. */
  stale: boolean
}

const maxTimerDelay = 2_147_483_647

export const gameError = (code: GameErrorCode) => new AppError(409, code)

/** The public facts of where a game stands: its phase, day and night. */
export const stageOfState = (state: GameState): LobbyStage => ({ phase: state.phase, day: state.day, night: state.night })

/** Where a game stands while it is played; null before the deal and after the end. */
const runningStage = (state: GameState | null): LobbyStage | null => (state && state.phase !== 'created' && state.phase !== 'ended' ? stageOfState(state) : null)

/** A new name for a table's streams each time the table is loaded. */
const newStreamId = () => randomBytes(9).toString('base64url')

/**
 * The table host: one queue per table, so two players acting at once cannot race. A command is
 * decided by the engine, its events stored (one INSERT while the game runs), then each viewer's
 * push is handed to the socket layer, and a tick is scheduled at the state's next deadline.
 *
 * A table's state and streams live in memory while its game runs. A table nobody works on and that
 * is not being played (before the deal, after the end, an unknown id) leaves memory as soon as its
 * queue is empty, so a command for an unknown or finished table leaves nothing behind. A restart
 * replays each running table's events and schedules its timer again (deadlines are absolute).
 *
 * With several app servers (`ownership`), each table runs on the holder of its lease only: a call
 * that reaches another server is forwarded to the owner, and a server that takes a table over
 * loads it afresh from its stored events.
 */
export function createGameHost(options: { repository: GameRepository; clock: Clock; logger: FastifyBaseLogger; newStreamId?: () => string; ownership?: TableOwnership }) {
  const { repository, clock, logger, ownership } = options
  /** Tables whose lease this server holds (with `ownership`). */
  const leased = new Set<number>()
  const streamId = options.newStreamId ?? newStreamId
  const tables = new Map<number, Table>()
  const eventListeners: EventsListener[] = []
  const pushListeners: PushListener[] = []
  let source: TableSource | null = null
  let mafiaRoomSource: MafiaRoomSource = async () => []
  let closed = false

  /**
   * A table whose game is being played stays in memory (its state, streams and timer), and a
   * finished one until its result is final (the judge may still award points and close the protocol).
   */
  const keepsInMemory = (table: Table) =>
    table.status !== 'disbanded' && table.state !== undefined && table.state !== null && table.state.phase !== 'created' && !(table.state.phase === 'ended' && table.state.finalised)

  /** Runs `work` after everything already queued for this table; a failure does not block the queue. */
  function enqueue<T>(lobbyId: number, work: (table: Table) => Promise<T>): Promise<T> {
    let table = tables.get(lobbyId)
    if (!table) {
      table = { queue: Promise.resolve(), pending: 0, state: undefined, streams: null, timer: null, timerFiresAt: 0, status: undefined, stale: false }
      tables.set(lobbyId, table)
    }
    const held = table
    held.pending += 1
    const run = held.queue.then(() => (closed ? Promise.reject(new AppError(503, 'errors.internal')) : work(held)))
    held.queue = run
      .catch(() => undefined)
      .then(() => {
        held.pending -= 1
        if (held.pending === 0 && !keepsInMemory(held) && tables.get(lobbyId) === held) {
          if (held.timer) clearTimeout(held.timer)
          tables.delete(lobbyId)
          if (leased.delete(lobbyId)) ownership?.release(lobbyId)
        }
      })
    return run
  }

  /** A table taken over by this server forgets what it held: everything is read again from the record. */
  function dropIfStale(table: Table): void {
    if (!table.stale) return
    table.stale = false
    if (table.timer) clearTimeout(table.timer)
    table.timer = null
    table.state = undefined
    table.streams = null
    table.status = undefined
  }

  /** The table's lobby status (looked up once per load): unknown ids and closed tables are refused. */
  async function statusOf(lobbyId: number, table: Table): Promise<TableStatus> {
    dropIfStale(table)
    if (table.status === undefined) {
      const status = await repository.status(lobbyId)
      if (status === null) throw notFound()
      table.status = status
    }
    return table.status
  }

  /** The table's state, loaded from its record the first time (null before the deal). Call inside the queue. */
  async function stateOf(lobbyId: number, table: Table): Promise<GameState | null> {
    await statusOf(lobbyId, table)
    if (table.state === undefined) {
      // An open table has not been dealt: the deal stores its first events and marks the lobby
      // running in one statement, so there is nothing to read (one statement less per game).
      const events = table.status === 'open' ? [] : await repository.events(lobbyId)
      table.state = events.length > 0 ? replay(events) : null
      // The streams keep the events while the table is in memory: a snapshot's log is built from them.
      table.streams = new TableStreams(streamId(), lobbyId, table.state, events)
      // A table loaded (a restart, a takeover, a first command) runs its timers from here.
      schedule(lobbyId, table, table.state)
    }
    return table.state
  }

  /** An open table, not dealt yet, as its load leaves it: no state, new streams, no timer. */
  function loadOpen(lobbyId: number, table: Table): void {
    table.status = 'open'
    table.state = null
    table.streams = new TableStreams(streamId(), lobbyId, null, [])
    schedule(lobbyId, table, null)
  }

  function schedule(lobbyId: number, table: Table, state: GameState | null): void {
    const deadline = state && !closed ? nextDeadline(state) : null
    const delay = deadline === null ? 0 : Math.min(Math.max(0, deadline - clock.now().getTime()), maxTimerDelay)
    // Most moves (a vote, a night click) leave the deadline as it was: a timer that would fire then stays.
    const firesAt = Date.now() + delay
    if (table.timer && deadline !== null && Math.abs(firesAt - table.timerFiresAt) <= 1) return
    if (table.timer) clearTimeout(table.timer)
    table.timer = null
    table.timerFiresAt = firesAt
    if (deadline === null) return
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

  /** Runs one command inside the table's queue: decided, stored, pushed, timed. Answers the sender's stream position. */
  async function commandIn(lobbyId: number, table: Table, by: Sender, payload: HostPayload): Promise<number> {
    const at = clock.now().getTime()
    // A table in memory answers at once (no turn of the event loop per move); else it is read first.
    const loaded = !table.stale && table.status !== undefined && table.state !== undefined
    // A start at a table not in memory reads nothing first: the deal's own read of the table
    // (`setupOf`) refuses an unknown, running, ended or closed one with the codes a status read
    // would give (one statement less per game).
    const dealsFresh = !loaded && payload.type === 'start'
    if (dealsFresh) dropIfStale(table)
    const status = loaded || dealsFresh ? table.status : await statusOf(lobbyId, table)
    if (status === 'disbanded') throw new AppError(409, 'errors.lobby.closed')
    const state = loaded ? (table.state as GameState | null) : dealsFresh ? null : await stateOf(lobbyId, table)
    let events: GameEvent[]
    let next: GameState
    if (payload.type === 'start') {
      if (state !== null) throw gameError('errors.game.phase')
      ;({ events, state: next } = await startEvents(lobbyId, by, at))
      // The deal's read found the table open: it is loaded as `stateOf` loads an open one.
      if (dealsFresh) loadOpen(lobbyId, table)
    } else {
      if (state === null) throw gameError('errors.game.phase')
      const result = execute(state, { ...payload, by, at } as GameCommand)
      if (!result.ok) throw gameError(result.error)
      events = result.events
      next = result.state
    }
    const streams = table.streams as TableStreams
    if (events.length > 0) {
      try {
        // After the end every command stores the result again; its seats' rows only when a seat changed.
        const result = gameResult(next)
        const before = result && state ? gameResult(state) : null
        const sameSeats = before !== null && result !== null && sameSeatResults(before.seats, result.seats)
        await repository.append(lobbyId, events, { result, judge: next.judge, sameSeats }, ownership ? ownership.node : undefined)
      } catch (error) {
        if (error instanceof LeaseLost) forgetLost(lobbyId, table)
        throw error
      }
      table.state = next
      const deliveries = streams.advance(events, next)
      for (const listener of pushListeners) notify(() => listener(lobbyId, deliveries, next), lobbyId)
      for (const listener of eventListeners) notify(() => listener(lobbyId, events, next), lobbyId)
    }
    schedule(lobbyId, table, next)
    return by === 'host' ? 0 : streams.seqOf(viewerOf(next, by))
  }

  function notify(call: () => void, lobbyId: number): void {
    try {
      call()
    } catch (error) {
      logger.error({ err: error, lobbyId }, 'game listener failed')
    }
  }

  /** The viewer a user is at this table; outsiders who are no member are refused. */
  async function memberViewer(lobbyId: number, state: GameState, userId: number): Promise<Viewer> {
    const viewer = viewerOf(state, userId)
    if (viewer.kind !== 'spectator') return viewer
    if (!source || !(await source.isMember(userId, lobbyId))) throw new AppError(409, 'errors.lobby.not_member', { field: 'id' })
    return viewer
  }

  /** Another server took this table over (its lease expired here): this server forgets it. */
  function forgetLost(lobbyId: number, table: Table): void {
    leased.delete(lobbyId)
    if (table.timer) clearTimeout(table.timer)
    table.timer = null
    table.state = undefined
    table.streams = null
    table.status = undefined
    if (table.pending === 0 && tables.get(lobbyId) === table) tables.delete(lobbyId)
  }

  /** One call of the host, run inside the table's queue on the server that owns the table. */
  async function callIn(call: TableCall, table: Table): Promise<unknown> {
    const { lobbyId } = call
    switch (call.op) {
      case 'command':
        return commandIn(lobbyId, table, call.by, call.payload as HostPayload)
      case 'snapshot': {
        const state = await stateOf(lobbyId, table)
        return state ? (table.streams as TableStreams).snapshot(viewerOf(state, call.userId)) : null
      }
      case 'spectatorSnapshot':
        return (await stateOf(lobbyId, table)) ? (table.streams as TableStreams).snapshot({ kind: 'spectator' }) : null
      case 'sync': {
        const state = await stateOf(lobbyId, table)
        if (!state) {
          if (!source || !(await source.isMember(call.userId, lobbyId))) throw new AppError(409, 'errors.lobby.not_member', { field: 'id' })
          return { resumed: false, game: null } satisfies TableSync
        }
        return (table.streams as TableStreams).sync(await memberViewer(lobbyId, state, call.userId), call.from)
      }
      case 'spectatorSync': {
        const state = await stateOf(lobbyId, table)
        return state ? (table.streams as TableStreams).sync({ kind: 'spectator' }, call.from) : ({ resumed: false, game: null } satisfies TableSync)
      }
      case 'state':
        return stateOf(lobbyId, table)
      case 'stage': {
        return runningStage(await stateOf(lobbyId, table))
      }
      case 'close':
        if (table.timer) clearTimeout(table.timer)
        table.timer = null
        table.status = 'disbanded'
        return null
    }
  }

  /**
   * Whether this server runs the table: always on a single server; with several, when it holds
   * the table's lease or takes it now. Null: no such table. A lease just taken means another
   * server may have moved the table on meanwhile, so what this server held of it is dropped.
   */
  async function ownerOf(lobbyId: number): Promise<string | null> {
    if (!ownership || leased.has(lobbyId)) return 'here'
    const owner = await ownership.ownerOf(lobbyId)
    if (owner !== ownership.node) return owner
    leased.add(lobbyId)
    // Read again inside the table's queue, before its next work (see statusOf).
    const table = tables.get(lobbyId)
    if (table) table.stale = true
    return 'here'
  }

  /** Runs a call where the table lives: in this server's queue, or forwarded to its owner. */
  async function route<T>(call: TableCall, attempts = 3): Promise<T> {
    const owner = !ownership || leased.has(call.lobbyId) ? 'here' : await ownerOf(call.lobbyId)
    if (owner === null) throw notFound()
    if (owner === 'here') {
      return (enqueue(call.lobbyId, (table) => callIn(call, table)) as Promise<T>).catch((error: unknown) => {
        // Another server took the table while this one thought it owned it: nothing was written; ask the new owner.
        if (error instanceof LeaseLost && attempts > 1) return route<T>(call, attempts - 1)
        throw error
      })
    }
    if (!ownership || attempts <= 1) throw new AppError(503, 'errors.internal')
    return ownership.forward(owner, call, () => route(call, attempts - 1)) as Promise<T>
  }

  /**
   * Inside a table's queue on this server: the call runs here when this server owns the table, else
   * on its owner. A retry stays inside the queue it runs in: queueing it again behind itself would
   * wait forever.
   */
  async function routeIn(call: TableCall, table: Table, attempts = 3): Promise<unknown> {
    const owner = await ownerOf(call.lobbyId)
    if (owner === null) throw notFound()
    if (owner === 'here') return callIn(call, table)
    if (attempts <= 1) throw new AppError(503, 'errors.internal')
    return (ownership as TableOwnership).forward(owner, call, () => routeIn(call, table, attempts - 1))
  }

  function handleOf(lobbyId: number, table: Table): TableHandle {
    return {
      state: () => routeIn({ op: 'state', lobbyId }, table) as Promise<GameState | null>,
      command: (by, payload) => routeIn({ op: 'command', lobbyId, by, payload }, table) as Promise<number>,
      close: () => routeIn({ op: 'close', lobbyId }, table).then(() => undefined),
    }
  }

  function command(lobbyId: number, by: Sender, payload: HostPayload): Promise<number> {
    return route({ op: 'command', lobbyId, by, payload })
  }

  if (ownership) {
    // Calls forwarded here by other servers: answered only while this server owns the table.
    ownership.listen(async (call) => (leased.has(call.lobbyId) ? { result: await enqueue(call.lobbyId, (table) => callIn(call, table)) } : null))
  }

  return {
    /** Runs `work` in the table's queue, after every command and seat change already queued for it. */
    withTable<T>(lobbyId: number, work: (table: TableHandle) => Promise<T>): Promise<T> {
      return enqueue(lobbyId, (table) => work(handleOf(lobbyId, table)))
    },

    command,

    /** The game as this user sees it now, at their stream's position: from their seat, the judge's seat, or as a spectator. Null before the deal. */
    snapshotOf(lobbyId: number, userId: number): Promise<TableSnapshot | null> {
      return route({ op: 'snapshot', lobbyId, userId })
    },

    /** The spectators' view now, at their stream's position (the streamer's page); null before the deal. */
    spectatorSnapshot(lobbyId: number): Promise<TableSnapshot | null> {
      return route({ op: 'spectatorSnapshot', lobbyId })
    },

    /** Resumes a member's stream from the position they hold (a gap, a reconnect). */
    sync(lobbyId: number, userId: number, from: Partial<StreamPosition>): Promise<TableSync> {
      return route({ op: 'sync', lobbyId, userId, from })
    },

    /** Resumes the spectators' stream from the position held (the streamer's page, which is no member). */
    spectatorSync(lobbyId: number, from: Partial<StreamPosition>): Promise<TableSync> {
      return route({ op: 'spectatorSync', lobbyId, from })
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
        mafiaRoom: await mafiaRoomSource(lobbyId),
      }
    },

    /**
     * Where a running game stands (phase, day, night: public facts), for the lobby list. Reads the
     * table's state as it is; loads it through the queue only when not yet loaded.
     */
    async stageOf(lobbyId: number): Promise<LobbyStage | null> {
      const loaded = tables.get(lobbyId)?.state
      if (loaded !== undefined && (!ownership || leased.has(lobbyId))) return runningStage(loaded)
      return route({ op: 'stage', lobbyId })
    },

    setTableSource(next: TableSource): void {
      source = next
    },

    setMafiaRoomSource(next: MafiaRoomSource): void {
      mafiaRoomSource = next
    },

    /** Every stored batch of events with the state after it (lobbies, table media). */
    onEvents(listener: EventsListener): void {
      eventListeners.push(listener)
    },

    /** Every viewer's push, once its events are stored (the socket layer). */
    onPushes(listener: PushListener): void {
      pushListeners.push(listener)
    },

    /** How many tables are in memory (running, or being worked on now). */
    get tablesInMemory(): number {
      return tables.size
    },

    /**
     * On start: every running table is replayed from its record and its timer scheduled again.
     * With several servers, this server takes the running tables nobody runs, now and every few
     * seconds (an owner that died), and renews the leases it holds.
     */
    async resume(): Promise<void> {
      if (ownership) {
        ownership.start({
          held: () => [...leased],
          lost: (lobbyIds) => {
            for (const lobbyId of lobbyIds) {
              const table = tables.get(lobbyId)
              if (table) forgetLost(lobbyId, table)
              else leased.delete(lobbyId)
            }
          },
          orphaned: async (lobbyId) => {
            if (!closed) await route({ op: 'state', lobbyId }).catch((error: unknown) => logger.warn({ err: error, lobbyId }, 'table takeover failed'))
          },
        })
        return
      }
      for (const lobbyId of await repository.runningLobbyIds()) await enqueue(lobbyId, (table) => stateOf(lobbyId, table))
    },

    /** On close: no new work, timers cleared, queued work finished, leases given up for another server to take. */
    async close(): Promise<void> {
      const pending = [...tables.values()].map((table) => table.queue)
      closed = true
      for (const table of tables.values()) if (table.timer) clearTimeout(table.timer)
      await Promise.all(pending)
      await ownership?.stop()
    },
  }
}

export type GameHost = ReturnType<typeof createGameHost>
